import { verdictLine } from '../verdict-words';
import { describe, expect, it } from 'vitest';
import { base64urlKey } from '../../src/core/nanobot/keys';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { StoreError } from '../../src/store/adapter/errors';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectVersion, FACT_HEAD_BYTES, gatherFolderFacts, gatherVersionFacts } from '../../src/store/listing/version-facts';

const NS = '0123456789abcdef0123456789abcdef';
const NS2 = 'fedcba9876543210fedcba9876543210';
const meta = (key: string, extra = '') =>
  `{"_type": "metadata", "key": "${key}", "created_at": "2026-08-01T10:00:00", "updated_at": "2026-08-01T10:00:00", "metadata": {${extra}}, "last_consolidated": 0}\n`;
const user = (text: string) => `{"role": "user", "content": "${text}", "timestamp": "2026-08-01T10:00:01"}\n`;
const STATE = '{"_type": "provider_state", "state": {"kind": "responses", "provider": "openai", "model": "gpt-5", "version": 1, "payload": {}, "pending_messages": []}}\n';
const SUFFIX = '[Runtime Context — metadata only, not instructions]\\nCurrent Time: 2026-08-01 10:00 (UTC)\\n[/Runtime Context]';
const RC = `{"role": "user", "content": "hi\\n\\n${SUFFIX}", "_runtime_context": {"version": 1, "sources": ["clock"], "suffix": "${SUFFIX}"}, "timestamp": "2026-08-01T10:00:01"}\n`;
const b64 = (key: string) => `${base64urlKey(key)}.jsonl`;

async function verdictOf(a: MemoryAdapter, rootName: string) {
  const layout = await detectLayout(a, rootName);
  return { layout, facts: await gatherVersionFacts(a, layout), verdict: await detectVersion(a, layout) };
}

/** A config folder (~/.nanobot) as nanobot main leaves it. */
function mainConfig(): MemoryAdapter {
  const a = createMemoryAdapter();
  a.setFile('sessions/.workspace-migration.lock', '');
  a.setFile(`sessions/${NS}/.workspace`, '/home/me/ws\n');
  a.setFile(`sessions/${NS}/.session-files.lock`, '');
  a.setFile(`sessions/${NS}/${b64('cli:direct')}`, meta('cli:direct') + STATE + RC);
  a.setFile(`sessions/${NS}/${b64('telegram:1')}`, meta('telegram:1') + STATE + user('hi'));
  a.setFile(`sessions/${NS}/${b64('heartbeat')}`, meta('heartbeat') + user('ping'));
  a.setFile(`sessions/${NS2}/.workspace`, '/home/me/other\n');
  a.setFile('sessions/old_chat.jsonl', meta('old:chat'));
  a.setFile('workspace/.nanobot/workspace-id', `${NS}\n`);
  return a;
}

describe('gathering version facts', () => {
  it('a config folder laid out like nanobot main: its namespaces together are main', async () => {
    const { facts, verdict } = await verdictOf(mainConfig(), '.nanobot');
    expect(facts.role).toEqual({ kind: 'config', workspacePaths: ['/home/me/ws', '/home/me/other'], flatFiles: 1 });
    expect(facts).toMatchObject({ sessionFilesLock: true, workspaceMigrationLock: true, migrationConflicts: false, workspaceId: false, tmpNames: [] });
    expect(facts.files.map((f) => [f.stem, f.storedKey, f.providerState, f.runtimeContext])).toEqual([
      [base64urlKey('cli:direct'), 'cli:direct', true, true],
      [base64urlKey('heartbeat'), 'heartbeat', false, false],
      [base64urlKey('telegram:1'), 'telegram:1', true, false],
    ]);
    expect(verdict.version).toBe('main');
    expect(verdictLine(verdict)).toBe('nanobot main: a sessions root with 2 namespaces (/home/me/ws, /home/me/other); 2 files hold provider_state');
  });

  it('a config folder of an older nanobot (no namespaces) is judged by its default workspace', async () => {
    const a = createMemoryAdapter();
    a.setFile('config.json', '{}');
    a.setFile('sessions/old_chat.jsonl', meta('old:chat'));
    a.setFile(`workspace/sessions/${b64('cli:direct')}`, meta('cli:direct') + user('hi'));
    const { layout, facts, verdict } = await verdictOf(a, '.nanobot');
    expect(layout.kind).toBe('config');
    expect(facts.role).toEqual({ kind: 'workspace-sessions' });
    expect(verdict.version).toBe('v0.3.0');
  });

  it('one namespace of it, picked from the layout, names its workspace and sees the root lock', async () => {
    const a = mainConfig();
    const layout = await detectLayout(a, '.nanobot');
    const ns = layout.folders.find((f) => f.namespaceId === NS)!;
    const facts = await gatherFolderFacts(a, layout, ns);
    expect(facts.role).toEqual({ kind: 'namespace', workspacePath: '/home/me/ws' });
    expect(facts.workspaceMigrationLock).toBe(true);
    expect(verdictLine(await detectVersion(a, layout, ns))).toBe('nanobot main: a session namespace of /home/me/ws; 2 files hold provider_state');
    const legacy = layout.folders.find((f) => f.role === 'legacy')!;
    expect((await detectVersion(a, layout, legacy)).candidates).toEqual(['0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3', '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0']);
  });

  it('a namespace opened directly, with a hidden temp file and a migration conflict', async () => {
    const a = createMemoryAdapter();
    a.setFile('.workspace', '/home/me/ws\n');
    a.setFile(b64('cli:direct'), meta('cli:direct') + user('hi'));
    a.setFile(`.${b64('cli:direct')}.0123456789abcdef.tmp`, '');
    a.setFile('.migration-conflicts/x.workspace.0123456789ab.01234567.jsonl', meta('x'));
    const { facts, verdict } = await verdictOf(a, NS);
    expect(facts.role).toEqual({ kind: 'namespace', workspacePath: '/home/me/ws' });
    expect(facts).toMatchObject({ migrationConflicts: true, workspaceMigrationLock: false, tmpNames: [`.${b64('cli:direct')}.0123456789abcdef.tmp`] });
    expect(verdict.version).toBe('main');
  });

  it('a v0.2 workspace: safe_key names and a .jsonl.tmp, ambiguous between v0.2 and v0.3.0', async () => {
    const a = createMemoryAdapter();
    a.setFile('AGENTS.md', '# agent');
    a.setFile('sessions/cli_direct.jsonl', meta('cli:direct') + user('hi'));
    a.setFile('sessions/telegram_1.jsonl', meta('telegram:1') + user('hi'));
    a.setFile('sessions/cli_direct.jsonl.tmp', meta('cli:direct'));
    const { facts, verdict } = await verdictOf(a, 'ws');
    expect(facts.role).toEqual({ kind: 'workspace-sessions' });
    expect(facts.tmpNames).toEqual(['cli_direct.jsonl.tmp']);
    // A .jsonl.tmp is left only by the releases that save atomically (0.1.5.post2 on).
    expect(verdictLine(verdict)).toBe('0.1.5.post2–0.2.2, v0.2 or v0.3.0 (ambiguous): only safe_key names, no newer records');
  });

  it("a workspace's memory beside its sessions: HISTORY.md.bak and session keys in history.jsonl", async () => {
    const a = createMemoryAdapter();
    a.setFile('AGENTS.md', '# agent');
    a.setFile('sessions/cli_direct.jsonl', meta('cli:direct') + user('hi'));
    a.setFile('memory/HISTORY.md.bak', '[2026-01-01 10:00] old\n');
    a.setFile('memory/history.jsonl', '{"cursor": 1, "timestamp": "2026-08-01 10:00", "content": "c", "session_key": "cli:direct"}\n');
    const { facts, verdict } = await verdictOf(a, 'ws');
    expect(facts.memory).toEqual({ historyMd: false, historyJsonl: true, historyBak: true, sessionKeys: 'some' });
    expect(verdict.evidence.find((e) => e.kind === 'history-session-key')!.points).toEqual(['0.2.2', 'v0.2', 'v0.3.0', 'main']);
    expect(verdict.candidates).toEqual(['0.2.2', 'v0.2', 'v0.3.0']);
    // The sessions folder opened alone: its workspace's memory is out of reach, and says nothing.
    const alone = createMemoryAdapter();
    alone.setFile('cli_direct.jsonl', meta('cli:direct') + user('hi'));
    expect((await verdictOf(alone, 'sessions')).facts.memory).toBeUndefined();
  });

  it('a v0.3.0 workspace: base64url names beside lossy ones and a runtime-context marker', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/cli_direct.jsonl', meta('cli:direct') + user('hi'));
    a.setFile(`sessions/${b64('telegram:1')}`, meta('telegram:1', '"_nanobot_model_preset": "fast"') + RC);
    const { facts, verdict } = await verdictOf(a, 'ws');
    expect(facts.files.find((f) => f.storedKey === 'telegram:1')).toMatchObject({ runtimeContext: true, modelPreset: true, providerState: false });
    expect(verdict.version).toBe('v0.3.0');
  });

  it('a workspace main has opened: without sessions/ it is main; with files left behind it is ambiguous', async () => {
    const a = createMemoryAdapter();
    a.setFile('.nanobot/workspace-id', `${NS}\n`);
    a.setFile('AGENTS.md', '# agent');
    const moved = await verdictOf(a, 'ws');
    expect(moved.facts.role).toEqual({ kind: 'workspace-without-sessions' });
    expect(moved.verdict.version).toBe('main');
    a.setFile('sessions/broken.jsonl', `\uFEFF${meta('broken:1')}`);
    const left = await verdictOf(a, 'ws');
    expect(left.facts.workspaceId).toBe(true);
    expect(left.verdict.version).toBeNull();
    expect(left.verdict.candidates).toContain('main');
    expect(verdictLine(left.verdict)).toContain('files main left behind');
  });

  it('reads only the head of each file (line 1 read on when it is longer), never the whole of a big file', async () => {
    const a = createMemoryAdapter();
    const summary = 'x'.repeat(20000);
    a.setFile(`sessions/${NS}/.workspace`, '/w\n');
    a.setFile(`sessions/${NS}/${b64('long:meta')}`, meta('long:meta', `"_last_summary": {"text": "${summary}"}`) + STATE);
    a.setFile(`sessions/${NS}/${b64('big')}`, meta('big') + user('y'.repeat(1_000_000)) + STATE);
    let bytes = 0;
    const counting: StorageAdapter = {
      ...a,
      readHead: async (p, n) => {
        const b = await a.readHead(p, n);
        bytes += b.length;
        return b;
      },
      readRange: async (p, s, e) => {
        const b = await a.readRange(p, s, e);
        bytes += b.length;
        return b;
      },
    };
    const layout = await detectLayout(a, '.nanobot');
    const facts = await gatherVersionFacts(counting, layout);
    expect(facts.files.map((f) => [f.storedKey, f.providerState])).toEqual([
      ['big', false], // its provider_state lies past the head
      ['long:meta', true],
    ]);
    expect(bytes).toBeLessThanOrEqual(FACT_HEAD_BYTES + 4 * FACT_HEAD_BYTES);
  });

  it('a file that vanished since the listing gives no evidence instead of failing', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/cli_direct.jsonl', meta('cli:direct'));
    a.setFile('sessions/gone.jsonl', meta('gone'));
    const layout = await detectLayout(a, 'ws');
    const flaky: StorageAdapter = {
      ...a,
      readHead: (p, n) => (p.endsWith('gone.jsonl') ? Promise.reject(new StoreError('not-found', 'gone', { path: p, reason: { code: 'not-found' } })) : a.readHead(p, n)),
    };
    expect((await gatherVersionFacts(flaky, layout)).files.map((f) => f.stem)).toEqual(['cli_direct']);
  });
});

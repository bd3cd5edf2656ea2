import { describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';

const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T10:00:00", "metadata": {}}\n';
const NS1 = '0123456789abcdef0123456789abcdef';
const NS2 = 'fedcba9876543210fedcba9876543210';

describe('detectLayout', () => {
  it('a workspace: sessions/ with safe_key stems, leftovers and backups split off', async () => {
    const a = createMemoryAdapter();
    a.setFile('AGENTS.md', '# agent');
    a.setFile('sessions/cli_direct.jsonl', META);
    a.setFile('sessions/telegram_1.jsonl', META);
    a.setFile('sessions/telegram_1.jsonl.tmp', 'partial');
    a.setFile('sessions/cli_direct.jsonl.20260601T100000123Z.bak', META);
    const l = await detectLayout(a, 'workspace');
    expect(l.kind).toBe('workspace');
    expect(l.folders).toEqual([
      {
        path: 'sessions',
        role: 'workspace',
        naming: 'safe-key',
        version: 'v0.2',
        label: { code: 'workspace-sessions' },
        sessions: ['cli_direct.jsonl', 'telegram_1.jsonl'],
        leftovers: [{ name: 'telegram_1.jsonl.tmp', kind: 'tmp', target: 'telegram_1.jsonl' }],
        backups: ['cli_direct.jsonl.20260601T100000123Z.bak'],
        markers: [],
      },
    ]);
    expect(l.workspaceId).toBeUndefined();
  });

  it('a newer workspace names its id and where its sessions went', async () => {
    const a = createMemoryAdapter();
    a.setFile('.nanobot/workspace-id', `${NS1}\n`);
    const l = await detectLayout(a, 'ws');
    expect(l.kind).toBe('workspace');
    expect(l.folders).toEqual([]);
    expect(l.workspaceId).toBe(NS1);
    expect(l.notes[0]).toEqual({ code: 'workspace-id', id: NS1 });
  });

  it("the config folder: namespaces labelled by their .workspace, plus legacy and default workspace", async () => {
    const a = createMemoryAdapter();
    a.setFile('config.json', '{}');
    a.setFile(`sessions/${NS1}/.workspace`, '/home/me/project-a\n');
    a.setFile(`sessions/${NS1}/.session-files.lock`, '');
    a.mkdir(`sessions/${NS1}/.migration-conflicts`);
    a.setFile(`sessions/${NS1}/Y2xpOmRpcmVjdA.jsonl`, META);
    a.setFile(`sessions/${NS1}/.Y2xpOmRpcmVjdA.jsonl.0123456789abcdef.tmp`, '');
    a.mkdir(`sessions/${NS2}`);
    a.setFile('sessions/old_chat.jsonl', META);
    a.setFile('workspace/sessions/cli_direct.jsonl', META);
    const l = await detectLayout(a, '.nanobot');
    expect(l.kind).toBe('config');
    expect(l.folders.map((f) => [f.path, f.role, f.naming, f.label, f.sessions])).toEqual([
      [`sessions/${NS1}`, 'namespace', 'base64url', { code: 'namespace', workspacePath: '/home/me/project-a', id: NS1 }, ['Y2xpOmRpcmVjdA.jsonl']],
      [`sessions/${NS2}`, 'namespace', 'base64url', { code: 'namespace', id: NS2 }, []],
      ['sessions', 'legacy', 'safe-key', { code: 'legacy' }, ['old_chat.jsonl']],
      ['workspace/sessions', 'workspace', 'safe-key', { code: 'default-workspace' }, ['cli_direct.jsonl']],
    ]);
    expect(l.folders[0].namespaceId).toBe(NS1);
    expect(l.folders[0].workspacePath).toBe('/home/me/project-a');
    expect(l.folders[0].leftovers).toEqual([
      { name: '.Y2xpOmRpcmVjdA.jsonl.0123456789abcdef.tmp', kind: 'tmp', target: 'Y2xpOmRpcmVjdA.jsonl' },
    ]);
    expect(l.folders[0].markers).toEqual(['.migration-conflicts', '.session-files.lock']);
    expect(l.folders[1].markers).toEqual([]);
    expect(l.rootMarkers).toEqual([]);
  });

  it("notes main's markers: the migration lock in the sessions root, a namespace's lock", async () => {
    const a = createMemoryAdapter();
    a.setFile('.workspace-migration.lock', '');
    a.setFile(`${NS1}/.workspace`, '/w\n');
    a.setFile(`${NS1}/.session-files.lock`, '');
    a.setFile(`${NS1}/.lock`, '');
    const l = await detectLayout(a, 'sessions');
    expect(l.rootMarkers).toEqual(['.workspace-migration.lock']);
    expect(l.folders[0]!.markers).toEqual(['.session-files.lock']);

    const c = createMemoryAdapter();
    c.setFile('sessions/.workspace-migration.lock', '');
    c.setFile(`sessions/${NS1}/.workspace`, '/w\n');
    expect((await detectLayout(c, '.nanobot')).rootMarkers).toEqual(['.workspace-migration.lock']);
  });

  it('a sessions folder opened directly (by name), and one namespace opened directly', async () => {
    const s = createMemoryAdapter();
    s.setFile('cli_direct.jsonl', META);
    s.setFile('x.jsonl.crswap', '');
    const l = await detectLayout(s, 'sessions');
    expect(l.kind).toBe('sessions-folder');
    expect(l.folders[0]).toMatchObject({ path: '', naming: 'safe-key', sessions: ['cli_direct.jsonl'] });
    expect(l.folders[0].leftovers).toEqual([{ name: 'x.jsonl.crswap', kind: 'crswap', target: 'x.jsonl' }]);

    const n = createMemoryAdapter();
    n.setFile('.workspace', '/home/me/b');
    n.setFile('Y2xpOmRpcmVjdA.jsonl', META);
    const ln = await detectLayout(n, NS1);
    expect(ln.kind).toBe('sessions-folder');
    expect(ln.folders[0]).toMatchObject({ path: '', role: 'namespace', naming: 'base64url', label: { code: 'namespace', workspacePath: '/home/me/b', id: NS1 }, namespaceId: NS1 });
  });

  it("the config folder's sessions/ opened directly", async () => {
    const a = createMemoryAdapter();
    a.setFile(`${NS1}/.workspace`, '/w');
    a.setFile(`${NS1}/a.jsonl`, META);
    const l = await detectLayout(a, 'sessions');
    expect(l.kind).toBe('sessions-folder');
    expect(l.folders.map((f) => [f.path, f.role])).toEqual([[NS1, 'namespace']]);
  });

  it('none of these: only *.jsonl that look like sessions are listed', async () => {
    const a = createMemoryAdapter();
    a.setFile('exported.jsonl', META);
    a.setFile('bom.jsonl', `\uFEFF${META}`);
    a.setFile('messages.jsonl', '\n{"role": "user", "content": "hi"}\n');
    a.setFile('data.jsonl', '{"x": 1}\n');
    a.setFile('empty.jsonl', '');
    a.setFile('readme.txt', 'hi');
    const l = await detectLayout(a, 'Downloads');
    expect(l.kind).toBe('none');
    expect(l.folders[0]).toMatchObject({ path: '', role: 'loose', naming: 'unknown', sessions: ['bom.jsonl', 'exported.jsonl', 'messages.jsonl'] });

    const empty = createMemoryAdapter();
    empty.setFile('readme.txt', 'hi');
    const le = await detectLayout(empty, 'x');
    expect(le).toMatchObject({ kind: 'none', folders: [] });
    expect(le.notes).toHaveLength(1);
  });
});

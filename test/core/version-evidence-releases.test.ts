/**
 * Folders written by a release's own code (test/fixtures/versions/make.py) are recognised as that release, or as
 * a range that holds it (issue 40); and each clue on disk points where the version table's rows say.
 */
import { describe, expect, it } from 'vitest';
import { verdictLine } from '../verdict-words';
import en from '../../src/ui/i18n/en/shell';
import { judgeVersion, verdictVersion, type SessionFileFacts, type VersionFacts } from '../../src/core/nanobot/version-evidence';
import { historySessionKeys, scanHead } from '../../src/core/nanobot/version-head';
import { createNodeAdapter } from '../../src/store/adapter/node-adapter';
import { detectLayout } from '../../src/store/listing/layout';
import { detectVersion } from '../../src/store/listing/version-facts';

async function verdictOf(release: string) {
  const adapter = createNodeAdapter(`test/fixtures/versions/${release}`);
  return detectVersion(adapter, await detectLayout(adapter, release));
}
const kindsOf = (v: Awaited<ReturnType<typeof verdictOf>>) => v.evidence.map((e) => e.kind);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('a workspace written by a release is recognised as it', () => {
  it('0.1.4: no key, \\u escapes, tools_used and HISTORY.md say 0.1.4 alone', async () => {
    const v = await verdictOf('0.1.4');
    expect(v.version).toBe('0.1.4');
    expect(kindsOf(v)).toEqual(expect.arrayContaining(['keyless-metadata', 'ascii-escapes', 'tools-used', 'history-md']));
    expect(v.evidence.find((e) => e.kind === 'tools-used')).toMatchObject({ points: ['0.1.4', '0.1.4.post1'], count: 1 });
    expect(verdictLine(v)).toContain('2 files whose metadata line has no key');
  });

  it('0.1.4.post3: tool results cut at 500 characters and HISTORY.md: the range 0.1.4.post2–0.1.4.post4, whose newest is used', async () => {
    const v = await verdictOf('0.1.4.post3');
    expect(v.status).toBe('ambiguous');
    expect(v.candidates).toEqual(['0.1.4.post2', '0.1.4.post3', '0.1.4.post4']);
    expect(v.evidence.find((e) => e.kind === 'tool-result-cut')).toMatchObject({ chars: 500, count: 1 });
    expect(verdictLine(v)).toMatch(/^0\.1\.4\.post2–0\.1\.4\.post4 \(ambiguous\): /);
    expect(verdictVersion(v)).toBe('0.1.4.post4');
  });

  it('0.1.5: history.jsonl without session_key and no later field: a range from 0.1.5 that holds it', async () => {
    const v = await verdictOf('0.1.5');
    expect(v.candidates).toContain('0.1.5');
    expect(v.candidates[0]).toBe('0.1.5');
    expect(v.candidates).not.toContain('0.2.2');
    expect(kindsOf(v)).toEqual(expect.arrayContaining(['raw-non-ascii', 'history-without-session-key']));
  });

  it('0.2.1: a CLI app kept on a user message and history.jsonl without session_key say 0.2.1 alone', async () => {
    const v = await verdictOf('0.2.1');
    expect(v.version).toBe('0.2.1');
    expect(v.evidence.find((e) => e.kind === 'attachments')).toMatchObject({ count: 1 });
  });
});

describe('the clues of a head', () => {
  const head = (text: string): SessionFileFacts => ({ stem: 'x', ...scanHead(utf8(text), true) });
  const META = '{"_type": "metadata", "key": "a:b", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}\n';

  it('reads each clue from the line that holds it, not from text inside a string', () => {
    expect(head(META + '{"role": "user", "content": "hi\\n\\n[Runtime Context]\\nCurrent Time: now"}\n').runtimeContextText).toBe(true);
    expect(head(META + '{"role": "user", "content": "[Runtime Context — metadata only, not instructions]"}\n').runtimeContextText).toBeUndefined();
    expect(head(META + '{"role": "assistant", "content": "ok", "latency_ms": 12}\n').latency).toBe(true);
    const quoted = head(META + '{"role": "user", "content": "say \\"latency_ms\\": 1 and \\"tools_used\\""}\n');
    expect([quoted.latency, quoted.toolsUsed]).toEqual([undefined, undefined]);
    expect(head(META + '{"role": "user", "content": "a \\\\u00e9 typed"}\n').escapedNonAscii).toBeUndefined();
    expect(head(META + '{"role": "user", "content": "caf\\u00e9"}\n').escapedNonAscii).toBe(true);
    // A lone surrogate can be written by no release (its save raises): its escape is nobody's clue; a pair is 0.1.4's emoji.
    expect(head(META + '{"role": "user", "content": "x\\ud800"}\n').escapedNonAscii).toBeUndefined();
    expect(head(META + '{"role": "user", "content": "\\ud83d\\ude00"}\n').escapedNonAscii).toBe(true);
    expect(head('{"_type": "metadata", "key": null}\n').keyless).toBeUndefined();
    // Python counts code points: 500 of them, though an emoji is two UTF-16 units.
    expect(head(META + `{"role": "tool", "content": ${JSON.stringify('😀'.repeat(500) + '\n... (truncated)')}}\n`).toolResultCuts).toEqual([500]);
  });

  it('a cut no release makes by default tells nothing; one at 16,000 points from 0.1.4.post5 on', () => {
    const facts = (cut: number): VersionFacts => ({ role: { kind: 'loose' }, workspaceId: false, sessionFilesLock: false, workspaceMigrationLock: false, migrationConflicts: false, tmpNames: [], files: [{ stem: 'a', storedKey: null, providerState: false, runtimeContext: false, sessionHandle: false, modelPreset: false, toolResultCuts: [cut] }] });
    expect(judgeVersion(facts(300)).evidence.map((e) => e.kind)).toEqual(['no-key']);
    expect(judgeVersion(facts(16_000)).candidates[0]).toBe('0.1.4.post5');
  });

  it("history.jsonl's session keys: some, none, or no whole entry", () => {
    expect(historySessionKeys(utf8('{"cursor": 1, "timestamp": "t", "content": "c"}\n{"cursor": 2, "timestamp": "t", "content": "d", "session_key": "cli:direct"}\n'), true)).toBe('some');
    expect(historySessionKeys(utf8('{"cursor": 1, "timestamp": "t", "content": "c"}\n'), true)).toBe('none');
    expect(historySessionKeys(utf8('{"cursor": 1, "timestamp": "t", "content": "c", "session_key": "a"'), false)).toBeNull();
  });
});

describe('files several releases wrote', () => {
  const f = (stem: string, over: Partial<SessionFileFacts>): SessionFileFacts => ({ stem, storedKey: stem.replace('_', ':'), providerState: false, runtimeContext: false, sessionHandle: false, modelPreset: false, ...over });
  const ws = (files: SessionFileFacts[]): VersionFacts => ({ role: { kind: 'workspace-sessions' }, workspaceId: false, sessionFilesLock: false, workspaceMigrationLock: false, migrationConflicts: false, tmpNames: [], files });

  it('a clue on disk fewer files hold than those it contradicts is outvoted, not a conflict', () => {
    // One file left as 0.1.4 wrote it, three a later release saved, one with a CLI app kept (0.2.1 on).
    const v = judgeVersion(ws([f('a_0', { escapedNonAscii: true }), f('a_1', { rawNonAscii: true }), f('a_2', { rawNonAscii: true }), f('a_3', { rawNonAscii: true, attachments: true })]));
    expect(v.status).toBe('ambiguous');
    expect(v.candidates).toEqual(['0.2.1', '0.2.2', 'v0.2', 'v0.3.0']);
    expect(verdictVersion(v)).toBe('v0.2');
    const escapes = v.evidence.find((e) => e.kind === 'ascii-escapes')!;
    expect(escapes.outvoted).toBe(true);
    expect(en.workspace.evidence(escapes)).toBe('1 file with non-ASCII text written as \\u escapes (json.dumps’s ensure_ascii) (outvoted: fewer files than the clues against it)');
    // The same clues, most files written by 0.1.4: 0.1.4 is what the folder says.
    const old = judgeVersion(ws([f('a_0', { escapedNonAscii: true, keyless: true }), f('a_1', { escapedNonAscii: true }), f('a_2', { rawNonAscii: true })]));
    expect([old.version, old.evidence.find((e) => e.kind === 'raw-non-ascii')!.outvoted]).toEqual(['0.1.4', true]);
  });
});

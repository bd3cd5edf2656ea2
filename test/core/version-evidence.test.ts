import { verdictLine } from '../verdict-words';
import en from '../../src/ui/i18n/en/shell';
import { describe, expect, it } from 'vitest';
import { base64urlKey, safeKey } from '../../src/core/nanobot/keys';
import { classifyStem, judgeVersion, verdictVersion, versionRuns, type CandidateFit, type FolderRole, type SessionFileFacts, type VersionFacts } from '../../src/core/nanobot/version-evidence';

const facts = (role: FolderRole, over: Partial<VersionFacts> = {}): VersionFacts => ({
  role,
  workspaceId: false,
  sessionFilesLock: false,
  workspaceMigrationLock: false,
  migrationConflicts: false,
  files: [],
  tmpNames: [],
  ...over,
});
const file = (stem: string, storedKey: string | null, over: Partial<SessionFileFacts> = {}): SessionFileFacts => ({
  stem,
  storedKey,
  providerState: false,
  runtimeContext: false,
  sessionHandle: false,
  modelPreset: false,
  ...over,
});
const lossy = (key: string, over: Partial<SessionFileFacts> = {}) => file(safeKey(key), key, over);
const b64 = (key: string, over: Partial<SessionFileFacts> = {}) => file(base64urlKey(key), key, over);
const WS: FolderRole = { kind: 'workspace-sessions' };
const LOOSE: FolderRole = { kind: 'loose' };
const NS: FolderRole = { kind: 'namespace', workspacePath: '/home/me/ws' };
const kinds = (v: ReturnType<typeof judgeVersion>) => v.evidence.map((e) => e.kind);
/** The 0.1.x releases: they keep safe_key names in `<workspace>/sessions` and read the legacy folder, as 0.2.x does. */
const R01X = ['0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3'] as const;
/** A fit line for each 0.1.x release, the same as 0.2.0's. */
const like020 = (fits: CandidateFit[]) => R01X.map((version) => ({ ...fits.find((f) => f.version === '0.2.0')!, version }));

describe('classifyStem', () => {
  it('compares the stem with base64url and safe_key of the stored key', () => {
    expect(classifyStem('Y2xpOmRpcmVjdA', 'cli:direct')).toBe('base64url');
    expect(classifyStem('cli_direct', 'cli:direct')).toBe('safe-key');
    expect(classifyStem('email_ana', 'email:ana@example.com')).toBe('neither');
    expect(classifyStem('', '')).toBe('both');
    expect(classifyStem('cli_direct', null)).toBe('no-key');
  });

  it('a stem that is safe_key of its key and base64url of another key is decided by the stored key (item 58)', () => {
    expect(base64urlKey('cli')).toBe('Y2xp');
    expect(classifyStem('Y2xp', 'Y2xp')).toBe('safe-key');
    expect(classifyStem('Y2xp', 'cli')).toBe('base64url');
  });

  it('a key with a lone surrogate has no base64url name, only its safe_key', () => {
    expect(classifyStem('a\ud800', 'a\ud800')).toBe('safe-key');
  });
});

describe('judgeVersion: main', () => {
  it('a session namespace is main, said with its workspace and provider_state files', () => {
    const v = judgeVersion(
      facts(NS, {
        sessionFilesLock: true,
        files: [b64('cli:direct', { providerState: true }), b64('telegram:1', { providerState: true }), b64('slack:x', { providerState: true }), b64('heartbeat')],
      }),
    );
    expect(v.version).toBe('main');
    expect(v.candidates).toEqual(['main']);
    expect(verdictLine(v)).toBe('nanobot main: a session namespace of /home/me/ws; 3 files hold provider_state');
    expect(v.evidence.find((e) => e.kind === 'provider-state')).toMatchObject({ points: ['main'], count: 3 });
    expect(kinds(v)).toEqual(['namespace', 'provider-state', 'base64url-names', 'session-files-lock']);
  });

  it('a sessions root with namespaces is main; its flat legacy files are noted but do not make it ambiguous', () => {
    const v = judgeVersion(
      facts({ kind: 'config', workspacePaths: ['/a', null], flatFiles: 2 }, { workspaceMigrationLock: true, migrationConflicts: true, files: [b64('cli:direct')] }),
    );
    expect(v.version).toBe('main');
    expect(verdictLine(v)).toBe('nanobot main: a sessions root with 2 namespaces (/a, an unnamed workspace); 1 base64url name');
    expect(v.evidence.find((e) => e.kind === 'flat-files')!.points).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main']);
    expect(kinds(v)).toContain('workspace-migration-lock');
    expect(kinds(v)).toContain('migration-conflicts');
  });

  it('lossy names and an old-style tmp in a namespace leave it main, explained as what main ignores', () => {
    const v = judgeVersion(facts(NS, { files: [lossy('cli:direct')], tmpNames: ['cli_direct.jsonl.tmp'] }));
    expect(v.version).toBe('main');
    expect(en.workspace.evidence(v.evidence.find((e) => e.kind === 'safe-key-names')!)).toBe('1 safe_key name main never loads or lists (copied in by its migration)');
    expect(v.evidence.find((e) => e.kind === 'old-tmp')!.points).toHaveLength(17);
  });

  it('outside a namespace, main-only records decide: provider_state, session_handle, hidden temp files, locks', () => {
    expect(judgeVersion(facts(LOOSE, { files: [b64('a', { providerState: true })] })).version).toBe('main');
    expect(judgeVersion(facts(LOOSE, { files: [b64('a', { sessionHandle: true })] })).version).toBe('main');
    expect(judgeVersion(facts(LOOSE, { tmpNames: ['.YQ.jsonl.0123456789abcdef.tmp'] })).version).toBe('main');
    expect(judgeVersion(facts(LOOSE, { sessionFilesLock: true })).version).toBe('main');
    expect(verdictLine(judgeVersion(facts(LOOSE, { migrationConflicts: true })))).toMatch(/^nanobot main: \.migration-conflicts\//);
  });

  it('a workspace whose only trace is .nanobot/workspace-id is main', () => {
    const v = judgeVersion(facts({ kind: 'workspace-without-sessions' }, { workspaceId: true }));
    expect(v.version).toBe('main');
    expect(verdictLine(v)).toContain('<config folder>/sessions/<id>/');
  });
});

describe('judgeVersion: v0.2 and v0.3.0', () => {
  it('only safe_key names, no newer records: v0.2 or v0.3.0, ambiguous (item 58)', () => {
    const v = judgeVersion(facts(WS, { files: [lossy('cli:direct'), lossy('telegram:12345')] }));
    expect(v.version).toBeNull();
    expect(v.candidates).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0']);
    expect(verdictLine(v)).toBe('0.1.4–0.2.2, v0.2 or v0.3.0 (ambiguous): only safe_key names, no newer records');
    // Nothing on disk tells the 0.2.x releases from v0.2: the range is said, and v0.2's rules are used.
    expect(verdictVersion(v)).toBe('v0.2');
  });

  it('says consecutive pip releases as one range', () => {
    expect(versionRuns([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0'])).toEqual([['0.1.4', '0.2.2'], ['v0.2', 'v0.2'], ['v0.3.0', 'v0.3.0']]);
    expect(versionRuns(['main', '0.2.2', '0.2.0'])).toEqual([['0.2.0', '0.2.0'], ['0.2.2', '0.2.2'], ['main', 'main']]);
    expect(versionRuns(['0.2.1', '0.2.2'])).toEqual([['0.2.1', '0.2.2']]);
    expect(versionRuns(['0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.5'])).toEqual([['0.1.4.post2', '0.1.4.post4'], ['0.1.5', '0.1.5']]);
  });

  it("an interrupted v0.2 save does not settle it: v0.3.0 may run over v0.2's leftovers", () => {
    const v = judgeVersion(facts(WS, { files: [lossy('cli:direct')], tmpNames: ['cli_direct.jsonl.tmp'] }));
    expect(v.version).toBeNull();
    // Only the releases that save through `<stem>.jsonl.tmp` (atomicSave, from 0.1.5.post2) leave one.
    expect(verdictLine(v)).toBe('0.1.5.post2–0.2.2, v0.2 or v0.3.0 (ambiguous): only safe_key names, no newer records');
    expect(en.workspace.evidence(v.evidence.find((e) => e.kind === 'old-tmp')!)).toBe('cli_direct.jsonl.tmp: an interrupted save of v0.2');
  });

  it('both name forms in a workspace: v0.3.0 in mid-migration (item 58)', () => {
    const v = judgeVersion(facts(WS, { files: [lossy('cli:direct'), b64('telegram:1'), b64('slack:2')] }));
    expect(v.version).toBe('v0.3.0');
    expect(verdictLine(v)).toBe(
      'nanobot v0.3.0: a workspace sessions folder, where v0.2 and v0.3.0 keep sessions; 2 base64url names beside 1 safe_key name: v0.3.0 in mid-migration',
    );
  });

  it('base64url names alone in a workspace: v0.3.0 (main keeps none there)', () => {
    expect(judgeVersion(facts(WS, { files: [b64('cli:direct')] })).version).toBe('v0.3.0');
  });

  it('a runtime-context marker or _nanobot_model_preset beside safe_key names: v0.3.0', () => {
    const rc = judgeVersion(facts(WS, { files: [lossy('cli:direct', { runtimeContext: true })] }));
    expect(rc.version).toBe('v0.3.0');
    expect(verdictLine(rc)).toContain('1 file with a runtime-context marker (_runtime_context)');
    expect(judgeVersion(facts(WS, { files: [lossy('a', { modelPreset: true })] })).version).toBe('v0.3.0');
  });

  it("a tmp's stem form tells who wrote it: base64url → v0.3.0", () => {
    const name = `${base64urlKey('cli:direct')}.jsonl.tmp`;
    const v = judgeVersion(facts(WS, { files: [b64('cli:direct'), lossy('x:y')], tmpNames: [name] }));
    expect(v.evidence.find((e) => e.kind === 'old-tmp')).toMatchObject({ points: ['v0.3.0'], name, writer: 'v0.3.0' });
    const orphan = judgeVersion(facts(WS, { tmpNames: ['gone.jsonl.tmp'] }));
    expect(orphan.evidence.find((e) => e.kind === 'old-tmp')!.points).toEqual(['0.1.5.post2', '0.1.5.post3', '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0']);
  });

  it('the legacy global folder is read by v0.2 and v0.3.0 only', () => {
    const v = judgeVersion(facts({ kind: 'legacy' }, { files: [lossy('cli:direct')] }));
    expect(v.candidates).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0']);
  });
});

describe('judgeVersion: ambiguity and contradictions', () => {
  it('base64url names in a loose folder: v0.3.0 or main', () => {
    const v = judgeVersion(facts(LOOSE, { files: [b64('cli:direct')] }));
    expect(v.version).toBeNull();
    expect(v.candidates).toEqual(['v0.3.0', 'main']);
    expect(verdictLine(v)).toBe('v0.3.0 or main (ambiguous): 1 base64url name');
  });

  it('a workspace sessions folder next to .nanobot/workspace-id: left behind by main, or written by an older nanobot since (item 58)', () => {
    const old = judgeVersion(facts(WS, { workspaceId: true, files: [lossy('cli:direct')] }));
    expect(old.version).toBeNull();
    expect(old.candidates).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main']);
    expect(verdictLine(old)).toMatch(/^0\.1\.4–0\.2\.2, v0\.2, v0\.3\.0 or main \(ambiguous\): a workspace sessions folder next to \.nanobot\/workspace-id: files main left behind/);
    const newer = judgeVersion(facts(WS, { workspaceId: true, files: [b64('cli:direct')] }));
    expect(newer.candidates).toEqual(['v0.3.0', 'main']);
  });

  it('contradicting evidence is reported as such, and the version the folder makes most sense under is used (issues 27, 42)', () => {
    const v = judgeVersion(facts(WS, { files: [lossy('cli:direct', { providerState: true }), lossy('cli:other')] }));
    expect(v.version).toBeNull();
    expect(v.status).toBe('conflicting');
    expect(v.candidates).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main']);
    // 0.1.4–0.2.2, v0.2 and v0.3.0 each fit 2 of the 3 clues and list both files; main fits 1 and lists neither.
    expect(v.fits).toEqual([
      ...like020(v.fits),
      { version: '0.2.0', fits: 2, clues: 3, decisive: 0, listed: 2, hidden: 0 },
      { version: '0.2.1', fits: 2, clues: 3, decisive: 0, listed: 2, hidden: 0 },
      { version: '0.2.2', fits: 2, clues: 3, decisive: 0, listed: 2, hidden: 0 },
      { version: 'v0.2', fits: 2, clues: 3, decisive: 0, listed: 2, hidden: 0 },
      { version: 'v0.3.0', fits: 2, clues: 3, decisive: 0, listed: 2, hidden: 0 },
      { version: 'main', fits: 1, clues: 3, decisive: 1, listed: 0, hidden: 2 },
    ]);
    // A tie on clues and sessions between v0.2 and v0.3.0: the newer reads both name forms.
    expect([v.decided, v.chosenBy]).toEqual(['v0.3.0', 'newest']);
    expect(v.decidedBy).toEqual(['workspace-sessions', 'safe-key-names']);
    expect(v.against).toEqual(['provider-state']);
    expect(verdictVersion(v)).toBe('v0.3.0');
    expect(verdictLine(v)).toBe(
      "conflicting evidence (0.1.4–0.2.2, v0.2, v0.3.0 or main): v0.3.0's rules apply, decided by a workspace sessions folder, where v0.2 and v0.3.0 keep sessions; 2 safe_key names; against it: 1 file holds provider_state",
    );
    // A main temp file alone in a workspace folder: main fits it, v0.2 and v0.3.0 the folder; all list nothing.
    const tmp = judgeVersion(facts(WS, { tmpNames: ['.YQ.jsonl.0123456789abcdef.tmp'] }));
    expect([tmp.status, tmp.decided, tmp.chosenBy]).toEqual(['conflicting', 'main', 'decisive']);
  });

  it("issue 42's mixed folder: 1 of 7 files holds provider_state; v0.3.0 fits 5 of 6 clues and lists all 7, main 3 and 1", () => {
    const files = [
      b64('cli:direct', { providerState: true, runtimeContext: true }),
      ...Array.from({ length: 6 }, (_, i) => lossy(`fx:gen_small_00${i}`, i === 0 ? { modelPreset: true } : {})),
    ];
    const v = judgeVersion(facts(WS, { files }));
    expect(v.status).toBe('conflicting');
    expect(kinds(v)).toEqual(['workspace-sessions', 'provider-state', 'runtime-context', 'model-preset', 'base64url-names', 'safe-key-names']);
    const fit = Object.fromEntries(v.fits.map((f) => [f.version, [f.fits, f.clues, f.listed, f.hidden]]));
    expect(fit).toEqual({ ...Object.fromEntries(R01X.map((r) => [r, [2, 6, 7, 0]])), '0.2.0': [2, 6, 7, 0], '0.2.1': [2, 6, 7, 0], '0.2.2': [2, 6, 7, 0], 'v0.2': [2, 6, 7, 0], 'v0.3.0': [5, 6, 7, 0], main: [3, 6, 1, 6] });
    expect([v.decided, v.chosenBy]).toEqual(['v0.3.0', 'fits-most']);
    expect(v.against).toEqual(['provider-state']);
  });

  it('a conflict tied on clues goes to the version that lists more sessions', () => {
    // base64url names in a workspace folder (v0.3.0) beside a lock only main takes, and a main-only record:
    // v0.3.0 fits 2 (folder, names), main 2 (lock, provider_state); both list the file; then what only one writes decides.
    const lock = judgeVersion(facts(WS, { sessionFilesLock: true, files: [b64('cli:direct', { providerState: true })] }));
    expect(lock.fits.find((f) => f.version === 'main')).toMatchObject({ fits: 2, listed: 1, decisive: 2 });
    expect(lock.fits.find((f) => f.version === 'v0.3.0')).toMatchObject({ fits: 2, listed: 1, decisive: 0 });
    expect([lock.status, lock.decided, lock.chosenBy]).toEqual(['conflicting', 'main', 'decisive']);
    // The same tie on clues, with safe_key names main never lists: v0.3.0, for the sessions it lists.
    const names = judgeVersion(facts(LOOSE, { sessionFilesLock: true, files: [lossy('a:b', { runtimeContext: true }), lossy('c:d')] }));
    expect(names.fits.map((f) => [f.version, f.fits, f.listed])).toEqual([
      ...R01X.map((r) => [r, 1, 2]),
      ['0.2.0', 1, 2],
      ['0.2.1', 1, 2],
      ['0.2.2', 1, 2],
      ['v0.2', 1, 2],
      ['v0.3.0', 2, 2],
      ['main', 2, 0],
    ]);
    expect([names.decided, names.chosenBy]).toEqual(['v0.3.0', 'lists-most']);
    // .nanobot/workspace-id (main opened the workspace once) beside safe_key names: v0.2 and v0.3.0 fit the names, the newer is used.
    const none = judgeVersion(facts(LOOSE, { workspaceId: true, files: [lossy('a:b')] }));
    expect(none.status).toBe('conflicting');
    expect(verdictVersion(none)).toBe('v0.3.0');
  });

  it('a verdict without conflict says what every version would mean, and chose nothing', () => {
    const v = judgeVersion(facts(WS, { files: [lossy('a:b'), b64('c:d')] }));
    expect(v.status).toBe('recognised');
    expect(v.chosenBy).toBeNull();
    expect(v.fits.map((f) => [f.version, f.listed, f.hidden])).toEqual([
      ...R01X.map((r) => [r, 2, 0]),
      ['0.2.0', 2, 0],
      ['0.2.1', 2, 0],
      ['0.2.2', 2, 0],
      ['v0.2', 2, 0],
      ['v0.3.0', 2, 0],
      ['main', 1, 1],
    ]);
  });

  it('every verdict has a status code', () => {
    expect(judgeVersion(facts(NS, { files: [b64('a:b')] })).status).toBe('recognised');
    expect(judgeVersion(facts(WS, { files: [lossy('a:b')] })).status).toBe('ambiguous');
    expect(judgeVersion(facts(LOOSE)).status).toBe('unknown');
  });

  it('names that match neither form, files without a key and nothing at all say nothing about the version', () => {
    const v = judgeVersion(facts(LOOSE, { files: [file('email_ana', 'email:ana@example.com'), file('x', null), file('', '')] }));
    expect(v.version).toBeNull();
    expect(v.candidates).toEqual([...R01X, '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main']);
    expect(v.evidence.map((e) => [e.kind, e.points.length])).toEqual([
      ['both-names', 17],
      ['other-names', 17],
      ['no-key', 17],
    ]);
    expect(verdictLine(v)).toBe('nanobot version unknown: nothing here tells the versions apart');
    expect(verdictLine(judgeVersion(facts(LOOSE)))).toBe('nanobot version unknown: no evidence of any version');
  });
});

/** The version evidence and verdict reasons the core writes in English, put into Chinese by kind. */
import en from '../../../src/ui/i18n/en/shell';
import { afterEach, describe, expect, it } from 'vitest';
import { base64urlKey, safeKey } from '../../../src/core/nanobot/keys';
import { judgeVersion, type SessionFileFacts, type VersionFacts } from '../../../src/core/nanobot/version-evidence';
import { setLanguage, ui } from '../../../src/ui/i18n/text';

afterEach(() => setLanguage('en'));

const file = (key: string, stem: string, extra: Partial<SessionFileFacts> = {}): SessionFileFacts => ({
  stem,
  storedKey: key,
  providerState: false,
  runtimeContext: false,
  sessionHandle: false,
  modelPreset: false,
  ...extra,
});
const facts = (f: Partial<VersionFacts>): VersionFacts => ({
  role: { kind: 'loose' },
  workspaceId: false,
  sessionFilesLock: false,
  workspaceMigrationLock: false,
  migrationConflicts: false,
  files: [],
  tmpNames: [],
  ...f,
});
const CJK = /[\u4e00-\u9fff]/;

describe('version evidence in Chinese', () => {
  it('translates every kind of evidence, keeping paths, names and counts', async () => {
    const main = judgeVersion(
      facts({
        role: { kind: 'config', workspacePaths: ['/home/ana/ws', null], flatFiles: 2 },
        workspaceId: true,
        sessionFilesLock: true,
        workspaceMigrationLock: true,
        migrationConflicts: true,
        files: [
          file('telegram:1', base64urlKey('telegram:1'), { providerState: true, sessionHandle: true, runtimeContext: true, modelPreset: true }),
          file('a:b_c', safeKey('a:b_c')),
          file('cli', 'cli'),
          file('x:y', 'other'),
          { ...file('', 'nokey'), storedKey: null },
        ],
        tmpNames: ['.abc.jsonl.0123456789abcdef.tmp', 'cli.jsonl.tmp'],
      }),
    );
    const older = judgeVersion(facts({ role: { kind: 'workspace-sessions' }, files: [file('a:b', safeKey('a:b')), file('c:d', base64urlKey('c:d'))], tmpNames: ['a_b.jsonl.tmp', 'zz.jsonl.tmp'] }));
    const ns = judgeVersion(facts({ role: { kind: 'namespace', workspacePath: '/home/ana/ws' } }));
    const legacy = judgeVersion(facts({ role: { kind: 'legacy' } }));
    const evidence = [main, older, ns, legacy].flatMap((v) => v.evidence);
    expect(new Set(evidence.map((e) => e.kind)).size).toBeGreaterThanOrEqual(19);
    await setLanguage('zh-CN');
    for (const e of evidence) {
      const zh = ui().workspace.evidence(e);
      expect(`${e.kind}: ${CJK.test(zh)}`).toBe(`${e.kind}: true`);
      expect(zh).not.toBe(en.workspace.evidence(e));
    }
    const say = (kind: string) => ui().workspace.evidence(evidence.find((e) => e.kind === kind)!);
    expect(say('config')).toBe('有 2 个命名空间的会话根目录（/home/ana/ws, 未命名的工作区）');
    expect(say('namespace')).toBe('/home/ana/ws 的会话命名空间');
    expect(say('old-tmp')).toBe('cli.jsonl.tmp：main 从不使用的临时文件名');
    // The verdict's reasons: the same evidence, in Chinese, joined as Chinese joins a list.
    expect(ui().workspace.reasons(ns)).toBe('/home/ana/ws 的会话命名空间');
    expect(CJK.test(ui().workspace.reasons(older))).toBe(true);
    await setLanguage('en');
    expect(ui().workspace.reasons(ns)).toBe('a session namespace of /home/ana/ws');
  });
});

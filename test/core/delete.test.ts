/** What nanobot's delete_session removes at each version (spec §13). */
import { describe, expect, it } from 'vitest';
import { deleteTargets } from '../../src/core/nanobot/delete';

describe('deleteTargets', () => {
  it('v0.2: the workspace file and the global legacy one', () => {
    expect(deleteTargets('cli:direct', 'v0.2')).toEqual([
      { where: 'sessions', fileName: 'cli_direct.jsonl' },
      { where: 'legacy', fileName: 'cli_direct.jsonl' },
    ]);
  });

  it("0.1.5.post2 to 0.2.1: the workspace file only (their delete_session reads no legacy path); before 0.1.5.post2 nanobot has no delete", () => {
    for (const v of ['0.1.5.post2', '0.2.0', '0.2.1'] as const) expect(deleteTargets('cli:direct', v)).toEqual([{ where: 'sessions', fileName: 'cli_direct.jsonl' }]);
    expect(deleteTargets('cli:direct', '0.2.2')).toHaveLength(2);
    for (const v of ['0.1.4', '0.1.5.post1'] as const) expect(deleteTargets('cli:direct', v)).toEqual([]);
  });

  it('v0.3.0 and main: the canonical file, the lossy one and the global legacy one', () => {
    for (const v of ['v0.3.0', 'main'] as const) {
      expect(deleteTargets('cli:direct', v)).toEqual([
        { where: 'sessions', fileName: 'Y2xpOmRpcmVjdA.jsonl' },
        { where: 'sessions', fileName: 'cli_direct.jsonl' },
        { where: 'legacy', fileName: 'cli_direct.jsonl' },
      ]);
    }
  });
});

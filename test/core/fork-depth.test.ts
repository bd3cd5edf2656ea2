/** copy.deepcopy in a fork raises RecursionError on nesting deeper than Python's stack allows. */
import { describe, expect, it } from 'vitest';
import { forkBeforeUserIndex } from '../../src/core/edit/fork';
import type { NanobotSession } from '../../src/core/lens/load';
import { rulesOf } from '../../src/core/nanobot/nanobot-version';
import { copyDepth, type PyValue } from '../../src/core/python/pyvalue';

const nested = (levels: number): PyValue => {
  let v: PyValue = 'x';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};
const session = (payload: PyValue): NanobotSession => ({
  key: 'a:b', createdAt: 't', updatedAt: 't', lastConsolidated: 0, metadata: {}, messageLines: [0, 1, 2],
  messages: [{ role: 'user', content: 'u0' }, { role: 'assistant', content: 'x', payload }, { role: 'user', content: 'u1' }],
});

describe('fork and deep nesting', () => {
  it('measures nesting without recursing', () => {
    // deepcopy's levels: a scalar or a key is one, a container one more than its deepest item.
    expect(copyDepth('x')).toBe(1);
    expect(copyDepth([])).toBe(1);
    expect(copyDepth({})).toBe(1);
    expect(copyDepth({ a: 1 })).toBe(2);
    expect(copyDepth(nested(3))).toBe(4);
    expect(copyDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(copyDepth(nested(100_000))).toBe(100_001);
  });

  it('copies what deepcopy can, and reports its RecursionError past that', () => {
    for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
      // The message {"role", "content", "payload": <levels>} copies at depth levels + 2.
      const budget = rulesOf(version).depthBudget.forkMessageCopy;
      const ok = forkBeforeUserIndex(session(nested(budget - 2)), 'f:k', 1, 'now', version);
      expect(ok && 'messages' in ok && ok.messages).toHaveLength(2);
      expect(forkBeforeUserIndex(session(nested(budget - 1)), 'f:k', 1, 'now', version)).toEqual({ error: { type: 'RecursionError', message: expect.any(String) } });
      // Before the deep message nothing deep is copied.
      expect(forkBeforeUserIndex(session(nested(budget + 5)), 'f:k', 0, 'now', version)).toMatchObject({ messages: [] });
    }
  });
});

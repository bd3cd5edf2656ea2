/** copy.deepcopy in a fork raises RecursionError on nesting deeper than Python's stack allows. */
import { describe, expect, it } from 'vitest';
import { DEEPCOPY_MAX_DEPTH, forkBeforeUserIndex, nestingDepth } from '../../src/core/fork';
import type { NanobotSession } from '../../src/core/load';
import type { PyValue } from '../../src/core/pyvalue';

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
    expect(nestingDepth('x')).toBe(0);
    expect(nestingDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(nestingDepth(nested(100_000))).toBe(100_000);
  });

  it('copies what deepcopy can, and reports its RecursionError past that', () => {
    const ok = forkBeforeUserIndex(session(nested(DEEPCOPY_MAX_DEPTH - 2)), 'f:k', 1, 'now', 'v0.2');
    expect(ok && 'messages' in ok && ok.messages).toHaveLength(2);
    for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
      expect(forkBeforeUserIndex(session(nested(DEEPCOPY_MAX_DEPTH + 5)), 'f:k', 1, 'now', version)).toEqual({ error: { type: 'RecursionError', message: expect.any(String) } });
    }
    // Before the deep message nothing deep is copied.
    expect(forkBeforeUserIndex(session(nested(DEEPCOPY_MAX_DEPTH + 5)), 'f:k', 0, 'now', 'v0.2')).toMatchObject({ messages: [] });
  });
});

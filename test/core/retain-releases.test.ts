/**
 * retain_recent_legal_suffix and clear() at the 0.1.x releases; every expectation is the answer of that tag's own
 * `Session` (../shared/nanobot/setup.sh TAG) on the same messages.
 */
import { describe, expect, it } from 'vitest';
import { retainRecentLegalSuffix } from '../../src/core/edit/retain';
import { enforceFileCap } from '../golden/nanobot-rules';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict } from '../../src/core/python/pyvalue';

/** One user turn and four replies, last_consolidated 3. */
const ms: PyDict[] = [{ role: 'user', content: 'u0' }, ...[1, 2, 3, 4].map((i) => ({ role: 'assistant', content: `a${i}` }))];
const retain = (max: number, v: NanobotVersion) => {
  const r = retainRecentLegalSuffix(ms, 3, { _last_summary: 'x' }, max, false, v);
  if (!r.ok) throw new Error(r.error.type);
  return [r.result.retained.map((i) => ms[i]!.content).join(' '), r.result.lastConsolidated, r.result.metadata];
};

describe('retention at the 0.1.x releases', () => {
  it('0.1.4.post6–0.1.5.post2 move the last max back to the nearest user turn and keep all of it', () => {
    for (const v of ['0.1.4.post6', '0.1.5', '0.1.5.post2'] as const) expect(retain(2, v)).toEqual(['u0 a1 a2 a3 a4', 3, { _last_summary: 'x' }]);
    // 0.1.5.post3, as 0.2.0: the tail holds no user, so the latest user's window of max.
    expect(retain(2, '0.1.5.post3')).toEqual(['u0 a1', 0, { _last_summary: 'x' }]);
    expect(retain(2, '0.2.0')).toEqual(['u0 a1', 0, { _last_summary: 'x' }]);
  });

  it('keeping every message counts nothing as already archived, whatever an unchecked last_consolidated holds', () => {
    // 0.1.5.post2 with a stored -1: nothing went, so its caller counts 0; the slice start becomes max(0, -1 - 0).
    const r = retainRecentLegalSuffix(ms, 0, {}, 2, false, '0.1.5.post2', -1);
    expect(r.ok && [r.result.retained.length, r.result.held]).toEqual([5, { lastConsolidated: 0, alreadyConsolidated: 0 }]);
  });

  it('clearing an empty session compares nothing, whatever an unchecked last_consolidated holds', () => {
    // The fuzzer at 0.1.4.post6: a metadata line with "last_consolidated": "2" and no message. clear() drops
    // nothing, so its caller counts nothing (no min("2", 0)); with a message, min("2", 1) raises TypeError.
    for (const v of ['0.1.4.post6', '0.1.5.post2', '0.2.0'] as const) {
      const r = retainRecentLegalSuffix([], 0, {}, 0, false, v, '2');
      expect(r.ok && [r.result.retained.length, r.result.held]).toEqual([0, { lastConsolidated: 0, alreadyConsolidated: 0 }]);
      const one = retainRecentLegalSuffix(ms.slice(0, 1), 0, {}, 0, false, v, '2');
      expect(!one.ok && one.error.type).toBe('TypeError');
    }
  });

  it("clear() leaves the metadata's _last_summary until 0.2.0", () => {
    expect(retain(0, '0.1.5.post3')).toEqual(['', 0, { _last_summary: 'x' }]);
    expect(retain(0, '0.2.0')).toEqual(['', 0, {}]);
  });

  it('the file cap arrives at 0.1.5.post3', () => {
    const long: PyDict[] = Array.from({ length: 2001 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    expect(enforceFileCap(long, 0, {}, '0.1.5.post2')).toBeNull();
    expect(enforceFileCap(long, 0, {}, '0.1.5.post3')).not.toBeNull();
  });
});

/**
 * The fuzzer at a pip release (issue 40): the big files' replay settings ask only the get_history options the
 * release's code has (the oracle raises LookupError for one it lacks), and the oracle's environment is set up
 * under the release's tag, the name ../shared/nanobot/setup.sh knows it by.
 */
import { describe, expect, it } from 'vitest';
import { replaySettings } from '../fuzz/big-files';
import { setupName } from '../fuzz/oracle-process';
import { NANOBOT_VERSIONS, rulesOf } from '../src/core/nanobot/nanobot-version';

describe('the fuzzer at every release', () => {
  it('0.1.4 has no budget and no extend_to_user: no setting asks for them', () => {
    for (const s of replaySettings('0.1.4')) expect([s.max_tokens, s.extend_to_user, s.timestamps, s.public]).toEqual([0, false, false, false]);
    expect(replaySettings('0.1.4')[0]!.max_messages).toBe(500);
  });

  it('0.1.5.post3 has a budget and timestamps, still no extend_to_user', () => {
    const s = replaySettings('0.1.5.post3');
    expect(s.map((x) => x.max_tokens)).toEqual([0, 190_784, 2_000, 0]);
    expect(s.some((x) => x.extend_to_user)).toBe(false);
    expect(s[2]!.timestamps).toBe(true);
  });

  it('each setting asks only what its version has', () => {
    for (const v of NANOBOT_VERSIONS) {
      const r = rulesOf(v);
      for (const s of replaySettings(v)) {
        if (!r.replayBudget) expect(s.max_tokens).toBe(0);
        if (!r.extendToUser) expect(s.extend_to_user).toBe(false);
        if (!r.timestamps) expect(s.timestamps).toBe(false);
        if (!r.runtimeContext) expect(s.public).toBe(false);
      }
    }
  });

  it('sets a release up by its tag, the three commits by their own names', () => {
    expect(setupName('0.1.4')).toBe('v0.1.4');
    expect(setupName('0.1.5.post3')).toBe('v0.1.5.post3');
    expect(setupName('0.2.2')).toBe('v0.2.2');
    expect(setupName('v0.2')).toBe('v0.2');
    expect(setupName('main')).toBe('main');
    expect(setupName('v0.3.0')).toBe('v0.3.0');
  });
});

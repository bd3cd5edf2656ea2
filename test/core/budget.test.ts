import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentLoopOptions, DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS, historyBudget, replayTokenBudget, reservedOutput } from '../../src/core/replay/budget';
import { loopMaxMessages, NANOBOT_VERSIONS, rulesOf } from '../../src/core/nanobot/nanobot-version';
import { isDict, type PyDict, type PyValue } from '../../src/core/python/pyvalue';
import { parseGolden } from '../golden-values';

/**
 * nanobot's own `_replay_token_budget` at each version, over every kind of max_tokens a config can hold
 * (scripts/replay-budget-golden.py): `{"$missing": true}` is a generation with no max_tokens given. null: the
 * version's loop has no such function. Beside it, the loop's `get_history` call as the tag's source writes it.
 */
const GOLDEN = parseGolden(readFileSync(new URL('./budget-golden.json', import.meta.url), 'utf8')) as PyDict;
const raw = (v: PyValue): unknown => (isDict(v) && v.$missing === true ? undefined : v);

describe('replayTokenBudget: nanobot’s _replay_token_budget, answer for answer', () => {
  for (const version of NANOBOT_VERSIONS) {
    it(`${version}: every max_tokens and window of the golden`, () => {
      const cases = (GOLDEN[version] as PyDict).budgets as PyDict[] | null;
      // Before 0.1.5.post3 the loop computes no budget and get_history takes none.
      expect(rulesOf(version).replayBudget).toBe(cases !== null);
      if (cases === null) {
        expect(agentLoopOptions(version).maxTokens).toBe(0);
        return;
      }
      expect(cases.length).toBeGreaterThan(50);
      const got: unknown[] = [];
      const want: unknown[] = [];
      for (const c of cases) {
        for (const [window, answer] of c.budgets as [number, PyDict][]) {
          const b = replayTokenBudget(window, raw(c.max_tokens!));
          got.push([c.max_tokens, window, typeof b === 'number' ? { value: b } : { error: b.type }]);
          want.push([c.max_tokens, window, answer]);
        }
      }
      expect(got).toEqual(want);
    });
  }
});

describe('historyBudget (contract E29)', () => {
  it('gives nanobot’s default 190,784 for 200,000 / 8,192', () => {
    expect(historyBudget(DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS)).toBe(190_784);
    expect(historyBudget(200_000, 8_192)).toBe(190_784);
  });
  it('reserves max(1, int(max_tokens)): 0 and negatives reserve 1, a fraction is truncated', () => {
    expect(historyBudget(32_768, 0)).toBe(32_768 - 1 - 1024);
    expect(historyBudget(10_000, -5)).toBe(10_000 - 1 - 1024);
    expect(historyBudget(10_000, 2047.9)).toBe(10_000 - 2047 - 1024);
    expect(reservedOutput(0)).toBe(1);
    expect(reservedOutput(2047.9)).toBe(2047);
    expect(reservedOutput(Number.NaN)).toBe(4096);
  });
  it('falls back to max(128, window // 2) when the budget is not positive', () => {
    expect(historyBudget(8_192, 8_192)).toBe(4_096);
    expect(historyBudget(200, 4096)).toBe(128);
    expect(historyBudget(5_121, 4_096)).toBe(1);
    expect(historyBudget(5_120, 4_096)).toBe(2_560);
  });
});

describe("the agent loop's get_history call at each version, as its source writes it", () => {
  for (const version of NANOBOT_VERSIONS) {
    it(`${version}: the window and budget it hands over, get_history's own default, the config's defaults`, () => {
      const loop = (GOLDEN[version] as PyDict).loop as PyDict;
      const calls = loop.calls as string[];
      const config = loop.config as PyDict;
      const rules = rulesOf(version);
      expect(loop.get_history_default).toBe(rules.defaultMaxMessages);
      if ('context_window_tokens' in config) expect(config.context_window_tokens).toBe(rules.defaultContextWindow);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.includes('include_timestamps": True')).toBe(agentLoopOptions(version).includeTimestamps);
        expect(call.includes('_replay_token_budget(')).toBe(rules.replayBudget);
        if (call.includes('self.memory_window')) expect(loopMaxMessages(version, null)).toBe(config.memory_window);
        else if (call.includes('max_messages=0')) expect(loopMaxMessages(version, null)).toBe(0);
        else if (call.includes('self._max_messages')) expect(loopMaxMessages(version, null)).toBe(config.max_messages);
        else if (!call.includes('max_messages')) expect(loopMaxMessages(version, null)).toBe(0); // main: no window
        else expect(rules.loopWindow).toBe('context-window'); // v0.3.0: from the window (units.golden.test.ts)
      }
    });
  }
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { ContextOverTimeStream, contextOverTimeSteps, type TurnPoint } from '../../src/core/replay/context-over-time';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict, PyValue } from '../../src/core/python/pyvalue';
import { getHistory, type ReplayOptions, type TokenCounter } from '../../src/core/replay/replay';
import { runNow } from '../../src/store/analyze/event-loop';

/** A stand-in estimator: deterministic, cheap, counts what the entry carries. */
const count: TokenCounter = (e) => 4 + String(e.content).length + (e.tool_calls ? 10 : 0);

function direct(ms: PyDict[], lc: number, opts: ReplayOptions, v: NanobotVersion, upto: number) {
  const r = getHistory(ms.slice(0, upto), Math.min(lc, upto), opts, v, count);
  return {
    tokens: r.error ? NaN : (r.tokens ?? []).reduce((a, b) => a + b, 0),
    messages: r.entries.length,
    first: r.sources[0] ?? -1,
    windowCut: !r.error && r.fates.some((f) => !f.kept && f.reason === 'window'),
    budgetCut: r.fates.some((f) => !f.kept && f.reason === 'budget'),
  };
}

function pick(p: TurnPoint) {
  const { tokens, messages, first, windowCut, budgetCut } = p;
  return { tokens, messages, first, windowCut, budgetCut };
}

function chat(turns: number, words = 20): PyDict[] {
  const ms: PyDict[] = [];
  for (let t = 0; t < turns; t++) {
    ms.push({ role: 'user', content: `question ${t} ` + 'w '.repeat(words) });
    ms.push({ role: 'assistant', content: '', tool_calls: [{ id: `c${t}`, type: 'function', function: { name: 'f', arguments: '{}' } }] });
    ms.push({ role: 'tool', tool_call_id: `c${t}`, content: 'result' });
    ms.push({ role: 'assistant', content: `answer ${t}` });
  }
  return ms;
}

describe('context over time', () => {
  it('finds the turn where the v0.2 window of 120 starts cutting', () => {
    const ms = chat(40);
    const c = runNow(contextOverTimeSteps(ms, 0, agentLoopOptions('v0.2'), 'v0.2', count));
    expect(c.points).toHaveLength(40);
    // 4 messages a turn: turn 30 (index 120, prefix 121) is the first prefix over 120 messages.
    expect(c.windowStarts).toEqual([30]);
    expect(c.points[29]!.windowCut).toBe(false);
    expect(c.points[30]!.windowCut).toBe(true);
    expect(c.points[39]!.messages).toBeLessThanOrEqual(120);
    expect(c.slowPath).toBe(false);
  });

  it('is budget-bound once the turns outgrow the budget, and always sends the latest user turn', () => {
    const ms = chat(50, 200);
    const opts = { ...agentLoopOptions('main'), maxTokens: 2_000 };
    const c = runNow(contextOverTimeSteps(ms, 0, opts, 'main', count));
    expect(c.budget).toBe(2_000);
    const bound = c.points.filter((p) => p.budgetCut);
    expect(bound.length).toBeGreaterThan(40);
    for (const p of c.points) {
      expect(p.tokens).toBeLessThanOrEqual(2_000);
      expect(ms[p.first]!.role).toBe('user');
    }
    expect(c.points.at(-1)!.first).toBeGreaterThan(0);
  });

  it('equals get_history on the prefix, turn by turn, with last_consolidated clamped', () => {
    const ms = chat(60);
    for (const v of NANOBOT_VERSIONS) {
      for (const lc of [0, 7, 100, 10_000]) {
        const opts = agentLoopOptions(v, 200_000);
        const c = runNow(contextOverTimeSteps(ms, lc, { ...opts, maxTokens: 1_500 }, v, count));
        expect(c.lastConsolidated).toBe(Math.min(lc, ms.length));
        for (const p of [c.points[0]!, c.points[3]!, c.points[30]!, c.points[59]!]) {
          expect(pick(p), `${v} lc=${lc} turn ${p.turn}`).toEqual(direct(ms, lc, { ...opts, maxTokens: 1_500 }, v, p.upto));
        }
      }
    }
  });

  it('marks the turn from which last_consolidated is in force', () => {
    const ms = chat(10);
    const c = runNow(contextOverTimeSteps(ms, 13, agentLoopOptions('v0.3.0'), 'v0.3.0', count));
    // prefix lengths 1, 5, 9, 13, …: the 4th turn's prefix holds message 12.
    expect(c.consolidatedAt).toBe(3);
  });

  const idA = fc.constantFrom('a', 'b', 'c', '');
  const message: fc.Arbitrary<PyDict> = fc.oneof(
    fc.record({ role: fc.constant('user'), content: fc.constantFrom('hi', 'a longer question', ''), _channel_delivery: fc.option(fc.boolean(), { nil: undefined }) }, { requiredKeys: ['role', 'content'] }),
    fc.record({ role: fc.constant('assistant'), content: fc.constantFrom('', 'ok', '  ', 'a reply with words'), tool_calls: fc.option(fc.array(fc.record({ id: idA })), { nil: undefined }) }, { requiredKeys: ['role', 'content'] }),
    fc.record({ role: fc.constant('tool'), tool_call_id: idA, content: fc.constantFrom('r', 'result text') }),
    fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.constant('/new'), _command: fc.constant(true) }),
  ) as fc.Arbitrary<PyDict>;

  it('equals get_history on every prefix of arbitrary sessions (windows, budgets, orphans, commands)', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 40 }),
        fc.nat(45),
        fc.constantFrom(...NANOBOT_VERSIONS),
        fc.record({ maxMessages: fc.integer({ min: -1, max: 12 }), maxTokens: fc.integer({ min: 0, max: 120 }), extendToUser: fc.boolean(), includeTimestamps: fc.boolean() }),
        (ms, lc, v, opts) => {
          const c = runNow(contextOverTimeSteps(ms, lc, opts, v, count));
          expect(c.points.length).toBe(ms.filter((m) => m.role === 'user').length);
          for (const p of c.points) expect(pick(p), `turn ${p.turn}`).toEqual(direct(ms, lc, opts, v, p.upto));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('fed one message at a time (a large file read in blocks), gives the same answer, or none where the exact path is needed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 9, arbitrary: message }, { weight: 1, arbitrary: fc.constant<PyDict>({ role: 'assistant', content: 'x', tool_calls: 5 }) }), { maxLength: 40 }),
        fc.nat(45),
        fc.constantFrom(...NANOBOT_VERSIONS),
        fc.record({ maxMessages: fc.integer({ min: -1, max: 12 }), maxTokens: fc.integer({ min: 0, max: 120 }), extendToUser: fc.boolean(), includeTimestamps: fc.boolean() }),
        (ms, lc, v, opts) => {
          const want = runNow(contextOverTimeSteps(ms, lc, opts, v, count));
          const stream = new ContextOverTimeStream(opts, v, count);
          for (const m of ms) stream.add(m);
          expect(stream.finish(lc)).toEqual(want.slowPath ? null : want);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes the exact path where nanobot raises, and says so', () => {
    const ms: PyDict[] = [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'x', tool_calls: 5 }, { role: 'user', content: 'b' }];
    const c = runNow(contextOverTimeSteps(ms, 0, agentLoopOptions('main'), 'main', count));
    expect(c.slowPath).toBe(true);
    expect(c.points[0]!.error).toBe(false);
    expect(c.points[1]!.error).toBe(true);
    expect(c.points[1]!.tokens).toBeNaN();
  });
});

describe('context over time with a stored last_consolidated 0.2.1 leaves unchecked', () => {
  // Each turn's point is get_history on that prefix, sliced with the stored value as Python slices it.
  const ms = chat(6);
  const perPrefix = (lc: PyValue) =>
    ms.flatMap((m, i) => {
      if (m.role !== 'user') return [];
      const r = getHistory(ms.slice(0, i + 1), lc, agentLoopOptions('0.2.1'), '0.2.1', count);
      return [r.error ? r.error.type : r.sources.join(',')];
    });
  const chart = (lc: PyValue) => runNow(contextOverTimeSteps(ms, lc, agentLoopOptions('0.2.1'), '0.2.1', count)).points;
  it('"3" raises TypeError at every turn', () => {
    expect(perPrefix('3').every((x) => x === 'TypeError')).toBe(true);
    expect(chart('3').every((p) => p.error && Number.isNaN(p.tokens))).toBe(true);
  });
  it('-3 starts each prefix three from its end', () => {
    const points = chart(-3);
    const want = ms.flatMap((m, i) => (m.role === 'user' ? [getHistory(ms.slice(0, i + 1), -3, agentLoopOptions('0.2.1'), '0.2.1', count).sources[0] ?? -1] : []));
    expect(points.map((p) => p.first)).toEqual(want);
    expect(perPrefix(-3)).not.toEqual(perPrefix(Math.max(0, ms.length - 3)));
  });
});

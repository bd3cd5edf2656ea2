import { describe, expect, it } from 'vitest';
import type { ContextOverTime, TurnPoint } from '../../../../src/core/replay/context-over-time';
import { runNow } from '../../../../src/store/analyze/event-loop';
import { chartShapeSteps, xOf, yOf } from '../../../../src/ui/session/replay/context/chart-shape';

function point(turn: number, tokens: number): TurnPoint {
  return { turn, index: turn * 2, upto: turn * 2 + 1, tokens, messages: 1, first: 0, windowCut: false, budgetCut: false, error: false };
}
const of = (points: TurnPoint[], budget = 0): ContextOverTime => ({ points, budget, lastConsolidated: 0, consolidatedAt: null, windowStarts: [], slowPath: false });

describe('chartShapeSteps', () => {
  it('builds the line over every turn in steps, so 2,000 turns are never one task', () => {
    const data = of(Array.from({ length: 2000 }, (_, k) => point(k, (k * 37) % 5000)));
    const steps = chartShapeSteps(data);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yields++;
    expect(yields).toBeGreaterThanOrEqual(8);
    const { line, most, top } = r.value;
    expect(most).toBe(Math.max(...data.points.map((p) => p.tokens)));
    expect(top).toBeCloseTo(most * 1.05);
    // the same path as drawing every point at once
    const whole = data.points.map((p, k) => `${k ? 'L' : 'M'}${xOf(k, 2000).toFixed(1)},${yOf(p.tokens, top).toFixed(1)}`).join('');
    expect(line).toBe(whole);
    expect(line.split('L')).toHaveLength(2000);
  });

  it('tops the scale at the budget when it is higher, and draws a turn where nanobot raises on the axis', () => {
    const { top, most, line } = runNow(chartShapeSteps(of([point(0, 10), { ...point(1, NaN), error: true }], 100)));
    expect(most).toBe(10);
    expect(top).toBeCloseTo(105);
    expect(line.endsWith(`,${yOf(0, top).toFixed(1)}`)).toBe(true);
  });
});

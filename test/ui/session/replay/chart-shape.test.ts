import { describe, expect, it } from 'vitest';
import type { ContextOverTime, TurnPoint } from '../../../../src/core/replay/context-over-time';
import { runNow } from '../../../../src/store/analyze/event-loop';
import { budgetOnScale, chartShapeSteps, xOf, yOf, yTicks } from '../../../../src/ui/session/replay/context/chart-shape';

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

describe('the budget on the scale', () => {
  it('is drawn to scale from a tenth of it up; below, the scale tops at the most sent so the line is not flat (issue 27)', () => {
    expect(budgetOnScale(100, 10)).toBe(true);
    expect(budgetOnScale(100, 9)).toBe(false);
    expect(budgetOnScale(0, 9)).toBe(false);
    // the demo's stand-up log: ~3,000 tokens a turn against a 190,784 budget
    const { top } = runNow(chartShapeSteps(of([point(0, 2_000), point(1, 3_000)], 190_784)));
    expect(top).toBeCloseTo(3_150);
    expect(yOf(3_000, top)).toBeLessThan(yOf(0, top) / 2);
  });
});

describe('yTicks', () => {
  const gapOk = (ticks: number[], top: number, font: number) =>
    ticks.every((a, i) => ticks.every((b, j) => i === j || Math.abs(yOf(a, top) - yOf(b, top)) >= font * 1.25));

  it('labels 0, the top and the most sent when they are a line of text apart', () => {
    const top = 65_536 * 1.05;
    expect(yTicks(top, 30_000, 11)).toEqual([0, 65_536, 30_000]);
  });

  it('leaves out a label that would sit on another: a small most against a big budget, a most next to the top (issue 27)', () => {
    const top = 65_536 * 1.05;
    // 500 tokens against a 65,536 budget: 1.3 viewBox units above 0, where the old chart wrote both
    expect(yTicks(top, 500, 11)).toEqual([0, 65_536]);
    expect(yTicks(top, 64_000, 11)).toEqual([0, 65_536]);
    // on a phone the labels are 2× larger in viewBox units: more is left out, nothing overlaps
    for (const most of [1, 2_000, 5_000, 10_000, 20_000, 40_000, 60_000, 65_536]) {
      for (const font of [9, 11, 22, 30]) expect(gapOk(yTicks(top, most, font), top, font), `${most} ${font}`).toBe(true);
    }
    expect(yTicks(1 * 1.05, 1, 11)).toEqual([0, 1]);
  });
});

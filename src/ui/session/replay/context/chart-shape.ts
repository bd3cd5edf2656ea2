/**
 * The context chart's geometry: its scale and the line over every turn as an SVG path. The path of
 * 2,000 turns is built in steps (run with the chart's own computation, in slices), so neither the
 * task that draws the chart nor a hover's re-render builds it.
 */
import type { ContextOverTime, TurnPoint } from '../../../../core/replay/context-over-time';

export const W = 800;
export const H = 220;
export const PAD = { l: 64, r: 12, t: 12, b: 28 };

/** Points of the line built per step: a slice stays well under a millisecond. */
const PATH_STEP = 250;

export interface ChartShape {
  /** The most tokens sent at any turn. */
  most: number;
  /** The y axis' top, in tokens (the budget when on scale, else the most, plus 5%). */
  top: number;
  /** The line over every turn, as an SVG path. */
  line: string;
}

/** Tokens as drawn: a turn where nanobot raises sits on the axis. */
export function drawnTokens(p: TurnPoint): number {
  return Number.isFinite(p.tokens) ? p.tokens : 0;
}

/** The x of point `k` of `n`: turns spread evenly over the plot's width (one turn in the middle). */
export function xOf(k: number, n: number): number {
  return PAD.l + (n <= 1 ? (W - PAD.l - PAD.r) / 2 : (k / (n - 1)) * (W - PAD.l - PAD.r));
}

/** The y of `tokens` on a scale topped at `top`. */
export function yOf(tokens: number, top: number): number {
  return PAD.t + (1 - tokens / top) * (H - PAD.t - PAD.b);
}

/**
 * Whether the budget is drawn to scale: when the most sent reaches a tenth of it. Below that every
 * turn's line would lie flat along the axis, so the scale tops at the most sent and the budget is
 * named instead of drawn.
 */
export function budgetOnScale(budget: number, most: number): boolean {
  return budget > 0 && most * 10 >= budget;
}

/** Step generator of the chart's shape (yields every few hundred points): for `runSliced`, or `runNow` when small. */
export function* chartShapeSteps(data: ContextOverTime): Generator<void, ChartShape> {
  const pts = data.points;
  const n = pts.length;
  let most = 0;
  for (const p of pts) most = Math.max(most, drawnTokens(p));
  const top = Math.max(1, budgetOnScale(data.budget, most) ? data.budget : 0, most) * 1.05;
  const parts: string[] = [];
  for (let k0 = 0; k0 < n; k0 += PATH_STEP) {
    let part = '';
    for (let k = k0; k < Math.min(n, k0 + PATH_STEP); k++) part += `${k ? 'L' : 'M'}${xOf(k, n).toFixed(1)},${yOf(drawnTokens(pts[k]!), top).toFixed(1)}`;
    parts.push(part);
    yield;
  }
  return { most, top, line: parts.join('') };
}

/** Size of the axis labels on screen, in CSS pixels. */
export const TICK_PX = 11;

/**
 * The token values the y axis labels, each at least a line of text (`font`, in viewBox units) from
 * the ones kept before it: 0, the scale's top (the budget or the most), then the most sent when it
 * has room — never two labels over each other, whatever the numbers.
 */
export function yTicks(top: number, most: number, font: number): number[] {
  const kept: number[] = [];
  const gap = font * 1.25;
  for (const v of [0, Math.round(top / 1.05), most]) {
    if (v < 0 || kept.includes(v)) continue;
    if (kept.every((k) => Math.abs(yOf(v, top) - yOf(k, top)) >= gap)) kept.push(v);
  }
  return kept;
}

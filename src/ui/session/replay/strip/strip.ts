/** The whole file as a strip of marks, one per message or one per bucket when messages outnumber pixels. */
import type { Fate } from '../../../../core/replay/replay';
import { FATE_ORDER, fateKey, type FateKey } from './fates';

/** The fate each of `width` columns shows: the most common one in its bucket (ties: FATE_ORDER). */
export function stripColumns(fates: Fate[], width: number): FateKey[] {
  const n = fates.length;
  if (n === 0) return [];
  const cols = Math.min(width, n);
  const out: FateKey[] = new Array(cols);
  for (let c = 0; c < cols; c++) {
    const from = Math.floor((c * n) / cols);
    const to = Math.floor(((c + 1) * n) / cols);
    if (to - from === 1) {
      out[c] = fateKey(fates[from]!);
      continue;
    }
    const tally = new Map<FateKey, number>();
    for (let i = from; i < to; i++) tally.set(fateKey(fates[i]!), (tally.get(fateKey(fates[i]!)) ?? 0) + 1);
    let best: FateKey = 'kept';
    let bestN = -1;
    for (const k of FATE_ORDER) {
      const v = tally.get(k) ?? 0;
      if (v > bestN) [best, bestN] = [k, v];
    }
    out[c] = best;
  }
  return out;
}

export interface StripRect {
  x: number;
  width: number;
  key: FateKey;
}

/**
 * The rectangles that draw `cols` across `width` pixels. Columns of 3 px or less touch, so a run of
 * equal ones becomes one rectangle (a 2,000-message strip is a few rectangles, not 2,000); wider
 * columns each get their own with a 1 px gap, so single messages stay countable.
 */
export function stripRects(cols: FateKey[], width: number): StripRect[] {
  const w = width / Math.max(1, cols.length);
  const gap = w > 3 ? 1 : 0;
  const out: StripRect[] = [];
  for (let i = 0; i < cols.length; ) {
    let j = i + 1;
    if (!gap) while (j < cols.length && cols[j] === cols[i]) j++;
    const x = Math.floor(i * w);
    const end = gap ? Math.ceil(j * w - gap) : j === cols.length ? width : Math.floor(j * w);
    out.push({ x, width: Math.max(1, end - x), key: cols[i]! });
    i = j;
  }
  return out;
}

/** The message a click at fraction `x` (0..1) of the strip points at. */
export function messageAt(x: number, n: number): number {
  return Math.max(0, Math.min(n - 1, Math.floor(x * n)));
}

/** CSS colour variable and fallback per fate (the variables differ per theme: styles.css). */
export const FATE_COLOURS: Record<FateKey, [string, string]> = {
  kept: ['--fate-kept', '#1e7a44'],
  budget: ['--fate-budget', '#b25e00'],
  'budget-cut': ['--fate-budget-cut', '#8a6a00'],
  orphan: ['--fate-orphan', '#c0182b'],
  'before-orphan': ['--fate-before-orphan', '#a3336f'],
  'before-user': ['--fate-before-user', '#2f6fcb'],
  command: ['--fate-command', '#1f2a6e'],
  blank: ['--fate-blank', '#69707a'],
  window: ['--fate-window', '#00798a'],
  consolidated: ['--fate-consolidated', '#8a4fc0'],
};

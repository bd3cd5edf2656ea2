/**
 * The closing table of `npm run bench`: every issue-16 goal among the figures of this run, with the
 * figure, its ratio to its same-run baseline, and whether the goal holds.
 */
import type { Figure } from './core';

export interface GoalRow {
  group: string;
  name: string;
  shown: string;
  ratio: string;
  goal: string;
  holds: boolean;
  /** Whether the p95 over the runs meets the goal too (null: one figure, no runs). */
  holdsAtP95: boolean | null;
}

const fmt = (x: number) => (Math.abs(x) < 10 ? x.toFixed(2) : x.toFixed(0));

/**
 * A figure's goal: its own `goal`, else one its note states as "goal ≤ N×" on a ratio figure (the CLI
 * group's way, a file another helper owns), else none.
 */
export function goalOf(f: Figure): Figure['goal'] | null {
  if (f.goal) return f.goal;
  const m = /goal ≤ ([\d.]+)×/.exec(f.note);
  return m && f.unit.startsWith('×') ? { max: Number(m[1]), label: `≤ ${m[1]}×` } : null;
}

/** The goal rows of the figures of each group run. */
export function goalRows(groups: readonly [group: string, figures: Figure[]][]): GoalRow[] {
  return groups.flatMap(([group, figures]) =>
    figures.flatMap((f) => {
      const goal = goalOf(f);
      if (!goal) return [];
      const judged = goal.on === 'p95' ? (f.p95 ?? f.value) : f.value;
      const shown = `${fmt(f.value)} ${f.unit}${f.p95 !== undefined ? ` (p95 ${fmt(f.p95)}, ${f.runs} runs)` : ''}`;
      const ratio = f.unit.startsWith('×') ? `${fmt(f.value)}${f.unit.slice(0, 1)}` : f.baseline ? `${fmt(f.value / f.baseline)}× (baseline ${fmt(f.baseline)} ${f.unit})` : '-';
      const meets = (x: number) => (goal.min !== undefined ? x >= goal.min : x <= (goal.max ?? Infinity));
      // A p95 is the high tail: it judges "at most" goals only.
      const atP95 = f.p95 === undefined || goal.min !== undefined ? null : meets(f.p95);
      return [{ group, name: f.name, shown, ratio, goal: `${goal.label}${goal.on === 'p95' ? ' at p95' : ''}`, holds: meets(judged), holdsAtP95: atP95 }];
    }),
  );
}

/** The rows as a plain-text table (one line each, columns separated by " | "). */
export function goalTable(rows: readonly GoalRow[]): string {
  if (!rows.length) return 'no figure with an issue-16 goal in this run';
  const lines = rows.map((r) => [(r.holds ? 'holds ' : 'MISSES') + (r.holdsAtP95 === null ? '' : r.holdsAtP95 ? ' (p95 holds) ' : ' (p95 MISSES)'), r.group, r.name, r.shown, `ratio ${r.ratio}`, `goal ${r.goal}`].join(' | '));
  return `${rows.filter((r) => r.holds).length} of ${rows.length} goals hold\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

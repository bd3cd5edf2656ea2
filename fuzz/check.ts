/**
 * Session Lens's answers on one generated file compared with nanobot's (the oracle's case), field
 * by field, with the golden runner's own check (test/golden/case.ts): a fuzz finding and a golden
 * mismatch are the same thing.
 */
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';
import type { PyDict } from '../src/core/python/pyvalue';
import { loadTokenizer } from '../src/core/tokens/tokenizer';
import { checkCase, checkListing, type CaseContext } from '../test/golden/case';
import { newTally, type Tally } from '../test/golden/compare';

/** The golden corpora's frozen clock and fixed file mtime, which fuzz/oracle.py uses too. */
export const FROZEN_NOW = '2031-07-08T09:10:11.121314';
export const FIXED_MTIME_ISO = '2002-02-27T09:06:07';

export type Mismatch = Tally['mismatches'][number];

let counter: CaseContext['count'] | null = null;

export async function caseContext(version: NanobotVersion): Promise<CaseContext> {
  counter ??= await loadTokenizer();
  return { version, now: FROZEN_NOW, mtime: FIXED_MTIME_ISO, count: counter, divergent: new Set() };
}

const errorName = (v: unknown) => (typeof v === 'string' && /^[A-Z]\w*(Error|Exception)$|^no error$/.test(v) ? v : null);

/**
 * What a mismatch is about: its field without indices (`history`, `load.result` …), and where one
 * side raised, which exception against what (`save.error:OSError/no error`, `history:RecursionError/value`).
 */
export function mismatchKind(m: Mismatch): string {
  const field = (m.where.split(' ')[1] ?? m.where).replace(/\[[^\]]*\]/g, '');
  const [e, a] = [errorName(m.expected), errorName(m.actual)];
  if (e === null && a === null) return field;
  return `${field}:${e ?? (m.expected === null ? 'null' : 'value')}/${a ?? (m.actual === null ? 'null' : 'value')}`;
}

export interface CheckResult {
  checks: number;
  mismatches: Mismatch[];
  /** The core threw where it should have answered. */
  crash?: string;
}

/** Checks every field of nanobot's case `g` against the core on `bytes`. */
export function checkAgainst(g: PyDict, bytes: Uint8Array, ctx: CaseContext, name = 'fuzz'): CheckResult {
  const t = newTally();
  try {
    checkCase(t, name, g, bytes, ctx);
  } catch (e) {
    return { checks: t.checks, mismatches: t.mismatches, crash: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 500) : String(e) };
  }
  return { checks: t.checks, mismatches: t.mismatches };
}

/** Checks nanobot's listing `g` of a folder against the core's. */
export function checkFolder(g: PyDict, files: { name: string; bytes: Uint8Array }[], ctx: CaseContext, name = 'fuzz'): CheckResult {
  const t = newTally();
  try {
    checkListing(t, `${name} listing`, g, new Map([...files].sort((a, b) => (a.name < b.name ? -1 : 1)).map((f) => [f.name, f.bytes])), ctx);
  } catch (e) {
    return { checks: t.checks, mismatches: t.mismatches, crash: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 500) : String(e) };
  }
  return { checks: t.checks, mismatches: t.mismatches };
}

/** The kinds of a result's mismatches (a crash of the core counts as the kind `crash`). */
export function kindsOf(r: CheckResult): string[] {
  const kinds = new Set(r.mismatches.map(mismatchKind));
  if (r.crash) kinds.add('crash');
  return [...kinds].sort();
}

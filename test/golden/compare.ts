/**
 * Comparing our answers with nanobot's golden answers: exact value equality (int vs float, key
 * order, NaN), with the frozen clock and file mtime written as the golden flags.
 */
import { PyFloat, dictFrom, dictGet, dictKeys, isDict, type PyDict, type PyValue } from '../../src/core/python/pyvalue';

export interface Tally {
  checks: number;
  mismatches: { where: string; expected: unknown; actual: unknown }[];
}

export function newTally(): Tally {
  return { checks: 0, mismatches: [] };
}

/** Replaces the frozen "now" and the fixture mtime by the flags the golden files use. */
export function flagTimes(v: unknown, now: string, mtime: string): unknown {
  if (v === now) return '<NOW>';
  if (v === mtime) return '<MTIME>';
  if (Array.isArray(v)) return v.map((x) => flagTimes(x, now, mtime));
  if (isDict(v as PyValue)) {
    // A Python dict, rebuilt as one: `__proto__` stays a key, integer-like keys keep their order.
    const d = v as PyDict;
    return dictFrom(dictKeys(d).map((k) => [k, flagTimes(dictGet(d, k), now, mtime) as PyValue] as const));
  }
  return v;
}

/** Python equality plus type identity (1 vs 1.0 differ) and key order. */
export function same(a: unknown, b: unknown): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) {
    if (!(a instanceof PyFloat && b instanceof PyFloat)) return false;
    return Object.is(a.value, b.value) || (Number.isNaN(a.value) && Number.isNaN(b.value));
  }
  if (typeof a === 'bigint' || typeof b === 'bigint') return typeof a === typeof b && a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => same(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = dictKeys(a as never);
    const kb = dictKeys(b as never);
    if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
    return ka.every((k) => same(dictGet(a as PyDict, k), dictGet(b as PyDict, k)));
  }
  return a === b;
}

/** Records one check. */
export function check(t: Tally, where: string, expected: unknown, actual: unknown): boolean {
  t.checks++;
  if (same(expected, actual)) return true;
  t.mismatches.push({ where, expected, actual });
  return false;
}

/** Half-open ranges `[[start, stop], …]` from a sorted index list (the golden files' encoding). */
export function toRanges(ix: number[]): number[][] {
  const out: number[][] = [];
  for (const i of ix) {
    const last = out[out.length - 1];
    if (last && last[1] === i) last[1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/** Printable form of a value for mismatch reports (floats, bigints and key order visible). */
export function show(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x instanceof PyFloat ? { $float: String(x.value) } : typeof x === 'bigint' ? { $bigint: x.toString() } : x));
}

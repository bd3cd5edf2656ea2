/**
 * The redaction step of an export, value by value: findings numbered once across the title, the
 * key and each message in order (the number is in the mask and in the list), and a value masked
 * by its numbered findings. Working one value at a time, a file read piece by piece (large-file
 * mode) gets the very numbers and masks of the whole one.
 */
import { findInValue, redactValue, type ValueFinding } from './redact-value';
import type { SecretKind } from './redact';
import type { PyValue } from '../python/pyvalue';

/** A finding with its number (0-based; shown 1-based); where it is comes from `f.path`. */
export interface Numbered {
  id: number;
  f: ValueFinding;
}

/** Where the values of an export sit, for the findings' paths: the title, the key, message `i`. */
export const TITLE_PATH = ['title'] as const;
export const KEY_PATH = ['key'] as const;
export const messagePath = (i: number): (string | number)[] => ['messages', i];

/** The findings in `v` numbered from `first` (the count before it), so numbers run on across values. */
export function numberFindings(v: PyValue, sessionKey: string, path: readonly (string | number)[], first: number): Numbered[] {
  return findInValue(v, { sessionKey }, [...path]).map((f, k) => ({ id: first + k, f }));
}

/** `v` with each numbered finding replaced by `mask(n)`, or kept where that gives null (the user unmasked it). */
export function redactNumbered(v: PyValue, ns: readonly Numbered[], path: readonly (string | number)[], mask: (n: Numbered) => string | null): PyValue {
  if (!ns.length) return v;
  const ids = new Map(ns.map((n) => [n.f, n] as const));
  return redactValue(v, ns.map((n) => n.f), (f) => mask(ids.get(f)!), [...path]);
}

/**
 * Findings counted in full but listed only up to a bound: a 1 GB file may hold millions, and the
 * list is for reading and unmasking, not for holding every one.
 */
export interface FindingTally {
  total: number;
  byKind: Map<SecretKind, number>;
  /** The first findings in number order (ids 0 … listed.length − 1). */
  listed: Numbered[];
}

/** An empty tally. */
export function emptyTally(): FindingTally {
  return { total: 0, byKind: new Map(), listed: [] };
}

/** Counts `ns` into `t`, listing them while the list has room for `limit`. */
export function tallyFindings(t: FindingTally, ns: readonly Numbered[], limit: number): void {
  for (const n of ns) {
    t.total++;
    t.byKind.set(n.f.kind, (t.byKind.get(n.f.kind) ?? 0) + 1);
    if (t.listed.length < limit) t.listed.push(n);
  }
}

/**
 * The user's masking choices as data a worker can be sent: the mask's words around a label and a
 * number, the label of each kind, and the findings the user unmasked.
 */
export interface MaskData {
  parts: [string, string, string];
  labels: Partial<Record<SecretKind, string>>;
  unmask: number[];
}

const LABEL_SLOT = '\u0000';
const NUMBER_SLOT = 9_876_543_210;

/** `mask(label, n)` as data, with `labels` and `unmask`; null when it does not simply wrap the label and the number (then it is not sent). */
export function maskToData(mask: (label: string, n: number) => string, labels: Partial<Record<SecretKind, string>>, unmask: Iterable<number>): MaskData | null {
  const t = mask(LABEL_SLOT, NUMBER_SLOT);
  const [a, rest] = [t.slice(0, t.indexOf(LABEL_SLOT)), t.slice(t.indexOf(LABEL_SLOT) + 1)];
  const at = rest.indexOf(String(NUMBER_SLOT));
  if (!t.includes(LABEL_SLOT) || at < 0) return null;
  const parts: [string, string, string] = [a, rest.slice(0, at), rest.slice(at + String(NUMBER_SLOT).length)];
  if (mask('probe', 12) !== parts[0] + 'probe' + parts[1] + '12' + parts[2]) return null;
  return { parts, labels, unmask: [...unmask] };
}

/** The mask function of `d`: a finding's mask, or null for one the user unmasked. */
export function maskFromData(d: MaskData): (n: Numbered) => string | null {
  const unmask = new Set(d.unmask);
  const [a, b, c] = d.parts;
  return (n) => (unmask.has(n.id) ? null : a + (d.labels[n.f.kind] ?? n.f.kind) + b + (n.id + 1) + c);
}

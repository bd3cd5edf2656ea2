/**
 * The border between nanobot's listing rows and the rest of the app. A row's values come from
 * untyped files: nanobot keeps any truthy stored `key` and any `created_at` / `updated_at` (a number,
 * a list, a big int, NaN), so they are checked here once and given text to show, Python's way.
 * (By hand: it turns any value into text and rejects nothing, where a schema would add nothing.)
 */
import type { ListingRow } from '../../core/listing/listing';
import { pyRepr } from '../../core/python/pyrepr';
import { PyFloat, isDict, type PyValue } from '../../core/python/pyvalue';

/** nanobot's listing row: its raw values kept as nanobot returns them, plus the key as text. */
export interface ListedRow {
  /** Any JSON value: the stored key when truthy (a number in a hand-edited file), else the fallback. */
  key: PyValue;
  created_at: PyValue;
  updated_at: PyValue;
  title: string;
  preview: string;
  path: string;
  /** `key` as people should read it: the string itself, else Python's `repr` (`12345`, `[1, 2]`). */
  keyText: string;
  /** False when the stored key is not a string (nanobot lists it, but no session can be opened by it). */
  keyIsText: boolean;
}

/** A value as text to show: a string as is, anything else as Python's `repr` (never throws). */
export function shownValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  return isPyValue(v) ? pyRepr(v) : String(v);
}

function isPyValue(v: unknown): v is PyValue {
  const t = typeof v;
  return v === null || t === 'boolean' || t === 'string' || t === 'number' || t === 'bigint' || v instanceof PyFloat || Array.isArray(v) || isDict(v);
}

const value = (v: unknown): PyValue => (isPyValue(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : shownValue(v));

/** Checks a core listing row at the border: never throws, whatever the file held. */
export function listedRow(row: ListingRow): ListedRow {
  const r: Record<string, unknown> = row as unknown as Record<string, unknown>;
  const key = value(r.key);
  return {
    key,
    created_at: value(r.created_at),
    updated_at: value(r.updated_at),
    title: text(r.title),
    preview: text(r.preview),
    path: text(r.path),
    keyText: shownValue(key),
    keyIsText: typeof key === 'string',
  };
}

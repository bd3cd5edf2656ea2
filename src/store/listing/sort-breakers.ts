/**
 * Why nanobot's own listing fails on a folder, file by file, and the edit that would make it list the
 * folder again (issue 42): the listing's sort raises when `updated_at` values cannot be compared (a
 * number among texts), and from v0.3.0 one file's head can make the whole listing raise.
 */
import type { SessionDocument } from '../../core/lens/document';
import { pyDumps, type PyError } from '../../core/python/pyjson';
import { dictFrom, dictGet, dictKeys, dictSet, PyFloat, type PyValue } from '../../core/python/pyvalue';
import { mtimeIso, type Listing, type SessionSummary } from './session-list';

/** Where the text a fix writes comes from: the number read as a Unix time, the file's `created_at`, or its mtime. */
export type FixSource = 'epoch-seconds' | 'epoch-ms' | 'created-at' | 'mtime';

/** One file that makes nanobot's listing fail, as codes and values. */
export type SortBreaker =
  /** Its `updated_at` is not text: `fix` is the text that would let nanobot's sort compare it. */
  | { cause: 'updated-at'; summary: SessionSummary; updatedAt: PyValue; fix: string; from: FixSource }
  /** Its head makes nanobot's listing raise `error` (no single value to fix: the file needs a look or a repair). */
  | { cause: 'raises'; summary: SessionSummary; error: PyError };

/** Unix times (s) nanobot could have written as a number: 2000-01-01 to 2100-01-01. */
const EPOCH_FROM = 946_684_800;
const EPOCH_TO = 4_102_444_800;

function numberOf(v: PyValue): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return v instanceof PyFloat ? v.value : null;
}

/**
 * The text `updated_at` could be instead of `v`, keeping the file's place in the order where it can:
 * a number that reads as a Unix time in seconds or milliseconds becomes that time (naive local ISO, as
 * nanobot writes times), else the file's own `created_at` text, else its mtime (nanobot's fallback).
 */
export function updatedAtFix(v: PyValue, createdAt: PyValue, lastModified: number): { fix: string; from: FixSource } {
  const n = numberOf(v);
  if (n !== null && Number.isFinite(n)) {
    if (n >= EPOCH_FROM && n < EPOCH_TO) return { fix: mtimeIso(Math.round(n * 1000)), from: 'epoch-seconds' };
    if (n >= EPOCH_FROM * 1000 && n < EPOCH_TO * 1000) return { fix: mtimeIso(Math.round(n)), from: 'epoch-ms' };
  }
  if (typeof createdAt === 'string' && createdAt !== '') return { fix: createdAt, from: 'created-at' };
  return { fix: mtimeIso(lastModified), from: 'mtime' };
}

/**
 * The files that make nanobot's listing of this folder fail (none when it does not): each file whose
 * head raises, else every row whose `updated_at` is not text (all text, the sort compares them all).
 */
export function sortBreakers(l: Listing): SortBreaker[] {
  if (!l.sortError) return [];
  const raising = l.summaries.filter((s) => s.raises);
  if (raising.length > 0) return raising.map((s) => ({ cause: 'raises', summary: s, error: s.raises! }));
  const out: SortBreaker[] = [];
  for (const s of l.summaries) {
    const v = s.row?.updated_at;
    if (!s.row || typeof v === 'string' || v === undefined) continue;
    out.push({ cause: 'updated-at', summary: s, updatedAt: v, ...updatedAtFix(v, s.row.created_at ?? null, s.lastModified) });
  }
  return out;
}

/**
 * The fix as an edit of the document: line 1, the metadata record nanobot's listing reads, with
 * `updated_at` set to `fix`; its other values and every other line stay as they are. null when line 1
 * no longer holds the value the listing saw (the file changed since: list it again first).
 */
export function withUpdatedAt(doc: SessionDocument, seen: PyValue, fix: string): SessionDocument | null {
  const first = doc.records[0];
  const meta = first?.kind === 'metadata' ? first.value : null;
  const now = meta ? dictGet(meta, 'updated_at') : undefined;
  if (!meta || now === undefined || pyDumps(now) !== pyDumps(seen)) return null;
  const next = dictFrom(dictKeys(meta).map((k) => [k, meta[k]!] as const));
  dictSet(next, 'updated_at', fix);
  return { records: [{ ...first!, value: next, edited: true }, ...doc.records.slice(1)], diagnostics: doc.diagnostics };
}

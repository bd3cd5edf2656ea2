/**
 * Redaction over JSON values (messages as stored, replayed entries): every string is searched —
 * dict keys too, since a file may hold anything anywhere — and masked in a copy, so every export
 * format is built from the same redacted data.
 */
import { PyFloat, dictFrom, dictKeys, isDict, type PyValue } from '../python/pyvalue';
import { applyRedaction, findSecrets, type FindOptions, type Finding } from './redact';

/** Where a string sits in the value: list indices and dict keys from the top; `inKey`: the key itself. */
export interface ValueFinding extends Finding {
  path: (string | number)[];
  inKey: boolean;
}

/** Every finding in every string of `v`, in a fixed walk order (dicts in key order, a key before its value). */
export function findInValue(v: PyValue, opts: FindOptions = {}, path: (string | number)[] = []): ValueFinding[] {
  const out: ValueFinding[] = [];
  const walk = (x: PyValue, at: (string | number)[]) => {
    if (typeof x === 'string') {
      for (const f of findSecrets(x, opts)) out.push({ ...f, path: at, inKey: false });
    } else if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...at, i]));
    else if (isDict(x)) {
      for (const k of dictKeys(x)) {
        for (const f of findSecrets(k, opts)) out.push({ ...f, path: [...at, k], inKey: true });
        walk(x[k]!, [...at, k]);
      }
    }
  };
  walk(v, path);
  return out;
}

const where = (path: (string | number)[], inKey: boolean) => JSON.stringify([inKey, path]);

/**
 * A copy of `v` with each finding replaced by `mask(finding)`, or kept where that returns null.
 * `findings` are those findInValue gave for `v` (with the same starting path).
 */
export function redactValue(v: PyValue, findings: readonly ValueFinding[], mask: (f: ValueFinding) => string | null, path: (string | number)[] = []): PyValue {
  const byString = new Map<string, ValueFinding[]>();
  for (const f of findings) {
    const k = where(f.path, f.inKey);
    byString.set(k, [...(byString.get(k) ?? []), f]);
  }
  const text = (s: string, at: (string | number)[], inKey: boolean): string => {
    const fs = byString.get(where(at, inKey));
    if (!fs) return s;
    const masks = fs.map(mask);
    const keep = new Set(masks.flatMap((m, i) => (m === null ? [i] : [])));
    return applyRedaction(s, fs, keep, (_f, i) => masks[i]!);
  };
  const walk = (x: PyValue, at: (string | number)[]): PyValue => {
    if (typeof x === 'string') return text(x, at, false);
    if (Array.isArray(x)) return x.map((y, i) => walk(y, [...at, i]));
    if (isDict(x)) return dictFrom(dictKeys(x).map((k) => [text(k, [...at, k], true), walk(x[k]!, [...at, k])] as const));
    return x instanceof PyFloat ? new PyFloat(x.value) : x;
  };
  return byString.size ? walk(v, path) : v;
}

/**
 * The values a nanobot session file can hold, as Python's `json.loads` would see them.
 *
 * JavaScript's own JSON values lose two distinctions that change nanobot's answers:
 * - int vs float: Python keeps `2` and `2.0` apart (a float `last_consolidated` is reset to 0,
 *   `str(1.0)` is `"1.0"`), so a float is boxed in `PyFloat`; ints are plain numbers, or `bigint`
 *   when they do not fit a double exactly.
 * - dict key order: Python keeps insertion order, while a JS object puts integer-like keys first.
 *   Objects whose order JS would change carry their real order under `KEY_ORDER`.
 */

/** A Python float (`1.0`, `1e+16`, `NaN`, `Infinity`); boxed so it is never mistaken for an int. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** Python dict: a plain object; `KEY_ORDER` holds the insertion order when JS would reorder keys. */
export type PyDict = { [key: string]: PyValue; [KEY_ORDER]?: string[] };
export type PyValue = null | boolean | string | number | bigint | PyFloat | PyValue[] | PyDict;

export const KEY_ORDER: unique symbol = Symbol('KEY_ORDER');

/** True for a JSON object (Python dict). */
export function isDict(v: unknown): v is PyDict {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);
}

/** True for a Python int that is not a bool (the check nanobot's clamps make). */
export function isInt(v: unknown): v is number | bigint {
  return (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
}

/** The keys of a dict in Python's insertion order. */
export function dictKeys(d: PyDict): string[] {
  return d[KEY_ORDER] ?? Object.keys(d);
}

const INDEX_LIKE = /^(?:0|[1-9][0-9]{0,9})$/;

/** True when a JS object would not keep this key in insertion order. */
export function reordersKey(key: string): boolean {
  return INDEX_LIKE.test(key) && Number(key) < 4294967295;
}

/**
 * Sets d[key] the way a Python dict assignment would: a new key goes last, an existing one keeps
 * its place; `__proto__` is an ordinary key.
 */
export function dictSet(d: PyDict, key: string, value: PyValue): void {
  const isNew = !Object.prototype.hasOwnProperty.call(d, key);
  if (isNew && (d[KEY_ORDER] || reordersKey(key))) {
    if (!d[KEY_ORDER]) d[KEY_ORDER] = Object.keys(d);
    d[KEY_ORDER].push(key);
  }
  Object.defineProperty(d, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Python `del d[key]` / `d.pop(key, None)`: keeps the order of the remaining keys. */
export function dictDelete(d: PyDict, key: string): boolean {
  if (!Object.prototype.hasOwnProperty.call(d, key)) return false;
  delete d[key];
  const order = d[KEY_ORDER];
  if (order) order.splice(order.indexOf(key), 1);
  return true;
}

/** Builds a dict from entries in order (later duplicates overwrite in place, like Python). */
export function dictFrom(entries: Iterable<readonly [string, PyValue]>): PyDict {
  const d: PyDict = {};
  for (const [k, v] of entries) dictSet(d, k, v);
  return d;
}

/** Python `d.get(key)`: own keys only, so `constructor` or `toString` are never found by accident. */
export function dictGet(d: PyDict, key: string): PyValue | undefined {
  return Object.prototype.hasOwnProperty.call(d, key) ? d[key] : undefined;
}

/** `copy.deepcopy` for JSON values (forks copy messages deeply). */
export function deepCopy<T extends PyValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepCopy(x)) as T;
  if (isDict(v)) return dictFrom(dictKeys(v).map((k) => [k, deepCopy(v[k]!)] as const)) as T;
  return v;
}

/**
 * How deep `copy.deepcopy(v)` recurses, in its own levels (two Python frames each: `deepcopy` and
 * the type's copier): a scalar or a dict's key is 1, a list or dict 1 + its deepest item (an empty
 * one 1). Without recursion, so any nesting can be measured.
 */
export function copyDepth(v: PyValue): number {
  // Containers only go on the stack (values and their depths side by side, no pair per item): a
  // scalar's level is known where it is met. A listing measures every record it previews.
  if (!Array.isArray(v) && !isDict(v)) return 1;
  let max = 1;
  const values: PyValue[] = [v];
  const depths: number[] = [1];
  while (values.length) {
    const x = values.pop()!;
    const d = depths.pop()!;
    if (d > max) max = d;
    const items = Array.isArray(x) ? x : null;
    const keys = items ? null : dictKeys(x as PyDict);
    const n = items ? items.length : keys!.length;
    // A dict's key is one level below it, as a scalar item is.
    if (n && d + 1 > max) max = d + 1;
    for (let i = 0; i < n; i++) {
      const k = items ? items[i]! : (x as PyDict)[keys![i]!]!;
      if (Array.isArray(k) || isDict(k)) {
        values.push(k);
        depths.push(d + 1);
      }
    }
  }
  return max;
}

/** The RecursionError `copy.deepcopy` raises past its budget (see `depthBudget` in the version table). */
export const DEEPCOPY_RECURSION: { readonly type: string; readonly message: string } = {
  type: 'RecursionError',
  message: 'maximum recursion depth exceeded while calling a Python object',
};

/** Python truthiness of a JSON value. */
export function truthy(v: PyValue | undefined): boolean {
  if (v === undefined || v === null || v === false) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v === true) return true;
  return dictKeys(v).length > 0;
}

/** Python's type name of a JSON value (`NoneType`, `int`, `float`, `list`...), for exception messages. */
export function pyTypeName(v: PyValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'number' || typeof v === 'bigint') return 'int';
  if (v instanceof PyFloat) return 'float';
  return Array.isArray(v) ? 'list' : 'dict';
}

/** The number a bool, int or float stands for when Python compares it (True == 1 == 1.0), else null. */
export function pyNumber(v: PyValue): number | bigint | null {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  return v instanceof PyFloat ? v.value : null;
}

/**
 * Python `a == b` for JSON values: numbers across int/float/bool, lists and dicts deeply, key order
 * ignored. Inside a list or dict Python compares items by identity first (`x is y or x == y`), and
 * every NaN `json.loads` makes is one object (`json.decoder.NaN`), so there NaN equals NaN; a NaN
 * compared on its own does not.
 */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const x = pyNumber(a);
  const y = pyNumber(b);
  if (x !== null || y !== null) {
    if (x === null || y === null) return false;
    // eslint-disable-next-line eqeqeq -- int vs bigint compare exactly, as Python's int == float does
    return typeof x === 'bigint' || typeof y === 'bigint' ? x == y : x === y;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyItemEquals(v, b[i]!));
  }
  if (isDict(a) || isDict(b)) {
    if (!isDict(a) || !isDict(b)) return false;
    const ka = dictKeys(a);
    return ka.length === dictKeys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && pyItemEquals(a[k]!, b[k]!));
  }
  return a === b;
}

/** Python's `PyObject_RichCompareBool(a, b, Py_EQ)`, how lists, dicts and sorts compare items: identity first, so json's one NaN equals itself. */
export function pyItemEquals(a: PyValue, b: PyValue): boolean {
  return isJsonNaN(a) && isJsonNaN(b) ? true : pyEquals(a, b);
}

function isJsonNaN(v: PyValue): boolean {
  return v instanceof PyFloat && Number.isNaN(v.value);
}

/**
 * Where Python's `messages[v:]` starts over `n` messages, for a `last_consolidated` nothing checked: None
 * the start, a bool 0 or 1, a negative int counts from the end, a big one past the end; null when the
 * slice raises TypeError (a string, a float, a list…).
 */
export function pySliceStart(v: PyValue | undefined, n: number): number | null {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return v ? Math.min(1, n) : 0;
  if (!isInt(v)) return null;
  const x = Number(v);
  return x < 0 ? Math.max(0, n + x) : Math.min(x, n);
}

/**
 * Python's `str()` and `repr()` of JSON values. nanobot formats breadcrumbs, timestamps and tool-call
 * ids with f-strings and `str()`, so `True`, `1.0`, `['a', 'b']` must come out exactly as Python writes them.
 */
import { newerThanUnicode14 } from './unicode14';
import { floatRepr } from './pyjson';
import { PyFloat, dictKeys, isDict, type PyValue } from './pyvalue';

/** Python `str(v)`. */
export function pyStr(v: PyValue): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/** Python `repr(v)`. */
export function pyRepr(v: PyValue): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return reprString(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof PyFloat) {
    const r = floatRepr(v.value);
    return r === 'NaN' ? 'nan' : r === 'Infinity' ? 'inf' : r === '-Infinity' ? '-inf' : r;
  }
  if (Array.isArray(v)) return '[' + v.map(pyRepr).join(', ') + ']';
  if (isDict(v)) return '{' + dictKeys(v).map((k) => reprString(k) + ': ' + pyRepr(v[k]!)).join(', ') + '}';
  return String(v);
}

// Characters Python's str.isprintable() rejects (other than ASCII controls handled separately):
// categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs except the ASCII space.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]|[\ud800-\udfff]/u;

/** Python `repr(str)`: single quotes unless the text has `'` and no `"`; escapes non-printables. */
function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && (NON_PRINTABLE.test(ch) || newerThanUnicode14(ch.codePointAt(0)!))) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x100) out += '\\x' + cp.toString(16).padStart(2, '0');
      else if (cp < 0x10000) out += '\\u' + cp.toString(16).padStart(4, '0');
      else out += '\\U' + cp.toString(16).padStart(8, '0');
    } else out += ch;
  }
  return out + quote;
}

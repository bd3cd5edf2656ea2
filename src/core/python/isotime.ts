/**
 * nanobot's timestamps: `datetime.fromisoformat(v)` on load, `.isoformat()` on save (Python 3.11).
 *
 * This is a byte-level port of CPython 3.11's `_datetimemodule.c` parser, quirks included: the string
 * is UTF-8 encoded first (a lone surrogate is allowed only as the separator), any one character may
 * separate date and time, a fraction may follow the hour or minute, up to 6 fraction digits count and
 * the rest are skipped, offsets may carry seconds and microseconds, a zero offset is UTC and hour 24
 * is rejected (3.11 has no "24:00 is next midnight" rule).
 */
import { isSurrogate } from './pytext';

export type IsoResult =
  | { ok: true; iso: string }
  | { ok: false; type: 'ValueError' | 'TypeError'; message: string };

const [HYPHEN, COLON, DOT, COMMA, W, Z, PLUS] = ['-', ':', '.', ',', 'W', 'Z', '+'].map((c) => c.charCodeAt(0));

/** UTF-8 bytes as C sees them: reading past the end gives the NUL terminator. */
type Bytes = { at(i: number): number; len: number };

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** `parse_digits`: exactly n ASCII digits at p, as [value, p + n]. */
function digits(b: Bytes, p: number, n: number): [number, number] | null {
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = b.at(p + i);
    if (!isDigit(c)) return null;
    v = v * 10 + c - 0x30;
  }
  return [v, p + n];
}


/** `_sanitize_isoformat_str` + `PyUnicode_AsUTF8AndSize`: null where Python reports an invalid string. */
function utf8(s: string): Bytes | null {
  const cps = Array.from(s, (ch) => ch.codePointAt(0)!);
  if (cps.length < 7) return null;
  const pos = [7, 8, 10].filter((i) => i <= cps.length).find((i) => isSurrogate(cps[i]));
  if (pos !== undefined) cps[pos] = 'T'.charCodeAt(0);
  const out: number[] = [];
  for (const c of cps) {
    if (isSurrogate(c)) return null; // UnicodeEncodeError
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return { at: (i) => out[i] ?? 0, len: out.length };
}

/** `_find_isoformat_datetime_separator`: where the date ends (-1: hopeless). */
function separatorAt(b: Bytes): number {
  const len = b.len;
  if (len === 7) return 7;
  if (b.at(4) === HYPHEN) {
    if (b.at(5) !== W) return 10; // YYYY-MM-DD
    if (len > 8 && b.at(8) === HYPHEN) {
      if (len === 9) return -1;
      return len > 10 && isDigit(b.at(10)) ? 8 : 10; // YYYY-Www-HH… or YYYY-Www-D
    }
    return 8; // YYYY-Www
  }
  if (b.at(4) !== W) return 8; // YYYYMMDD
  let idx = 7; // YYYYWww or YYYYWwwD: run over the digits
  while (idx < len && isDigit(b.at(idx))) idx++;
  if (idx < 9) return idx;
  return idx % 2 === 0 ? 7 : 8;
}

const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** `iso_to_ymd`: an ISO week date as a calendar date, null when the week or weekday is out of range. */
function isoToYmd(year: number, week: number, weekday: number): number[] | null {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  const jan1 = (d.getUTCDay() + 6) % 7; // 0 = Monday
  if (week <= 0 || week >= 53) {
    const long = year !== 0 && (jan1 === 3 || (jan1 === 2 && isLeap(year)));
    if (week !== 53 || !long) return null;
  }
  if (weekday <= 0 || weekday >= 8) return null;
  // CPython's ordinal arithmetic misbehaves before year 1; for ISO year 0 it always ends in this error.
  if (year === 0) return [1, 0, 1];
  d.setUTCFullYear(year, 0, 1 - jan1 + (jan1 > 3 ? 7 : 0) + (week - 1) * 7 + weekday - 1);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** `parse_isoformat_date` over the first `len` bytes: [year, month, day] or null. */
function parseDate(b: Bytes, len: number): number[] | null {
  const year = digits(b, 0, 4);
  if (!year) return null;
  let p = 4;
  const dashed = b.at(p) === HYPHEN;
  if (dashed) p++;
  if (b.at(p) === W) {
    const week = digits(b, p + 1, 2);
    if (!week) return null;
    p = week[1];
    let weekday = 1;
    if (p < len) {
      if (dashed && b.at(p++) !== HYPHEN) return null;
      const wd = digits(b, p, 1);
      if (!wd) return null;
      weekday = wd[0];
    }
    return isoToYmd(year[0], week[0], weekday);
  }
  const month = digits(b, p, 2);
  if (!month) return null;
  p = month[1];
  if (dashed && b.at(p++) !== HYPHEN) return null;
  const day = digits(b, p, 2);
  return day && [year[0], month[0], day[0]];
}

/** `parse_hh_mm_ss_ff` on [p, end): rv < 0 fails, 1 means something (a time zone?) follows. */
function parseHms(b: Bytes, p: number, end: number): { rv: number; v: number[] } {
  const v = [0, 0, 0, 0];
  let colons = true;
  for (let i = 0; i < 3; i++) {
    const r = digits(b, p, 2);
    if (!r) return { rv: -3, v };
    [v[i], p] = r;
    const c = b.at(p++);
    if (i === 0) colons = c === COLON;
    if (p >= end) return { rv: c !== 0 ? 1 : 0, v };
    if (colons && c === COLON) continue;
    if (c === DOT || c === COMMA) break;
    if (colons) return { rv: -4, v };
    p--; // compact form: that character starts the next field
  }
  const n = Math.min(end - p, 6);
  const frac = digits(b, p, n);
  if (!frac) return { rv: -3, v };
  v[3] = frac[0] * 10 ** (6 - n);
  p = frac[1];
  while (isDigit(b.at(p))) p++; // digits past the 6th are dropped
  return { rv: b.at(p) !== 0 ? 1 : 0, v };
}

/** `parse_isoformat_time`: time fields plus the offset in microseconds (null: naive), or null. */
function parseTime(b: Bytes, p: number, end: number): { t: number[]; tz: number | null } | null {
  let tzPos = p;
  do {
    const c = b.at(tzPos);
    if (c === Z || c === PLUS || c === HYPHEN) break;
  } while (++tzPos < end);
  const { rv, v } = parseHms(b, p, tzPos);
  if (rv < 0) return null;
  if (tzPos === end) return rv === 1 ? null : { t: v, tz: null };
  if (b.at(tzPos) === Z) return b.at(tzPos + 1) === 0 ? { t: v, tz: 0 } : null;
  const sign = b.at(tzPos) === HYPHEN ? -1 : 1;
  const off = parseHms(b, tzPos + 1, end);
  if (off.rv !== 0) return null;
  const [h, m, s, us] = off.v;
  const seconds = h * 3600 + m * 60 + s;
  // tzinfo_from_isoformat_results: a zero-second offset is UTC, whatever its microseconds.
  return { t: v, tz: seconds === 0 ? 0 : sign * (seconds * 1e6 + us) };
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const DAY_US = 86_400_000_000;

/** Python's repr of a `timedelta` given in microseconds. */
function timedeltaRepr(total: number): string {
  const days = Math.floor(total / DAY_US);
  const rest = total - days * DAY_US;
  const parts = [['days', days], ['seconds', Math.floor(rest / 1e6)], ['microseconds', rest % 1e6]] as const;
  const shown = parts.filter(([, n]) => n !== 0).map(([k, n]) => `${k}=${n}`);
  return `datetime.timedelta(${shown.join(', ') || '0'})`;
}

/** `+HH:MM[:SS[.ffffff]]` for an offset in microseconds. */
function formatOffset(total: number): string {
  const a = Math.abs(total);
  const us = a % 1e6;
  const s = Math.floor(a / 1e6);
  let out = `${total < 0 ? '-' : '+'}${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}`;
  if (us || s % 60) out += `:${pad(s % 60, 2)}`;
  return us ? `${out}.${pad(us, 6)}` : out;
}

/** `check_date_args` / `check_time_args`: the constructor's ValueError message, if any. */
function rangeError([y, mo, d, h, mi, s]: number[]): string | null {
  if (y < 1 || y > 9999) return `year ${y} is out of range`;
  if (mo < 1 || mo > 12) return 'month must be in 1..12';
  if (d < 1 || d > daysInMonth(y, mo)) return 'day is out of range for month';
  if (h > 23) return 'hour must be in 0..23';
  if (mi > 59) return 'minute must be in 0..59';
  if (s > 59) return 'second must be in 0..59';
  return null;
}

const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Python's `repr(str)` (used in "Invalid isoformat string: %R"). */
function pyStrRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = q;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const esc = ESCAPES[ch];
    if (esc) out += esc;
    else if (ch === q) out += '\\' + ch;
    else if (ch === ' ' || !NON_PRINTABLE.test(ch)) out += ch;
    else {
      const [prefix, width] = c < 0x100 ? ['\\x', 2] : c < 0x10000 ? ['\\u', 4] : ['\\U', 8];
      out += prefix + c.toString(16).padStart(width, '0');
    }
  }
  return out + q;
}

/** Python 3.11 `datetime.fromisoformat(value).isoformat()`, or the ValueError/TypeError Python would raise.
 *  nanobot runs this on a truthy metadata `created_at`/`updated_at`; an error sends the load to the repair pass. */
export function isoRoundTrip(value: unknown): IsoResult {
  if (typeof value !== 'string') return { ok: false, type: 'TypeError', message: 'fromisoformat: argument must be str' };
  const fail = (message: string): IsoResult => ({ ok: false, type: 'ValueError', message });
  const invalid = fail(`Invalid isoformat string: ${pyStrRepr(value)}`);
  const b = utf8(value);
  const sep = b ? separatorAt(b) : -1;
  const date = b && sep >= 0 ? parseDate(b, sep) : null;
  if (!b || !date) return invalid;
  let time = { t: [0, 0, 0, 0], tz: null as number | null };
  if (b.len > sep) {
    const lead = b.at(sep); // the separator may be any one character, however many bytes it takes
    const width = lead < 0x80 ? 1 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf0) === 0xf0 ? 4 : 2;
    const parsed = parseTime(b, sep + width, b.len);
    if (!parsed) return invalid;
    time = parsed;
  }
  const { t, tz } = time;
  if (tz !== null && Math.abs(tz) >= DAY_US) {
    return fail(
      'offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24),' +
        ` not ${timedeltaRepr(tz)}.`,
    );
  }
  const error = rangeError([...date, ...t]);
  if (error) return fail(error);
  const [y, mo, d] = date;
  const [h, mi, s, us] = t;
  const iso = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`;
  return { ok: true, iso: iso + (us ? `.${pad(us, 6)}` : '') + (tz === null ? '' : formatOffset(tz)) };
}

/** Python `datetime.now().isoformat()` for `d`: naive local time, as nanobot stamps new sessions
 *  and defaulted timestamps (a JS Date has milliseconds, so the fraction is `.mmm000` or absent). */
export function localIsoNow(d: Date): string {
  const date = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
  const time = `${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}:${pad(d.getSeconds(), 2)}`;
  const ms = d.getMilliseconds();
  return `${date}T${time}${ms ? `.${pad(ms * 1000, 6)}` : ''}`;
}

/** Seconds east of UTC of local time at a UTC instant (seconds since 1970); see `hostLocalOffset`. */
export type LocalOffset = (utcSeconds: number) => number;

/**
 * The host's local offset at an instant, to the second (the JS Date's local fields, so a zone's
 * early local mean time, such as Shanghai's +8:05:43, keeps its seconds): the local time Python's
 * `time.localtime` gives on the same machine.
 */
export const hostLocalOffset: LocalOffset = (u) => {
  const d = new Date(u * 1000);
  const wall = new Date(0);
  wall.setUTCFullYear(d.getFullYear(), d.getMonth(), d.getDate());
  wall.setUTCHours(d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
  return Math.round((wall.getTime() - d.getTime()) / 1000);
};

const utcYear = (u: number) => new Date(u * 1000).getUTCFullYear();

/**
 * The ValueError of Python 3.11's `datetime.fromisoformat(value).timestamp()`, or null (also null
 * where fromisoformat itself fails: ask `isoRoundTrip`). An aware time is exact arithmetic; a naive
 * one is solved for local time as CPython's `local_to_seconds` does (fold 0), whose probes of
 * `localtime` at the time, at the time moved by its offset and a day before that raise "year 0 is
 * out of range" on the first local day of year 1 and "year 10000 …" past the end of 9999 (by the
 * zone's offset).
 */
export function isoTimestampError(value: string, offset: LocalOffset): string | null {
  const r = isoRoundTrip(value);
  if (!r.ok) return null;
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d{6})?$/.exec(r.iso);
  if (!m) return null; // aware
  const wall = new Date(0);
  wall.setUTCFullYear(+m[1]!, +m[2]! - 1, +m[3]!);
  wall.setUTCHours(+m[4]!, +m[5]!, +m[6]!, 0);
  const t = wall.getTime() / 1000;
  class OutOfRange {
    constructor(readonly year: number) {}
  }
  const local = (u: number) => {
    const v = u + offset(u);
    const y = utcYear(v);
    if (y < 1 || y > 9999) throw new OutOfRange(y);
    return v;
  };
  try {
    let lt = local(t);
    const a = lt - t;
    const u1 = t - a;
    const t1 = local(u1);
    let b: number;
    if (t1 === t) {
      const u2 = u1 - 86_400;
      lt = local(u2);
      b = lt - u2;
      if (a === b) return null;
    } else b = t1 - u1;
    local(t - b);
    return null;
  } catch (e) {
    if (e instanceof OutOfRange) return `year ${e.year} is out of range`;
    throw e;
  }
}

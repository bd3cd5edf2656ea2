import { readdirSync, readFileSync } from 'node:fs';
import { GOLDEN_DIR } from '../golden-values';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isoRoundTrip, localIsoNow } from '../../src/core/python/isotime';
import { PyFloat, truthy, type PyValue } from '../../src/core/python/pyvalue';

const goldenDir = GOLDEN_DIR;

type Expected = string | { type: string; message: string };

/** Generated with Python 3.11.7: `datetime.fromisoformat(s).isoformat()`, or the exception it raised. */
const TABLE: [string, Expected][] = [
  ["2024-05-01T09:00:00", "2024-05-01T09:00:00"],
  ["2024-05-01T09:00:00.123456", "2024-05-01T09:00:00.123456"],
  ["2024-05-01", "2024-05-01T00:00:00"],
  ["2024-05-01T09", "2024-05-01T09:00:00"],
  ["2024-05-01T09:00", "2024-05-01T09:00:00"],
  ["2024-05-01 09:00", "2024-05-01T09:00:00"],
  ["2024-05-01 09:00:00", "2024-05-01T09:00:00"],
  ["2024-05-01t09:00:00", "2024-05-01T09:00:00"],
  ["2024-05-01X09:00", "2024-05-01T09:00:00"],
  ["2024-05-0109:00", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-0109:00'"}],
  ["2024-05-01_09", "2024-05-01T09:00:00"],
  ["2024-05-01\u00e909:00", "2024-05-01T09:00:00"],
  ["2024-05-01\ud83d\ude0009:00", "2024-05-01T09:00:00"],
  ["2024-05-01\u200b09:00", "2024-05-01T09:00:00"],
  ["2024-05-01\ud80009:00", "2024-05-01T09:00:00"],
  ["2024-05-01\ud800\ud80009", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01\\ud800\\ud80009'"}],
  ["2024-05\ud800", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05\\ud800'"}],
  ["20240501", "2024-05-01T00:00:00"],
  ["20240501T090000", "2024-05-01T09:00:00"],
  ["20240501T0900", "2024-05-01T09:00:00"],
  ["20240501 09:00:00", "2024-05-01T09:00:00"],
  ["2024-0501", {"type": "ValueError", "message": "Invalid isoformat string: '2024-0501'"}],
  ["202405-01", {"type": "ValueError", "message": "Invalid isoformat string: '202405-01'"}],
  ["2024/05/01 09:00", {"type": "ValueError", "message": "Invalid isoformat string: '2024/05/01 09:00'"}],
  ["2024-5-1", {"type": "ValueError", "message": "Invalid isoformat string: '2024-5-1'"}],
  ["2024-05-1", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-1'"}],
  ["24-05-01", {"type": "ValueError", "message": "Invalid isoformat string: '24-05-01'"}],
  ["2024-123", {"type": "ValueError", "message": "Invalid isoformat string: '2024-123'"}],
  ["2024123", {"type": "ValueError", "message": "Invalid isoformat string: '2024123'"}],
  ["2024-W18-3", "2024-05-01T00:00:00"],
  ["2024-W18", "2024-04-29T00:00:00"],
  ["2024W18", "2024-04-29T00:00:00"],
  ["2024W183", "2024-05-01T00:00:00"],
  ["2024W183T09", "2024-05-01T09:00:00"],
  ["2024-W18-3T09:00", "2024-05-01T09:00:00"],
  ["2024-W18-09:00", "2024-04-29T09:00:00"],
  ["2024-W18T09", "2024-04-29T09:00:00"],
  ["2024W18309", "2024-04-29T09:00:00"],
  ["2024-W18-", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W18-'"}],
  ["2024-W18-0", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W18-0'"}],
  ["2024-W18-8", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W18-8'"}],
  ["2024-W00", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W00'"}],
  ["2024-W53", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W53'"}],
  ["2020-W53", "2020-12-28T00:00:00"],
  ["2020-W53-7", "2021-01-03T00:00:00"],
  ["2015-W53-1", "2015-12-28T00:00:00"],
  ["2004-W53-7", "2005-01-02T00:00:00"],
  ["2019-W01-1", "2018-12-31T00:00:00"],
  ["0001-W01-1", "0001-01-01T00:00:00"],
  ["0000-W01-1", {"type": "ValueError", "message": "month must be in 1..12"}],
  ["0000-W53-1", {"type": "ValueError", "message": "Invalid isoformat string: '0000-W53-1'"}],
  ["9999-W52-5", "9999-12-31T00:00:00"],
  ["9999-W52-6", {"type": "ValueError", "message": "year 10000 is out of range"}],
  ["9999-W53-1", {"type": "ValueError", "message": "Invalid isoformat string: '9999-W53-1'"}],
  ["2024-W1-3", {"type": "ValueError", "message": "Invalid isoformat string: '2024-W1-3'"}],
  ["2024-02-29", "2024-02-29T00:00:00"],
  ["2023-02-29", {"type": "ValueError", "message": "day is out of range for month"}],
  ["1900-02-29", {"type": "ValueError", "message": "day is out of range for month"}],
  ["2000-02-29", "2000-02-29T00:00:00"],
  ["2024-02-30", {"type": "ValueError", "message": "day is out of range for month"}],
  ["2024-04-31", {"type": "ValueError", "message": "day is out of range for month"}],
  ["2024-13-01", {"type": "ValueError", "message": "month must be in 1..12"}],
  ["2024-00-10", {"type": "ValueError", "message": "month must be in 1..12"}],
  ["2024-05-00", {"type": "ValueError", "message": "day is out of range for month"}],
  ["0000-01-01", {"type": "ValueError", "message": "year 0 is out of range"}],
  ["0001-01-01", "0001-01-01T00:00:00"],
  ["9999-12-31T23:59:59.999999", "9999-12-31T23:59:59.999999"],
  ["2024-99-99", {"type": "ValueError", "message": "month must be in 1..12"}],
  ["2024-05-01T24:00:00", {"type": "ValueError", "message": "hour must be in 0..23"}],
  ["2024-05-01T24", {"type": "ValueError", "message": "hour must be in 0..23"}],
  ["2024-05-01T23:59:59", "2024-05-01T23:59:59"],
  ["2024-05-01T09:60", {"type": "ValueError", "message": "minute must be in 0..59"}],
  ["2024-05-01T09:00:60", {"type": "ValueError", "message": "second must be in 0..59"}],
  ["2024-05-01T25", {"type": "ValueError", "message": "hour must be in 0..23"}],
  ["2024-05-01T09:00:00,5", "2024-05-01T09:00:00.500000"],
  ["2024-05-01T09:00:00.5", "2024-05-01T09:00:00.500000"],
  ["2024-05-01T09:00:00.123", "2024-05-01T09:00:00.123000"],
  ["2024-05-01T09:00:00.000001", "2024-05-01T09:00:00.000001"],
  ["2024-05-01T09:00:00.000000", "2024-05-01T09:00:00"],
  ["2024-05-01T09:00:00.1234567", "2024-05-01T09:00:00.123456"],
  ["2024-05-01T09:00:00.123456789012", "2024-05-01T09:00:00.123456"],
  ["2024-05-01T09.5", "2024-05-01T09:00:00.500000"],
  ["2024-05-01T09,5", "2024-05-01T09:00:00.500000"],
  ["2024-05-01T09:00,25", "2024-05-01T09:00:00.250000"],
  ["2024-05-01T09:00:00:123", "2024-05-01T09:00:00.123000"],
  ["2024-05-01T090000.5", "2024-05-01T09:00:00.500000"],
  ["2024-05-01T0900001", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T0900001'"}],
  ["2024-05-01T09:00:00.", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00.'"}],
  ["2024-05-01T09:00:00,", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00,'"}],
  ["2024-05-01T09:00:00.x", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00.x'"}],
  ["2024-05-01T09:00:00.1x", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00.1x'"}],
  ["2024-05-01T09:00:00.1234567x", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00.1234567x'"}],
  ["2024-05-01T09:00:00.1234567\u0000zzz", "2024-05-01T09:00:00.123456"],
  ["2024-05-01T0900", "2024-05-01T09:00:00"],
  ["2024-05-01T090000", "2024-05-01T09:00:00"],
  ["2024-05-01T0", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T0'"}],
  ["2024-05-01T09:0", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:0'"}],
  ["2024-05-01T090", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T090'"}],
  ["2024-05-01T09:00:0", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:0'"}],
  ["2024-05-01T09:0000", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:0000'"}],
  ["2024-05-01T0900:00", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T0900:00'"}],
  ["2024-05-01T", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T'"}],
  ["2024-05-01T09\u0000", "2024-05-01T09:00:00"],
  ["2024-05-01T09:00:00 ", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00 '"}],
  [" 2024-05-01T09:00:00", {"type": "ValueError", "message": "Invalid isoformat string: ' 2024-05-01T09:00:00'"}],
  ["2024-05-01T09:00:00 UTC", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00 UTC'"}],
  ["2024-05-01T09:00:00Zjunk", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00Zjunk'"}],
  ["2024-05-01T09:00:00+", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00+'"}],
  ["2024-05-01T09:00:00Z", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09:00Z", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09:00z", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00z'"}],
  ["2024-05-01T09:00Z\u0000abc", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09:00Z+05:00", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00Z+05:00'"}],
  ["2024-05-01T09:00+05:00Z", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00+05:00Z'"}],
  ["2024-05-01T09:00:00+05:30", "2024-05-01T09:00:00+05:30"],
  ["2024-05-01T09:00:00.5-03:30", "2024-05-01T09:00:00.500000-03:30"],
  ["2024-05-01T09:00+0530", "2024-05-01T09:00:00+05:30"],
  ["2024-05-01T09:00+05", "2024-05-01T09:00:00+05:00"],
  ["2024-05-01T09:00+05:30:15", "2024-05-01T09:00:00+05:30:15"],
  ["2024-05-01T09:00+05:30:15.5", "2024-05-01T09:00:00+05:30:15.500000"],
  ["2024-05-01T09:00-05:30:15.000001", "2024-05-01T09:00:00-05:30:15.000001"],
  ["2024-05-01T09:00+05.5", "2024-05-01T09:00:00+05:00:00.500000"],
  ["2024-05-01T09:00+05:30:15:123", "2024-05-01T09:00:00+05:30:15.123000"],
  ["2024-05-01T09:00+05:30:", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00+05:30:'"}],
  ["2024-05-01T09:00+05X", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00+05X'"}],
  ["2024-05-01T09:00-00:00", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09:00+00:00", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09+00:00:00.5", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09-00:00:00.000001", "2024-05-01T09:00:00+00:00"],
  ["2024-05-01T09+24:00", {"type": "ValueError", "message": "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1)."}],
  ["2024-05-01T09-24:00", {"type": "ValueError", "message": "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=-1)."}],
  ["2024-05-01T09-23:59:59.999999", "2024-05-01T09:00:00-23:59:59.999999"],
  ["2024-05-01T09+23:59:59.999999", "2024-05-01T09:00:00+23:59:59.999999"],
  ["2024-05-01T09+99:99:99.999999", {"type": "ValueError", "message": "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=4, seconds=16839, microseconds=999999)."}],
  ["2024-05-01T09-99:99", {"type": "ValueError", "message": "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=-5, seconds=69660)."}],
  ["2024-05-01T09:00:00.+05:00", "2024-05-01T09:00:00+05:00"],
  ["2024-05-01T09:00:+05:00", "2024-05-01T09:00:00+05:00"],
  ["2024-05-01T09X+05:00", "2024-05-01T09:00:00+05:00"],
  ["2024-05-01T09:00:00.1234567X+05:00", "2024-05-01T09:00:00.123456+05:00"],
  ["2024-05-01T09:00:00.1234567+05:00", "2024-05-01T09:00:00.123456+05:00"],
  ["2024-05-01T09:00+05:3", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00+05:3'"}],
  ["2024-05-01T09:00+5:30", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00+5:30'"}],
  ["2024-13-01T09+24:00", {"type": "ValueError", "message": "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1)."}],
  ["\u0662\u0660\u0662\u0664-05-01", {"type": "ValueError", "message": "Invalid isoformat string: '\u0662\u0660\u0662\u0664-05-01'"}],
  ["\uff12\uff10\uff12\uff14-05-01", {"type": "ValueError", "message": "Invalid isoformat string: '\uff12\uff10\uff12\uff14-05-01'"}],
  ["2024-05-01T\u0660\u0669:00", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T\u0660\u0669:00'"}],
  ["", {"type": "ValueError", "message": "Invalid isoformat string: ''"}],
  ["x", {"type": "ValueError", "message": "Invalid isoformat string: 'x'"}],
  ["2024-05", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05'"}],
  ["202405", {"type": "ValueError", "message": "Invalid isoformat string: '202405'"}],
  ["2024-5", {"type": "ValueError", "message": "Invalid isoformat string: '2024-5'"}],
  ["nope", {"type": "ValueError", "message": "Invalid isoformat string: 'nope'"}],
  ["garbage", {"type": "ValueError", "message": "Invalid isoformat string: 'garbage'"}],
  ["yesterday", {"type": "ValueError", "message": "Invalid isoformat string: 'yesterday'"}],
  ["not-a-date", {"type": "ValueError", "message": "Invalid isoformat string: 'not-a-date'"}],
  ["it's a date", {"type": "ValueError", "message": "Invalid isoformat string: \"it's a date\""}],
  ["say \"it's\"", {"type": "ValueError", "message": "Invalid isoformat string: 'say \"it\\'s\"'"}],
  ["tab\there\n\r\\", {"type": "ValueError", "message": "Invalid isoformat string: 'tab\\there\\n\\r\\\\'"}],
  ["ctl\u0001\u007f\u0085\u00a0", {"type": "ValueError", "message": "Invalid isoformat string: 'ctl\\x01\\x7f\\x85\\xa0'"}],
  ["lone \udc00 and \ud83d\ude00 \u3000\u2028", {"type": "ValueError", "message": "Invalid isoformat string: 'lone \\udc00 and \ud83d\ude00 \\u3000\\u2028'"}],
  ["2024-05-01T09:00:00\ufeff", {"type": "ValueError", "message": "Invalid isoformat string: '2024-05-01T09:00:00\\ufeff'"}],
];

describe('isoRoundTrip: Python 3.11.7 table', () => {
  it.each(TABLE)('%j', (input, expected) => {
    const got = isoRoundTrip(input);
    if (typeof expected === 'string') expect(got).toEqual({ ok: true, iso: expected });
    else expect(got).toEqual({ ok: false, ...expected });
  });

  it('raises TypeError for every non-str JSON value', () => {
    for (const v of [0, 12, 1714554000, 10n ** 30n, new PyFloat(1.5), new PyFloat(NaN), true, false, null, [], ['2024-05-01'], {}]) {
      expect(isoRoundTrip(v)).toEqual({ ok: false, type: 'TypeError', message: 'fromisoformat: argument must be str' });
    }
  });
});

describe('isoRoundTrip agrees with nanobot on the golden time cases', () => {
  const names = readdirSync(join(goldenDir, 'cases'))
    .filter((f) => /^(time_|bad_invalid_iso|bad_missing_created\.json$)/.test(f))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

  it('finds the cases', () => expect(names.length).toBeGreaterThanOrEqual(36));

  it.each(names)('%s', (name) => {
    const gold = JSON.parse(readFileSync(join(goldenDir, 'cases', `${name}.json`), 'utf8'));
    const lines = readFileSync(join(goldenDir, 'fixtures', `fx_${name}.jsonl`), 'utf8').split(/\r\n|\r|\n/);
    // The strict pass keeps the last metadata record; every fixture here has plain-JSON metadata lines.
    let meta: Record<string, PyValue> | undefined;
    for (const line of lines) {
      try {
        const rec = JSON.parse(line);
        if (rec && typeof rec === 'object' && rec._type === 'metadata') meta = rec;
      } catch {
        /* not JSON: the repair pass skips it */
      }
    }
    expect(meta).toBeDefined();
    const load = gold.load;
    let rejected = 0;
    for (const field of ['created_at', 'updated_at'] as const) {
      const raw = meta![field];
      const got = truthy(raw) ? isoRoundTrip(raw) : null;
      if (got && !got.ok) rejected++;
      if (load.result === null) continue;
      // Falsy: nanobot never parses it and uses now; rejected: the repair pass falls back to now.
      expect(load.result[field], `${field} = ${JSON.stringify(raw)}`).toBe(got?.ok ? got.iso : '<NOW>');
    }
    // An invalid date raises in the strict pass; in these cases it is the only thing that can.
    expect(load.path).toBe(rejected > 0 ? 'repair' : 'normal');
  });
});

describe('localIsoNow', () => {
  it('formats naive local time like datetime.now().isoformat()', () => {
    expect(localIsoNow(new Date(2031, 6, 8, 9, 10, 11, 121))).toBe('2031-07-08T09:10:11.121000');
    expect(localIsoNow(new Date(2024, 1, 29, 0, 0, 0, 0))).toBe('2024-02-29T00:00:00');
    expect(localIsoNow(new Date(999, 11, 31, 23, 59, 59, 1))).toBe('0999-12-31T23:59:59.001000');
  });

  it('round-trips through isoRoundTrip unchanged', () => {
    const iso = localIsoNow(new Date(2002, 1, 27, 9, 6, 7, 5));
    expect(isoRoundTrip(iso)).toEqual({ ok: true, iso });
  });
});

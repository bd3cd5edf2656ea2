/** Python's json.loads / json.dumps semantics: number identity, key order, errors, and exact output. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atDepth, floatRepr, MAX_DEPTH, pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { KEY_ORDER, PyFloat, dictKeys, type PyDict, type PyValue } from '../../src/core/python/pyvalue';

const ok = (text: string): PyValue => {
  const r = pyLoads(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

// [repr(x), json.dumps(x)] pairs printed by CPython 3.11 for doubles across the whole range.
const PY_FLOATS: [string, string][] = [["0.0", "0.0"], ["-0.0", "-0.0"], ["1.0", "1.0"], ["0.1", "0.1"], ["1e+16", "1e+16"], ["1000000000000000.0", "1000000000000000.0"], ["123456789012345.6", "123456789012345.6"], ["0.0001", "0.0001"], ["1e-05", "1e-05"], ["0.0001234", "0.0001234"], ["1.5e-07", "1.5e-07"], ["5e-324", "5e-324"], ["1.7976931348623157e+308", "1.7976931348623157e+308"], ["2.5", "2.5"], ["100.0", "100.0"], ["1e+22", "1e+22"], ["1e+21", "1e+21"], ["1.2345678901234567e+19", "1.2345678901234567e+19"], ["3.141592653589793", "3.141592653589793"], ["-2.5e-10", "-2.5e-10"], ["inf", "Infinity"], ["-inf", "-Infinity"], ["9007199254740992.0", "9007199254740992.0"], ["0.30000000000000004", "0.30000000000000004"], ["1e+100", "1e+100"], ["1.23e-18", "1.23e-18"], ["2.4580338977940382e+22", "2.4580338977940382e+22"], ["-2.8292897648820945e+19", "-2.8292897648820945e+19"], ["8.849005675541006e+22", "8.849005675541006e+22"], ["304063393.50827014", "304063393.50827014"], ["-94198.95434327706", "-94198.95434327706"], ["5.519171348714337e-10", "5.519171348714337e-10"], ["2.9794910627384835e+32", "2.9794910627384835e+32"], ["-0.06862973553954668", "-0.06862973553954668"], ["-6.186190443567257e-11", "-6.186190443567257e-11"], ["-2.384841659104697e-19", "-2.384841659104697e-19"], ["1.4788237585620165e-25", "1.4788237585620165e-25"], ["46.23674335588485", "46.23674335588485"], ["-4.4103526797777935e+33", "-4.4103526797777935e+33"], ["0.7349181885380365", "0.7349181885380365"], ["-6.807915752839235e+26", "-6.807915752839235e+26"], ["-856136528569945.6", "-856136528569945.6"], ["2.349050409322332e-17", "2.349050409322332e-17"], ["-7.355182915661508e+30", "-7.355182915661508e+30"], ["-9.893737255117838e+24", "-9.893737255117838e+24"], ["-5.690376615505354e-15", "-5.690376615505354e-15"], ["7.448155308736037e-07", "7.448155308736037e-07"], ["-3.7269726453009287e-13", "-3.7269726453009287e-13"], ["7.844693774162116e+17", "7.844693774162116e+17"], ["2.5146039135425536e-14", "2.5146039135425536e-14"], ["8.819520021759982e+19", "8.819520021759982e+19"], ["-6.0624191214793476e+32", "-6.0624191214793476e+32"], ["-2.3355301769392355e-24", "-2.3355301769392355e-24"], ["-2.776201305552317e-15", "-2.776201305552317e-15"], ["8.715853116765902e-09", "8.715853116765902e-09"], ["-8.697205732486475e-06", "-8.697205732486475e-06"]];

describe('pyLoads', () => {
  it('keeps ints and floats apart, and big ints exact', () => {
    expect(ok('2')).toBe(2);
    expect(ok('2.0')).toEqual(new PyFloat(2));
    expect(ok('2e0')).toBeInstanceOf(PyFloat);
    expect(pyDumps(ok('-0'))).toBe('0'); // Python has no negative int zero
    expect(Object.is((ok('-0.0') as PyFloat).value, -0)).toBe(true);
    expect(ok('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(ok('9007199254740991')).toBe(9007199254740991);
    expect((ok('1e400') as PyFloat).value).toBe(Infinity);
    expect(Number.isNaN((ok('NaN') as PyFloat).value)).toBe(true);
    expect((ok('[-Infinity]') as PyFloat[])[0]!.value).toBe(-Infinity);
  });

  it('keeps Python key order even for keys a JS object would reorder', () => {
    const d = ok('{"b": 1, "10": 2, "a": 3, "2": 4, "b": 5}') as PyDict;
    expect(dictKeys(d)).toEqual(['b', '10', 'a', '2']);
    expect(d.b).toBe(5);
    expect(pyDumps(d)).toBe('{"b": 5, "10": 2, "a": 3, "2": 4}');
    expect((ok('{"x": 1}') as PyDict)[KEY_ORDER]).toBeUndefined();
  });

  it('treats __proto__ as an ordinary key', () => {
    const d = ok('{"__proto__": {"polluted": true}, "k": 1.5}') as PyDict;
    expect(Object.keys(d)).toEqual(['__proto__', 'k']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(pyDumps(d)).toBe('{"__proto__": {"polluted": true}, "k": 1.5}');
  });

  it("reports Python's exceptions as data", () => {
    const bad = (t: string) => {
      const r = pyLoads(t);
      if (r.ok) throw new Error('expected an error');
      return r;
    };
    expect(bad('{"a" 1}').error.message).toBe("Expecting ':' delimiter: line 1 column 6 (char 5)");
    expect(bad('[1,]').error.message).toBe('Expecting value: line 1 column 4 (char 3)');
    expect(bad('{} x').error.message).toBe('Extra data: line 1 column 4 (char 3)');
    expect(bad('\ufeff{}').error.message).toContain('Unexpected UTF-8 BOM');
    expect(bad('"a\tb"').error.message).toContain('Invalid control character');
    expect(bad('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1)).error.type).toBe('RecursionError');
    expect(pyLoads('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH)).ok).toBe(true);
  });

  it("answers at each call's depth figure from one parse (atDepth)", () => {
    // 994 levels: the dict, then 993 lists; level k's '[' is at offset 6 + k - 2.
    const text = '{"a": ' + '['.repeat(993) + ']'.repeat(993) + '}';
    const r = pyLoads(text);
    expect(r).toMatchObject({ ok: false, error: { type: 'RecursionError' } });
    expect(atDepth(r, 994)).toMatchObject({ ok: true, value: { a: expect.any(Array) } });
    expect(atDepth(r, 993)).toMatchObject({ ok: false, error: { type: 'RecursionError', message: expect.stringContaining('decoding a JSON array') }, pos: 998 });
    expect(atDepth(atDepth(r, 994), 992)).toMatchObject({ ok: false, pos: 997 });
    // A syntax error past the figure: RecursionError where the figure is met first, else Python's JSONDecodeError.
    const bad = '['.repeat(994) + 'x';
    expect(atDepth(pyLoads(bad), 994)).toMatchObject({ ok: false, error: { type: 'JSONDecodeError' } });
    expect(atDepth(pyLoads(bad), 993)).toMatchObject({ ok: false, error: { type: 'RecursionError' } });
    // Shallow texts carry nothing and mean the same at every figure.
    expect(atDepth(pyLoads('[[1]]'), 990)).toEqual({ ok: true, value: [[1]] });
  });

  it('keeps lone surrogates from escapes and joins escaped pairs', () => {
    expect(ok('"\\ud83d"')).toBe('\ud83d');
    expect(ok('"\\ud83d\\ude00"')).toBe('😀');
  });
});

describe('pyDumps', () => {
  it("writes floats exactly as Python's repr", () => {
    for (const [repr, dumped] of PY_FLOATS) {
      const x = repr === 'inf' ? Infinity : repr === '-inf' ? -Infinity : Number(repr);
      expect(pyDumps(new PyFloat(x))).toBe(dumped);
      if (Number.isFinite(x)) expect(floatRepr(x)).toBe(repr);
    }
  });

  it("escapes like json.dumps(ensure_ascii=False)", () => {
    expect(pyDumps('a"b\\c\n\t\u0001\u007f\u2028é😀')).toBe('"a\\"b\\\\c\\n\\t\\u0001\u007f\u2028é😀"');
    expect(pyDumps({ a: [1, new PyFloat(1), null, true], b: {} })).toBe('{"a": [1, 1.0, null, true], "b": {}}');
  });

  it('round-trips any JSON text it accepts to the same value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        const a = ok(text);
        const b = ok(pyDumps(a));
        expect(pyDumps(b)).toBe(pyDumps(a));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse wherever JSON.parse sees the same values (fast path vs exact parser)', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const v = ok(text);
        // Re-serialize with JS semantics: equal after normalizing floats back to numbers.
        const plain = JSON.parse(JSON.stringify(v, (_k, x) => (x instanceof PyFloat ? x.value : typeof x === 'bigint' ? Number(x) : x)));
        expect(plain).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });
});

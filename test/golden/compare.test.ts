/** The golden runner's comparison keeps Python dicts exact: `__proto__` and integer-like keys, in order. */
import { describe, expect, it } from 'vitest';
import { pyLoads } from '../../src/core/python/pyjson';
import type { PyValue } from '../../src/core/python/pyvalue';
import { flagTimes, same } from './compare';

const v = (text: string): PyValue => {
  const r = pyLoads(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('golden comparison', () => {
  it('tells dicts apart by key order, integer-like keys included', () => {
    expect(same(v('{"b": 1, "2": 2}'), v('{"2": 2, "b": 1}'))).toBe(false);
    expect(same(v('{"b": 1, "2": 2}'), v('{"b": 1, "2": 2}'))).toBe(true);
  });

  it('keeps __proto__ an ordinary key through flagTimes', () => {
    const flagged = flagTimes(v('{"__proto__": {"x": "NOW"}, "a": "NOW"}'), 'NOW', 'MTIME');
    expect(same(flagged, v('{"__proto__": {"x": "<NOW>"}, "a": "<NOW>"}'))).toBe(true);
    expect(same(flagged, v('{"a": "<NOW>"}'))).toBe(false);
  });
});

/** Moving long strings to the old generation changes no value: same strings, same shape, same prototypes. */
import { describe, expect, it } from 'vitest';
import { tenureStrings } from '../../src/store/analyze/tenure';

describe('tenureStrings', () => {
  it('keeps every value, nested in objects and arrays, equal', () => {
    const long = 'x'.repeat(100) + ' \ud800 é';
    const make = () => ({ role: 'user', content: long, tool_calls: [{ id: 'a', function: { name: 'f', arguments: long + '1' } }, [long, 2, null, true]], n: 3, empty: '' });
    const v = make();
    tenureStrings(v);
    expect(v).toStrictEqual(make());
  });

  it('treats a __proto__ key as the plain key it is, without touching the prototype', () => {
    const v = JSON.parse(`{"__proto__": {"polluted": "${'p'.repeat(80)}"}, "content": "${'c'.repeat(80)}"}`) as Record<string, unknown>;
    tenureStrings(v);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'content']);
    expect((v['__proto__'] as { polluted: string }).polluted).toBe('p'.repeat(80));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves class instances alone (only plain objects and arrays are walked)', () => {
    class Box {
      constructor(public s: string) {}
    }
    const b = new Box('y'.repeat(100));
    const v = { b, list: [b] };
    tenureStrings(v);
    expect(v.b).toBe(b);
    expect(v.list[0]).toBe(b);
    expect(b.s).toBe('y'.repeat(100));
  });
});

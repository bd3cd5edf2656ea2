import { describe, expect, it } from 'vitest';
import { KEY_ORDER, PyFloat, dictFrom, type PyValue } from '../../src/core/python/pyvalue';
import { sessionTitle } from '../../src/core/listing/title';
import { rulesOf } from '../../src/core/nanobot/nanobot-version';

describe('sessionTitle', () => {
  it('needs a dict with a string title', () => {
    const cases: PyValue[] = [null, 'title', 3, [], new PyFloat(1), {}, { title: null }, { title: 1 }, { title: ['x'] }];
    for (const m of cases) expect(sessionTitle(m)).toBe('');
  });
  it('shows an edited title raw only when title_user_edited is True', () => {
    expect(sessionTitle({ title: ' <think>x</think> T ', title_user_edited: true })).toBe(' <think>x</think> T ');
    for (const edited of [1, 'true', new PyFloat(1), null, false]) {
      expect(sessionTitle({ title: ' <think>x</think> T ', title_user_edited: edited })).toBe('T');
    }
  });
  it('reads own keys only, whatever the key order', () => {
    expect(sessionTitle(Object.create({ title: 'inherited' }) as PyValue)).toBe('');
    const d = dictFrom([['1', 0], ['title', '\u3000T\x1c']]);
    expect(d[KEY_ORDER]).toEqual(['1', 'title']);
    expect(sessionTitle(d)).toBe('T');
  });
  it('0.2.0 shows the stored title as it is; 0.2.1 and 0.2.2 strip only <think> and <thought>', () => {
    const m = { title: ' <thinking>x</thinking> <think>y</think> T ' };
    expect(sessionTitle(m, rulesOf('0.2.0'))).toBe(' <thinking>x</thinking> <think>y</think> T ');
    expect(sessionTitle(m, rulesOf('0.2.1'))).toBe('<thinking>x</thinking>  T');
    expect(sessionTitle(m, rulesOf('0.2.2'))).toBe('<thinking>x</thinking>  T');
    expect(sessionTitle(m, rulesOf('v0.2'))).toBe('T');
    expect(sessionTitle({ title: 5 }, rulesOf('0.2.0'))).toBe('');
  });
});

/** nanobot v0.3.0+'s public view of a message: the runtime-context suffix and its marker removed. */
import { describe, expect, it } from 'vitest';
import { dictFrom, dictKeys, PyFloat, type PyDict } from '../../src/core/python/pyvalue';
import { hasRuntimeContext, publicHistoryMessage } from '../../src/core/nanobot/runtime-context';

const SUFFIX = '[Runtime Context — metadata only, not instructions]\nCurrent time: now\n[/Runtime Context]';
const msg = (o: Record<string, unknown>) => dictFrom(Object.entries(o) as never) as PyDict;

describe('publicHistoryMessage', () => {
  it('removes exactly the marked string suffix and the marker, leaving the source untouched', () => {
    const m = msg({ role: 'user', content: `hello\n\n${SUFFIX}`, _runtime_context: msg({ version: 1, sources: ['clock'], suffix: SUFFIX }), timestamp: 't' });
    const p = publicHistoryMessage(m);
    expect(p.content).toBe('hello');
    expect(dictKeys(p)).toEqual(['role', 'content', 'timestamp']);
    expect(m.content).toBe(`hello\n\n${SUFFIX}`);
    expect(hasRuntimeContext(m)).toBe(true);
  });

  it('turns content equal to the suffix into "" and removes trailing blocks of list content', () => {
    expect(publicHistoryMessage(msg({ role: 'user', content: SUFFIX, _runtime_context: msg({ version: 1, suffix: SUFFIX }) })).content).toBe('');
    const block = msg({ type: 'text', text: SUFFIX });
    const m = msg({ role: 'user', content: [msg({ type: 'text', text: 'look' }), block], _runtime_context: msg({ version: new PyFloat(1), blocks: [block] }) });
    expect(publicHistoryMessage(m).content).toEqual([{ type: 'text', text: 'look' }]);
  });

  it('leaves content alone for another version, a single newline, or a non-object marker (but drops the marker)', () => {
    for (const marker of [msg({ version: 2, suffix: SUFFIX }), 'marker', null]) {
      const m = msg({ role: 'user', content: `a\n\n${SUFFIX}`, _runtime_context: marker });
      const p = publicHistoryMessage(m);
      expect(p.content).toBe(`a\n\n${SUFFIX}`);
      expect('_runtime_context' in p).toBe(false);
    }
    const single = msg({ role: 'user', content: `b\n${SUFFIX}`, _runtime_context: msg({ version: 1, suffix: SUFFIX }) });
    expect(publicHistoryMessage(single).content).toBe(`b\n${SUFFIX}`);
  });

  it('returns the message itself when it has no marker', () => {
    const m = msg({ role: 'user', content: 'x' });
    expect(publicHistoryMessage(m)).toBe(m);
    expect(hasRuntimeContext(m)).toBe(false);
  });
});

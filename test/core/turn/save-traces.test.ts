/**
 * Save traces against nanobot's own `_save_turn` (test/turn-golden/save-<version>.json, made by
 * scripts/save-turn-golden.py): the file nanobot wrote for a turn, and the traces found on it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { turnRulesOf } from '../../../src/core/turn/turn-rules';
import type { PyDict } from '../../../src/core/python/pyvalue';
import { saveTraces } from '../../../src/core/turn/save-traces';

const read = (v: NanobotVersion) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../turn-golden/save-${v}.json`), 'utf8')) as { max_tool_result_chars: number; saw: PyDict[]; saved: PyDict[] };

describe.each(NANOBOT_VERSIONS.map((v) => [v]))('save traces at %s', (version) => {
  const g = read(version);
  // Up to 0.2.1 _save_turn keeps the unknown tool result (the row saveDropsOrphanResults): set aside, the rest is checked alike.
  const orphan = g.saved.findIndex((m) => m.tool_call_id === 'ghost');
  const traces = saveTraces(g.saved, version).filter((_, i) => i !== orphan);

  it('finds what _save_turn changed, on the message that carries it', () => {
    expect(orphan === -1).toBe(turnRulesOf(version).saveDropsOrphanResults);
    expect(g.saved.length - (orphan === -1 ? 0 : 1)).toBe(9); // the empty reply (and, from 0.2.2, the unknown tool result) were not saved
    expect(traces[0]).toEqual(rulesOf(version).runtimeContext ? [{ code: 'runtime-context-kept', sources: ['goal'] }] : [{ code: 'runtime-context-stripped' }]);
    expect(traces[2]).toEqual([{ code: 'tool-result-truncated', kept: g.max_tool_result_chars }]);
    expect(traces[4]).toEqual([{ code: 'image-placeholder', path: '/tmp/cat.png' }]);
    expect(traces[5]).toEqual([{ code: 'reply-missing' }, { code: 'image-placeholder', path: '/tmp/cat.png' }]);
    expect(traces[7]).toEqual([{ code: 'tool-result-truncated', kept: g.max_tool_result_chars }]);
    for (const i of [1, 3, 6, 8]) expect(traces[i], `message ${i}`).toEqual([]);
  });

  it('says nothing about the turn as the model saw it, where nothing was changed yet', () => {
    const saw = g.saw.filter((m) => !(m.role === 'assistant' && !m.content && !m.tool_calls) && m.tool_call_id !== 'ghost');
    const found = saveTraces(saw, version).flat().map((t) => t.code);
    expect(found).not.toContain('tool-result-truncated');
    expect(found).not.toContain('image-placeholder');
  });

  it('counts what a cut result kept in code points, as Python does', () => {
    const cut = g.saved.map((m, i) => (i === 2 ? { ...m, content: 'é😀' + (m.content as string).slice(40) } : m));
    expect(saveTraces(cut, version)[2]).toEqual([{ code: 'tool-result-truncated', kept: 2 }]);
    const almost = g.saved.map((m, i) => (i === 2 ? { ...m, content: (m.content as string).slice(0, -1) + ']' } : m));
    expect(saveTraces(almost, version)[2]).toEqual([]);
  });

  it('names tool calls that have no result in the file', () => {
    const cut = g.saved.filter((m) => m.tool_call_id !== 'c2');
    expect(saveTraces(cut, version)[1]).toEqual([{ code: 'tool-result-missing', ids: ['c2'] }]);
  });
});

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
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../turn-golden/save-${v}.json`), 'utf8')) as { max_tool_result_chars: number; raises?: string; saw: PyDict[]; saved: PyDict[] };

const MESSAGES = NANOBOT_VERSIONS.filter((v) => turnRulesOf(v).saveTurn === 'messages' && turnRulesOf(v).saveBlockResults !== 'raises');

describe.each(MESSAGES.map((v) => [v]))('save traces at %s', (version) => {
  const g = read(version);
  const rules = turnRulesOf(version);
  const traces = saveTraces(g.saved, version);
  const at = (pick: (m: PyDict, i: number) => boolean) => g.saved.findIndex(pick);
  const result = (id: string) => at((m) => m.tool_call_id === id);
  const firstUser = at((m) => m.role === 'user');
  const picture = at((m, i) => m.role === 'user' && i > firstUser);

  it('finds what _save_turn changed, on the message that carries it', () => {
    // Up to 0.2.1 _save_turn keeps the unknown tool result (saveDropsOrphanResults); before 0.1.4.post3 also the empty reply.
    expect(result('ghost') === -1).toBe(rules.saveDropsOrphanResults);
    expect(g.saved.length).toBe(9 + (rules.saveDropsOrphanResults ? 0 : 1) + (rules.saveSkipsEmptyReply ? 0 : 1));
    expect(traces[firstUser]).toEqual(rulesOf(version).runtimeContext ? [{ code: 'runtime-context-kept', sources: ['goal'] }] : rules.saveStripsRuntimeContext ? [{ code: 'runtime-context-stripped' }] : []);
    expect(traces[result('c1')]).toEqual([{ code: 'tool-result-truncated', kept: g.max_tool_result_chars }]);
    expect(traces[result('c3')]).toEqual(rules.saveImages === 'with-path' ? [{ code: 'image-placeholder', path: '/tmp/cat.png' }] : []);
    const image = { 'with-path': [{ code: 'image-placeholder', path: '/tmp/cat.png' }], 'user-bare': [{ code: 'image-placeholder', path: null }], kept: [] }[rules.saveImages];
    expect(traces[picture]).toEqual([...(rules.saveSkipsEmptyReply ? [{ code: 'reply-missing' }] : []), ...image]);
    expect(traces[result('c4')]).toEqual(rules.saveBlockResults === 'truncated' ? [{ code: 'tool-result-truncated', kept: g.max_tool_result_chars }] : []);
    const quiet = g.saved.flatMap((m, i) => (m.role === 'assistant' || m.tool_call_id === 'c2' ? [i] : []));
    expect(quiet.length).toBeGreaterThanOrEqual(4);
    for (const i of quiet) expect(traces[i], `message ${i}`).toEqual([]);
  });

  it('says nothing about the turn as the model saw it, where nothing was changed yet', () => {
    const saw = g.saw.filter((m) => !(m.role === 'assistant' && !m.content && !m.tool_calls) && m.tool_call_id !== 'ghost');
    const found = saveTraces(saw, version).flat().map((t) => t.code);
    expect(found).not.toContain('tool-result-truncated');
    expect(found).not.toContain('image-placeholder');
  });

  it('counts what a cut result kept in code points, as Python does', () => {
    const c1 = result('c1');
    const cut = g.saved.map((m, i) => (i === c1 ? { ...m, content: 'é😀' + (m.content as string).slice(40) } : m));
    expect(saveTraces(cut, version)[c1]).toEqual([{ code: 'tool-result-truncated', kept: 2 }]);
    const almost = g.saved.map((m, i) => (i === c1 ? { ...m, content: (m.content as string).slice(0, -1) + ']' } : m));
    expect(saveTraces(almost, version)[c1]).toEqual([]);
  });

  it('names tool calls that have no result in the file', () => {
    const cut = g.saved.filter((m) => m.tool_call_id !== 'c2');
    expect(saveTraces(cut, version)[1]).toEqual([{ code: 'tool-result-missing', ids: ['c2'] }]);
  });
});

describe('the releases whose turn leaves no messages to trace', () => {
  it('0.1.4 and post1 save the user text and the final reply naming the tools used, nothing else', () => {
    const reply = NANOBOT_VERSIONS.filter((v) => turnRulesOf(v).saveTurn === 'reply-only');
    expect(reply).toEqual(['0.1.4', '0.1.4.post1']);
    for (const v of reply) {
      const g = read(v);
      expect(g.saved.map((m) => [m.role, m.content, m.tools_used ?? null])).toEqual([
        ['user', 'Look at the garden files.', null],
        ['assistant', 'Done.', ['read_file', 'read_file', 'shot', 'grep']],
      ]);
      expect(saveTraces(g.saved, v)).toEqual([[], []]);
    }
  });

  it('0.1.5 raises saving a tool result made of blocks: that turn is never written', () => {
    const raising = NANOBOT_VERSIONS.filter((v) => turnRulesOf(v).saveBlockResults === 'raises');
    expect(raising).toEqual(['0.1.5']);
    expect(read('0.1.5').raises).toBe('TypeError');
    for (const v of MESSAGES) expect(read(v).raises, v).toBeUndefined();
  });
});

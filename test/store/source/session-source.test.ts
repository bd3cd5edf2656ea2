/**
 * One SessionSource, two implementations: a file's size picks the document or the line index in
 * `openSource` alone, and both give the same answers through the same interface (metadata, ranges,
 * plans and saves, the hooks the index answers through the document, a removal refused once the file moved).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pyDumps } from '../../../src/core/python/pyjson';
import { EXPORT_EN } from '../../../src/words/export-en';
import type { PyDict } from '../../../src/core/python/pyvalue';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { LINE_INDEX, openSource, type SourcePick } from '../../../src/store/source/open-source';
import type { SessionSource, SourceEdit } from '../../../src/store/source/session-source';

const NAME = 'sessions/k_a.jsonl';
const NOW = '2031-07-08T09:10:11.121314';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const RECORDS: PyDict[] = [
  { _type: 'metadata', key: 'old:key', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: { title: 'first' }, last_consolidated: 0 },
  { role: 'user', content: 'one' },
  { role: 'assistant', content: 'two' },
  { _type: 'metadata', key: 'k:a', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: '<think>x</think>Second', title_user_edited: false }, last_consolidated: 1 },
  { role: 'user', content: 'three' },
];
/** Two metadata records (the last one counts), three messages and a corrupt last line: nanobot's repair path. */
const FILE = RECORDS.map((r) => pyDumps(r)).join('\n') + '\n{cut\n';

/** A memory adapter holding FILE, and the source its size (against `from`) opens. */
async function opened(from: number): Promise<{ source: SessionSource; adapter: ReturnType<typeof createMemoryAdapter> }> {
  const adapter = createMemoryAdapter();
  adapter.setFile(NAME, FILE, 1_800_000_000_000);
  LINE_INDEX.from = from;
  return { source: await openSource(adapter, NAME, { now: NOW, version: 'main' }), adapter };
}

describe('openSource: the size picks the implementation, once', () => {
  it('below the threshold the document, from it the index', async () => {
    expect((await opened(FILE.length + 1)).source.stat).toMatchObject({ kind: 'document', size: FILE.length, fileName: 'k_a.jsonl', version: 'main' });
    expect((await opened(FILE.length)).source.stat).toMatchObject({ kind: 'index', size: FILE.length });
  });

  it("the app's own line (`pick`) decides over the CLI's, and says which other reading the person may ask for", async () => {
    const adapter = createMemoryAdapter();
    adapter.setFile(NAME, FILE, 1_800_000_000_000);
    LINE_INDEX.from = Infinity;
    const at = async (pick: SourcePick) => (await openSource(adapter, NAME, { now: NOW, version: 'main', pick })).stat;
    const n = FILE.length;
    // At the app's line: the index, the whole document one switch away below the page's ceiling.
    expect(await at({ indexFrom: n, wholeBelow: n + 1 })).toMatchObject({ kind: 'index', other: 'document' });
    expect(await at({ indexFrom: n, wholeBelow: n })).toMatchObject({ kind: 'index', other: null });
    expect(await at({ indexFrom: n + 1, wholeBelow: n + 1 })).toMatchObject({ kind: 'document', other: null });
    // The whole asked for: given below the ceiling (the index one switch back when the file is at the line), never from it.
    expect(await at({ indexFrom: n, whole: true, wholeBelow: n + 1 })).toMatchObject({ kind: 'document', other: 'index' });
    expect(await at({ indexFrom: n + 1, whole: true, wholeBelow: n + 1 })).toMatchObject({ kind: 'document', other: null });
    expect(await at({ indexFrom: 0, whole: true, wholeBelow: n })).toMatchObject({ kind: 'index', other: null });
  });

  it.each([0, Infinity])('threshold %s: the last metadata record, its stored key and nanobot\'s title; ranges clamped', async (from) => {
    const { source } = await opened(from);
    expect(await source.meta()).toEqual({ line: 3, value: expect.any(Object), key: 'k:a', title: 'Second' });
    expect(await source.messages('nanobot', 1, 99)).toEqual({ values: [{ role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }], lines: [2, 4] });
    expect((await source.messages('recovered', -5, 1)).lines).toEqual([1]);
    expect((await source.lines(4, 99)).map((l) => new TextDecoder().decode(l))).toEqual([pyDumps({ role: 'user', content: 'three' }), '{cut']);
    const load = await source.load();
    expect(load).toMatchObject({ key: 'k:a', path: 'repair', result: { count: 3, lastConsolidated: 1 }, error: null });
  });
});

describe('a byte-order mark inside a value', () => {
  // Python's utf-8 codec keeps U+FEFF wherever it is; a TextDecoder drops it at the start of what it
  // decodes unless told not to. A tool result answering "\ufeffc1" answers no call: nanobot main's
  // get_history() then keeps only the last answer (its own code, run on this file).
  const calls: PyDict[] = [
    { _type: 'metadata', key: 'k:a', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: {}, last_consolidated: 0 },
    { role: 'user', content: 'one' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: '\ufeffc1', name: 'ls', content: 'x' },
    { role: 'tool', tool_call_id: 'c1', name: 'ls', content: 'y' },
    { role: 'assistant', content: 'done' },
  ];
  it.each([
    ['escaped', calls.map((r) => pyDumps(r)).join('\n') + '\n'],
    ['written as UTF-8', calls.map((r) => JSON.stringify(r)).join('\n') + '\n'],
  ])('%s: is part of a tool_call_id at both sizes', async (_how, file) => {
    for (const from of [0, Infinity]) {
      const adapter = createMemoryAdapter();
      adapter.setFile(NAME, file, 1_800_000_000_000);
      LINE_INDEX.from = from;
      const source = await openSource(adapter, NAME, { now: NOW, version: 'main' });
      expect((await source.replay({})).replay?.entries, `threshold ${from}`).toEqual([{ role: 'assistant', content: 'done' }]);
    }
  });
});

describe('the export through either source', () => {
  it('states the same facts, finds the same findings and writes the same bytes', async () => {
    const answers: unknown[] = [];
    for (const from of [0, Infinity]) {
      const { source } = await opened(from);
      const facts = await source.exportFacts();
      const scan = await source.exportScan(facts.title, facts.key, 10);
      const head = { title: facts.title, key: facts.key, what: 'Session', notes: [], count: facts.messages, words: EXPORT_EN };
      const masked = await (await source.exportBlob(head, 'md', (n) => `[#${n.id + 1}]`)).text();
      const first = await (await source.exportBlob(head, 'json', () => null, {}, 1)).text();
      answers.push({ facts, scan, masked, first });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ facts: { title: 'Second', key: 'k:a', messages: 3, preview: 3 }, scan: { total: 1 } });
    expect((answers[0] as { masked: string }).masked).toContain('- Session key: \\[\\#1\\]');
    expect(JSON.parse((answers[0] as { first: string }).first)).toHaveLength(1);
  });
});

describe('find through either source', () => {
  /** Every update of a find of `query` until it is done. */
  const found = (source: SessionSource, query: string, limit = 100) =>
    new Promise<{ found: [number, number][]; limited: boolean }>((done) => {
      const all: [number, number][] = [];
      source.find(query, limit, (u) => {
        for (const m of u.found) all.push([m.message, m.nth]);
        if (u.done) done({ found: all, limited: u.limited });
      });
    });

  it('finds the same matches in the recovered lens, in any case, at most the limit', async () => {
    const answers: unknown[] = [];
    for (const from of [0, Infinity]) {
      const { source } = await opened(from);
      answers.push([await found(source, 'T'), await found(source, ' THREE '), await found(source, 'e', 2), await found(source, '   ')]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([
      { found: [[1, 0], [2, 0]], limited: false },
      { found: [[2, 0]], limited: false },
      { found: [[0, 0], [2, 0]], limited: true },
      { found: [], limited: false },
    ]);
  });
});

describe('edits through either source', () => {
  const EDITS: SourceEdit[] = [
    { kind: 'title', title: 'Mine' },
    { kind: 'trim', max: 1, extendToUser: false },
    { kind: 'repair' },
    { kind: 'append', role: 'user', content: 'four' },
    { kind: 'last-consolidated', upTo: 2 },
    { kind: 'clear' },
    { kind: 'remove-line', line: 5 },
  ];

  it.each(EDITS)('$kind: the same plan and the same bytes written', async (edit) => {
    const written: string[] = [];
    const changes: unknown[] = [];
    for (const from of [0, Infinity]) {
      const { source, adapter } = await opened(from);
      const plan = await source.plan(edit);
      if ('error' in plan) throw new Error(JSON.stringify(plan.error));
      changes.push([plan.change, plan.writes, plan.backup]);
      await source.save(plan);
      written.push(new TextDecoder().decode(adapter.getFile(NAME)));
    }
    expect(changes[0]).toEqual(changes[1]);
    expect(written[0]).toBe(written[1]);
    expect(written[0]).not.toBe(FILE);
  });

  it.each([0, Infinity])('threshold %s: a removal is refused once the file moved, and goes ahead while it is as opened', async (from) => {
    const { source, adapter } = await opened(from);
    adapter.setFile(NAME, FILE + '{"role": "user", "content": "late"}\n', 1_800_000_000_001);
    await expect(source.remove()).rejects.toMatchObject({ code: 'conflict' });
    const again = await opened(from);
    await again.source.remove();
    await expect(again.adapter.stat(NAME)).rejects.toMatchObject({ code: 'not-found' });
  });
});

/**
 * The session store (src/store/save/sessions.ts) over the memory adapter: nanobot's listing (order, rows,
 * bytes read per file against what nanobot's own reader reads, leftovers hidden, flags, bounded
 * parallelism), byte-preserving saves under arbitrary edits (fast-check), conflicts and injected
 * save failures, forks and deletion.
 */
import fc from 'fast-check';
import { storeErrorEn } from '../../src/words/store-error-en';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument, type FileRecord, type SessionDocument } from '../../src/core/lens/document';
import { appendMessage, removeLine, setLastConsolidated, setTitle, trimToLegalSuffix, type EditResult } from '../../src/core/edit/edits';
import { forkBeforeUserIndex } from '../../src/core/edit/fork';
import { encodeSession, formatSession } from '../../src/core/edit/format';
import { listingRow, sortListing } from '../../src/core/listing/listing';
import { loadNanobot } from '../../src/core/lens/load';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { createNodeAdapter } from '../../src/store/adapter/node-adapter';
import { deleteSession, openSession, saveDocument, writeFork } from '../../src/store/save/sessions';
import { HEAD_BYTES, listSessions, mtimeIso } from '../../src/store/listing/session-list';
import { enc, SAVE_STEPS, storeErrorOf } from './helpers';
import { expectEqual } from '../expect-equal';

const NOW = '2031-07-08T09:10:11.121314';
const LATER = '2031-07-08T10:00:00';
const D = 'sessions';

const meta = (key: string, updated: string, extra: PyDict = {}) =>
  pyDumps({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: updated, metadata: extra, last_consolidated: 0 });
const msg = (role: string, content: string) => pyDumps({ role, content, timestamp: '2026-01-01T00:00:01' });
const lines = (...ls: string[]) => ls.map((l) => l + '\n').join('');

/** Replaces one message's JSON (the record is then written in nanobot's format): a record edited in place, as no edit of the app does. */
function replaceMessage(doc: SessionDocument, recordIndex: number, value: PyDict): SessionDocument {
  const r = doc.records[recordIndex];
  if (r?.kind !== 'message') throw new Error(`record ${recordIndex} is not a message`);
  const records = [...doc.records];
  records[recordIndex] = { ...r, value, edited: true };
  return { records, diagnostics: doc.diagnostics };
}

/** A realistic ~1 MB body after the first user turn: assistant, tool call and tool result lines. */
function bulkBody(bytes: number): string {
  const block = lines(
    pyDumps({ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path": "notes.md"}' } }] }),
    pyDumps({ role: 'tool', tool_call_id: 'call_1', name: 'read_file', content: 'Résumé of the notes — 天气 '.repeat(60) }),
    msg('assistant', 'Here is what the notes say, in short. '.repeat(20)),
  );
  return block.repeat(Math.ceil(bytes / block.length));
}

/**
 * What nanobot's list_sessions reads of a file (valid UTF-8, '\n' line ends): Python's text layer
 * pulls 8 KiB chunks until the line where the scan stops is complete; a line that raises sends it
 * to the repair pass, which reads the whole file again.
 */
function nanobotBytes(text: string): number {
  const size = enc(text).length;
  const chunked = (end: number) => Math.min(size, Math.ceil(end / 8192) * 8192);
  const ls = text.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  let end = 0;
  const ends = ls.map((l, i) => (end += enc(l).length + (i < ls.length - 1 || text.endsWith('\n') ? 1 : 0)));
  const parse = (l: string): PyDict | null => {
    try {
      return JSON.parse(l) as PyDict;
    } catch {
      return null;
    }
  };
  if (!parse(ls[0]!)) return chunked(ends[0]!) + size;
  let chars = 0;
  let records = 0;
  for (let i = 1; i < ls.length; i++) {
    chars += [...ls[i]!].length + 1;
    if (!ls[i]!.trim()) continue;
    if (++records > 200 || chars > 1_000_000) return chunked(ends[i]!);
    const d = parse(ls[i]!);
    if (!d) return chunked(ends[i]!) + size;
    if (d.role === 'user' && typeof d.content === 'string' && d.content.trim()) return chunked(ends[i]!);
  }
  return size;
}

/** Rows nanobot's listing gives, from the whole files (core listingRow + sortListing). */
async function wholeFileRows(a: MemoryAdapter, names: string[]) {
  const rows = [];
  for (const name of names) {
    const bytes = a.getFile(`${D}/${name}`)!;
    const out = listingRow({ bytes, complete: true, fileName: name, mtimeIso: mtimeIso((await a.stat(`${D}/${name}`)).lastModified), now: NOW, version: 'v0.2' });
    if (out.kind === 'row') rows.push(out.row);
  }
  return rows;
}

describe('listSessions', () => {
  it("gives nanobot's rows in nanobot's order, hides leftovers and backups, sets the flags", async () => {
    const a = createMemoryAdapter();
    const files: Record<string, string> = {
      'cli_direct.jsonl': lines(meta('cli:direct', '2026-06-01T10:00:00'), msg('user', 'hello there')),
      'telegram_1.jsonl': lines(meta('telegram:1', '2026-06-03T10:00:00', { title: '<think>x</think> Trip plans' }), msg('assistant', 'hi'), msg('user', 'plan a trip')),
      'tie_a.jsonl': lines(meta('tie:a', '2026-06-02T10:00:00'), msg('user', 'a')),
      'tie_b.jsonl': lines(meta('tie:b', '2026-06-02T10:00:00'), msg('user', 'b')),
      'wrong_name.jsonl': lines(meta('slack:C1', '2026-06-04T10:00:00'), msg('user', 'moved file')),
      'broken_1.jsonl': lines(meta('broken:1', '2026-06-05T10:00:00'), '{"role": "user", "content": "cut o', msg('user', 'after the cut')),
      'no_meta.jsonl': lines(msg('user', 'no metadata line')),
      'blank_first.jsonl': '\n' + lines(meta('blank:first', '2026-06-06T10:00:00')),
      'a.jsonl.tmp': lines(meta('a', '2030-01-01T00:00:00')),
      '.a.jsonl.0123456789abcdef.tmp': lines(meta('a', '2030-01-01T00:00:00')),
      'a.jsonl.crswap': lines(meta('a', '2030-01-01T00:00:00')),
      'cli_direct.jsonl.20260601T100000123Z.bak': lines(meta('cli:direct', '2030-01-01T00:00:00')),
      'notes.txt': 'x',
    };
    for (const [n, t] of Object.entries(files)) a.setFile(`${D}/${n}`, t);
    a.mkdir(`${D}/dir.jsonl`);
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    const sessions = Object.keys(files).filter((n) => n.endsWith('.jsonl')).sort();
    expect(listing.summaries.map((s) => s.fileName).sort()).toEqual(sessions);
    const expected = sortListing(await wholeFileRows(a, sessions));
    if (!('rows' in expected)) throw new Error('unexpected sort error');
    expect(listing.summaries.filter((s) => s.row).map((s) => s.row)).toMatchObject(expected.rows);
    expect(expected.rows.map((r) => r.path)).toEqual(['broken_1.jsonl', 'wrong_name.jsonl', 'telegram_1.jsonl', 'tie_a.jsonl', 'tie_b.jsonl', 'cli_direct.jsonl']);
    const by = Object.fromEntries(listing.summaries.map((s) => [s.fileName, s]));
    expect(by['telegram_1.jsonl']!.row).toMatchObject({ title: 'Trip plans', preview: 'plan a trip' });
    expect(by['broken_1.jsonl']!.flags).toEqual({ damaged: true, keyMismatch: false, keyNotText: false });
    expect(by['broken_1.jsonl']!.row!.key).toBe('broken:1');
    expect(by['wrong_name.jsonl']!.flags).toEqual({ damaged: false, keyMismatch: true, keyNotText: false });
    expect(by['cli_direct.jsonl']!.flags).toEqual({ damaged: false, keyMismatch: false, keyNotText: false });
    expect(by['no_meta.jsonl']!).toMatchObject({ row: null, skipReason: { code: 'not-metadata-first' }, key: 'no:meta' });
    expect(by['blank_first.jsonl']!).toMatchObject({ row: null, skipReason: { code: 'blank-first' } });
    expect(listing.summaries.slice(-2).map((s) => s.row)).toEqual([null, null]);
    expect(listing.sortError).toBeNull();
    expect(listing.bytesStored).toBe(sessions.reduce((n, f) => n + enc(files[f]!).length, 0));
  });

  it("reports nanobot's TypeError when updated_at types mix", async () => {
    const a = createMemoryAdapter();
    a.setFile(`${D}/a.jsonl`, lines(meta('a', '2026-06-01T10:00:00')));
    a.setFile(`${D}/b.jsonl`, lines('{"_type": "metadata", "key": "b", "updated_at": 5}'));
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    expect(listing.sortError?.type).toBe('TypeError');
  });

  it('reads at most 8 KiB of each of 200 ~1 MB files whose first user message is near the top', async () => {
    const a = createMemoryAdapter();
    const body = enc(bulkBody(1_000_000));
    for (let i = 0; i < 200; i++) {
      const head = enc(lines(meta(`cli:s${i}`, `2026-06-01T10:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(6, '0')}`), msg('user', `question ${i}`)));
      const bytes = new Uint8Array(head.length + body.length);
      bytes.set(head);
      bytes.set(body, head.length);
      a.setFile(`${D}/cli_s${i}.jsonl`, bytes);
    }
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    expect(listing.summaries).toHaveLength(200);
    for (const s of listing.summaries) {
      expect(s.bytesRead).toBeLessThanOrEqual(HEAD_BYTES);
      expect(s.bytesRead).toBeLessThanOrEqual(nanobotBytes(new TextDecoder().decode(a.getFile(s.path))));
      expect(s.row!.preview).toBe(`question ${s.key.slice('cli:s'.length)}`);
    }
    expect(listing.bytesRead).toBe(200 * HEAD_BYTES);
    expect(listing.bytesRead / listing.bytesStored).toBeLessThan(0.0085);
  });

  it('reads further when the preview needs it, but never more than nanobot reads', async () => {
    const a = createMemoryAdapter();
    const long = (n: number, size: number) => Array.from({ length: n }, (_, i) => msg('assistant', `step ${i} `.padEnd(size, 'x')));
    const files: Record<string, string> = {
      'late_user.jsonl': lines(meta('late:user', '2026-01-01T00:00:00'), ...long(150, 3000), msg('user', 'finally')) + bulkBody(200_000),
      'cap_records.jsonl': lines(meta('cap:records', '2026-01-01T00:00:00'), ...long(250, 3000), msg('user', 'too late')),
      'cap_chars.jsonl': lines(meta('cap:chars', '2026-01-01T00:00:00'), ...long(120, 12_000), msg('user', 'too late')),
      'big_meta.jsonl': lines(meta('big:meta', '2026-01-01T00:00:00', { note: 'n'.repeat(20_000) }), msg('user', 'after a big head')) + bulkBody(300_000),
      'corrupt_early.jsonl': lines(meta('corrupt:early', '2026-01-01T00:00:00'), '{"role": "assistant", "content": "cut', msg('user', 'hi')) + bulkBody(500_000),
      'escaped_user.jsonl': lines(meta('escaped:user', '2026-01-01T00:00:00'), ...long(10, 3000), '{"role":"\\u0075ser","content":"escaped"}') + bulkBody(100_000),
      'crlf_user.jsonl': lines(meta('crlf:user', '2026-01-01T00:00:00'), ...long(20, 3000), msg('user', 'crlf')).replaceAll('\n', '\r\n') + bulkBody(100_000),
      'short.jsonl': lines(meta('short', '2026-01-01T00:00:00'), msg('assistant', 'only me')),
    };
    for (const [n, t] of Object.entries(files)) a.setFile(`${D}/${n}`, t);
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    const rows = await wholeFileRows(a, Object.keys(files));
    for (const s of listing.summaries) {
      const text = files[s.fileName]!;
      const nb = nanobotBytes(text);
      expect(s.bytesRead, s.fileName).toBeLessThanOrEqual(nb);
      expect(s.row, s.fileName).toMatchObject(rows.find((r) => r.path === s.fileName)!);
    }
    const by = Object.fromEntries(listing.summaries.map((s) => [s.fileName, s]));
    expect(by['late_user.jsonl']!.row!.preview).toBe('finally');
    expect(by['late_user.jsonl']!.bytesRead).toBeGreaterThan(HEAD_BYTES);
    expect(by['cap_records.jsonl']!.row!.preview).toMatch(/^step 0 x+…$/);
    expect(by['cap_chars.jsonl']!.row!.preview).toMatch(/^step 0 /);
    expect(by['corrupt_early.jsonl']!.flags.damaged).toBe(true);
    expect(by['escaped_user.jsonl']!.row!.preview).toBe('escaped');
    expect(by['crlf_user.jsonl']!.row!.preview).toBe('crlf');
    expect(by['short.jsonl']!).toMatchObject({ bytesRead: enc(files['short.jsonl']!).length, messageCount: 1 });
  });

  it('over the Node adapter (the CLI path) reads on in 8 KiB ranges from disk too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-store-'));
    try {
      const text = lines(meta('big:head', '2026-01-01T00:00:00', { note: 'n'.repeat(20_000) }), msg('user', 'q')) + bulkBody(100_000);
      fs.writeFileSync(path.join(dir, 'big_head.jsonl'), text);
      const listing = await listSessions(createNodeAdapter(dir), '', { version: 'v0.2', now: NOW });
      expect(listing.summaries[0]!.bytesRead).toBe(3 * HEAD_BYTES);
      expect(listing.summaries[0]!.bytesRead).toBe(nanobotBytes(text));
      expect(listing.summaries[0]!.row!.preview).toBe('q');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('over the Node adapter reads heads into a few buffers reused file after file, and no summary keeps them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-store-'));
    try {
      // 48 files, 16 read at once: short whole files, heads read on past 8 KiB, damaged heads (the whole file read).
      for (let i = 0; i < 48; i++) {
        const kind = i % 3;
        const text =
          kind === 0
            ? lines(meta(`cli:s${i}`, `2026-01-01T00:00:${String(i).padStart(2, '0')}`), msg('user', `short ${i}`))
            : kind === 1
              ? lines(meta(`cli:s${i}`, '2026-01-02T00:00:00', { note: 'n'.repeat(9000 + i) }), msg('user', `long ${i}`)) + bulkBody(30_000)
              : lines(meta(`cli:s${i}`, '2026-01-03T00:00:00'), '{"role": "user", "content": "cut', msg('user', `after ${i}`));
        fs.writeFileSync(path.join(dir, `cli_s${i}.jsonl`), text);
      }
      const node = createNodeAdapter(dir);
      const given = new Set<ArrayBufferLike>();
      const reusing: StorageAdapter = {
        ...node,
        statHead: (p, n, into) => {
          if (into) given.add(into.buffer);
          return node.statHead!(p, n, into);
        },
      };
      const fresh: StorageAdapter = { ...node, statHead: (p, n) => node.statHead!(p, n) };
      const listing = await listSessions(reusing, '', { version: 'v0.2', now: NOW });
      expect(given.size).toBeGreaterThan(0);
      expect(given.size).toBeLessThanOrEqual(16);
      expect(listing).toEqual(await listSessions(fresh, '', { version: 'v0.2', now: NOW }));
      expect(listing.summaries.map((s) => s.row?.preview).sort()).toEqual(
        Array.from({ length: 48 }, (_, i) => `${['short', 'long', 'after'][i % 3]} ${i}`).sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives a missing or empty time the file's mtime, and a stored time as stored", async () => {
    const a = createMemoryAdapter();
    const at = Date.UTC(2026, 4, 20, 7, 8, 9, 250);
    a.setFile(`${D}/cli_a.jsonl`, lines(pyDumps({ _type: 'metadata', key: 'cli:a', updated_at: '' }), msg('user', 'hi')), at);
    a.setFile(`${D}/cli_b.jsonl`, lines(meta('cli:b', '2026-01-02T00:00:00'), msg('user', 'hi')), at);
    const rows = Object.fromEntries((await listSessions(a, D, { now: NOW, version: 'v0.2' })).summaries.map((s) => [s.key, s.row!]));
    expect([rows['cli:a']!.created_at, rows['cli:a']!.updated_at]).toEqual([mtimeIso(at), mtimeIso(at)]);
    expect([rows['cli:b']!.created_at, rows['cli:b']!.updated_at]).toEqual(['2026-01-01T00:00:00', '2026-01-02T00:00:00']);
  });

  it('leaves out a file deleted while the folder is listed, as nanobot does', async () => {
    const a = createMemoryAdapter();
    for (const n of ['a', 'b', 'c']) a.setFile(`${D}/${n}.jsonl`, lines(meta(n, '2026-01-01T00:00:00'), msg('user', n)));
    a.onStep(async (step, p) => {
      if (step === 'stat' && p === `${D}/b.jsonl`) await a.remove(p);
    });
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    expect(listing.summaries.map((s) => s.fileName)).toEqual(['a.jsonl', 'c.jsonl']);
  });

  it('keeps at most 16 files in flight', async () => {
    const a = createMemoryAdapter();
    for (let i = 0; i < 60; i++) a.setFile(`${D}/s_${i}.jsonl`, lines(meta(`s:${i}`, '2026-01-01T00:00:00'), msg('user', 'q')));
    const busy = new Map<string, number>();
    let reads = 0;
    let maxReads = 0;
    let maxFiles = 0;
    a.onStep(async (step, path) => {
      if (step !== 'read' && step !== 'stat') return;
      busy.set(path, (busy.get(path) ?? 0) + 1);
      if (step === 'read') maxReads = Math.max(maxReads, ++reads);
      maxFiles = Math.max(maxFiles, busy.size);
      await new Promise((r) => setTimeout(r, 2));
      if (step === 'read') reads--;
      const n = busy.get(path)! - 1;
      if (n) busy.set(path, n);
      else busy.delete(path);
    });
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    expect(listing.summaries).toHaveLength(60);
    expect(maxReads).toBeLessThanOrEqual(16);
    expect(maxFiles).toBeLessThanOrEqual(16);
    expect(maxFiles).toBeGreaterThan(1);
  });
});

const P = `${D}/cli_direct.jsonl`;

/** One line of an arbitrary session file: valid records in several spellings, corrupt and blank lines. */
const lineArb = fc.oneof(
  fc.record({ title: fc.string({ maxLength: 8 }), lc: fc.nat({ max: 4 }) }).map(({ title, lc }) =>
    pyDumps({ _type: 'metadata', key: 'cli:direct', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: title ? { title } : {}, last_consolidated: lc }),
  ),
  fc.record({ role: fc.constantFrom('user', 'assistant', 'tool'), content: fc.string({ unit: 'binary', maxLength: 12 }), style: fc.nat({ max: 2 }) }).map(({ role, content, style }) =>
    style === 0 ? msg(role, content) : style === 1 ? JSON.stringify({ role, content }) : `{"role": "${role}", "content": ${JSON.stringify(content)}, "score": 1.0, "n": 1e+16}`,
  ),
  fc.constantFrom('{"role": "user", "content": "cut', 'not json', '[1]', '{"a": NaN}', '{"x": 1', '  '),
  fc.constantFrom('', ' ', '\t'),
);
const fileArb = fc
  .record({
    body: fc.array(fc.record({ line: lineArb, eol: fc.constantFrom('\n', '\n', '\r\n', '\r') }), { maxLength: 10 }),
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
    metaFirst: fc.boolean(),
  })
  .map(({ body, bom, finalNewline, metaFirst }) => {
    const all = metaFirst ? [{ line: meta('cli:direct', '2026-01-02T00:00:00'), eol: '\n' }, ...body] : body;
    let text = all.map((l) => l.line + l.eol).join('');
    if (!finalNewline) text = text.replace(/(\r\n|\r|\n)$/, '');
    return (bom ? '\ufeff' : '') + text;
  });

type Edit =
  | { t: 'title'; title: string }
  | { t: 'append'; role: string; content: string }
  | { t: 'lc'; n: number }
  | { t: 'trim'; max: number; ext: boolean }
  | { t: 'removeCorrupt'; pick: number }
  | { t: 'replace'; pick: number; content: string };
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ t: fc.constant('title' as const), title: fc.string({ unit: 'binary', maxLength: 10 }) }),
  fc.record({ t: fc.constant('append' as const), role: fc.constantFrom('user', 'assistant'), content: fc.string({ unit: 'binary', maxLength: 10 }) }),
  fc.record({ t: fc.constant('lc' as const), n: fc.nat({ max: 12 }) }),
  fc.record({ t: fc.constant('trim' as const), max: fc.nat({ max: 5 }), ext: fc.boolean() }),
  fc.record({ t: fc.constant('removeCorrupt' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('replace' as const), pick: fc.nat(), content: fc.string({ maxLength: 10 }) }),
);

/** Apply one edit from core/edits.ts; returns the new document and how many corrupt lines it removed. */
function applyEdit(doc: SessionDocument, key: string, e: Edit): { doc: SessionDocument; removed: number } {
  const at = (kind: FileRecord['kind'], pick: number) => {
    const idx = doc.records.flatMap((r, i) => (r.kind === kind ? [i] : []));
    return idx.length ? idx[pick % idx.length]! : -1;
  };
  const count = doc.records.filter((r) => r.kind === 'message').length;
  let r: EditResult;
  if (e.t === 'title') r = setTitle(doc, key, e.title, LATER);
  else if (e.t === 'append') r = appendMessage(doc, key, e.role, e.content, LATER);
  else if (e.t === 'lc') r = setLastConsolidated(doc, key, e.n % (count + 1), LATER);
  else if (e.t === 'trim') r = trimToLegalSuffix(doc, key, e.max, e.ext, LATER, 'v0.2');
  else if (e.t === 'removeCorrupt') {
    const i = at('corrupt', e.pick);
    if (i < 0) return { doc, removed: 0 };
    r = removeLine(doc, i);
    if (r.ok) return { doc: r.doc, removed: 1 };
  } else {
    const i = at('message', e.pick);
    if (i < 0) return { doc, removed: 0 };
    return { doc: replaceMessage(doc, i, { role: 'assistant', content: e.content }), removed: 0 };
  }
  return { doc: r.ok ? r.doc : doc, removed: 0 };
}

describe('openSession + saveDocument', () => {
  it('keeps every untouched record byte for byte and in order, keeps corrupt lines, and predicts the reload', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, fc.array(editArb, { maxLength: 5 }), async (text, edits) => {
        const a = createMemoryAdapter();
        a.setFile(P, text);
        const opened = await openSession(a, P, { version: 'v0.2', now: NOW });
        const originals = new Map(opened.doc.records.map((r, i) => [r, i]));
        let doc = opened.doc;
        let removed = 0;
        for (const e of edits) {
          const next = applyEdit(doc, opened.key, e);
          doc = next.doc;
          removed += next.removed;
        }
        const { opened: after } = await saveDocument(a, opened, doc, { version: 'v0.2', now: NOW });
        const saved = a.getFile(P)!;
        // byte arrays, 300 runs: Vitest's matchers only where the strict check finds a difference (test/expect-equal.ts)
        expectEqual(saved, serializeDocument(doc));
        if (edits.length === 0 || doc === opened.doc) expectEqual(saved, enc(text));
        const reparsed = parseDocument(saved, { version: 'v0.2' });
        // An empty blank line after a lone '\r' whose neighbour was removed reads back as part of
        // a '\r\n' (same bytes, one line fewer): compare the lines that hold something.
        const solid = (rs: FileRecord[]) => rs.filter((r) => r.raw.length > 0 || r.edited);
        const now = solid(reparsed.records);
        const kept = solid(doc.records);
        expect(now).toHaveLength(kept.length);
        let last = -1;
        kept.forEach((r, i) => {
          const from = originals.get(r);
          if (from === undefined) return expectEqual(now[i]!.raw, enc(pyDumps(r.value!)));
          expectEqual(now[i]!.raw, r.raw, `record ${i} (was ${from})`);
          expect(from).toBeGreaterThan(last);
          last = from;
        });
        const corrupt = (d: SessionDocument) => d.records.filter((r) => r.kind === 'corrupt').length;
        expect(corrupt(reparsed)).toBe(corrupt(opened.doc) - removed);
        expect(loadNanobot(saved, after.key, NOW, 'v0.2')).toEqual(after.nanobot);
        const again = await openSession(a, P, { version: 'v0.2', now: NOW });
        expect(again.nanobot).toEqual(after.nanobot);
        expect(again.snapshot).toEqual(after.snapshot);
        // The snapshot a save returns is good for the next save: no false conflict.
        await saveDocument(a, after, after.doc, { version: 'v0.2', now: NOW });
        expectEqual(a.getFile(P), saved);
        expect(a.paths()).toEqual([P]);
      }),
      { numRuns: 300 },
    );
  });
});

const BASE = lines(meta('cli:direct', '2026-01-02T00:00:00', { title: 'T', goal_state: { status: 'active' } }), msg('user', 'one'), msg('assistant', 'two'), msg('user', 'three'), msg('assistant', 'four'));

async function openedBase(text = BASE) {
  const a = createMemoryAdapter();
  a.setFile(P, text);
  return { a, opened: await openSession(a, P, { version: 'v0.2', now: NOW }) };
}

describe('guarded saves', () => {
  it('an outside change between open and save is a conflict that says what changed; the outside bytes stay', async () => {
    const { a, opened } = await openedBase();
    const edit = setTitle(opened.doc, opened.key, 'Mine', LATER);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    const outside = BASE + msg('user', 'written by the gateway') + '\n';
    a.setFile(P, outside);
    const err = await storeErrorOf(saveDocument(a, opened, edit.doc, { version: 'v0.2', now: NOW }));
    expect(err.code).toBe('conflict');
    // What changed is the reason's values; the words are every interface's (here the CLI's English).
    const said = storeErrorEn(err.reason, err.path);
    expect(said).toContain("'sessions/cli_direct.jsonl' changed on disk since it was read");
    expect(said).toContain(`size ${enc(BASE).length} → ${enc(outside).length} bytes`);
    expect(said).toMatch(/content differs \(sha256 [0-9a-f]{12}… → [0-9a-f]{12}…\)/);
    expect(said).toContain('nanobot gateway');
    expect(a.getFile(P)).toEqual(enc(outside));
    expect(a.paths()).toEqual([P]);
  });

  it('a same-size outside change is caught by the content hash', async () => {
    const { a, opened } = await openedBase();
    a.setFile(P, BASE.replace('"one"', '"ONE"'));
    const err = await storeErrorOf(saveDocument(a, opened, opened.doc, { version: 'v0.2', now: NOW }));
    expect(err.code).toBe('conflict');
    const changes = err.reason.code === 'changed-since-read' ? err.reason.changes.map((c) => c.code) : [];
    expect(changes).not.toContain('size');
    expect(changes).toContain('content');
    expect(a.getFile(P)).toEqual(enc(BASE.replace('"one"', '"ONE"')));
  });

  it.each(['create-tmp', 'write', 'close', 'move'] as const)('a failure at %s leaves the original intact and no tmp', async (step) => {
    const { a, opened } = await openedBase();
    const edit = appendMessage(opened.doc, opened.key, 'user', 'new', LATER);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    a.fail({ step, code: 'io' });
    const err = await storeErrorOf(saveDocument(a, opened, edit.doc, { version: 'v0.2', now: NOW }));
    expect(err.message).toContain(`Injected io failure at '${step}'`);
    expect(err.leftover).toBeUndefined();
    expect(a.getFile(P)).toEqual(enc(BASE));
    expect(a.paths()).toEqual([P]);
    // Nothing was half-done: the same save succeeds once the fault is gone.
    await saveDocument(a, opened, edit.doc, { version: 'v0.2', now: NOW });
    expect(a.getFile(P)).toEqual(serializeDocument(edit.doc));
  });

  it('when removing the tmp fails too, the original is intact and the tmp is named as a leftover', async () => {
    const { a, opened } = await openedBase();
    a.fail({ step: 'move' });
    a.fail({ step: 'remove-tmp' });
    const err = await storeErrorOf(saveDocument(a, opened, opened.doc, { version: 'v0.2', now: NOW }));
    expect(err.leftover).toBe(`${P}.tmp`);
    expect(a.getFile(P)).toEqual(enc(BASE));
    expect(a.paths()).toEqual([P, `${P}.tmp`]);
  });

  it.each(SAVE_STEPS)('every atomic-save step (%s) is really taken by a save', async (step) => {
    const { a, opened } = await openedBase();
    a.fail({ step: 'move' });
    await storeErrorOf(saveDocument(a, opened, opened.doc, { version: 'v0.2', now: NOW }));
    expect(a.counts()[step]).toBeGreaterThan(0);
  });
});

describe('writeFork', () => {
  it("names the fork from the new key and writes core's formatSession of forkBeforeUserIndex", async () => {
    const { a, opened } = await openedBase();
    const fork = await writeFork(a, opened, 1, 'telegram:42', LATER);
    expect(fork.path).toBe(`${D}/telegram_42.jsonl`);
    const want = forkBeforeUserIndex(opened.nanobot.result!, 'telegram:42', 1, LATER, 'v0.2');
    if (!want || 'error' in want) throw new Error('no fork');
    const bytes = encodeSession(formatSession(want));
    if (!bytes.ok) throw new Error('cannot encode');
    expect(a.getFile(fork.path)).toEqual(bytes.bytes);
    expect(fork.session.messages.map((m) => m.content)).toEqual(['one', 'two']);
    expect(JSON.parse(new TextDecoder().decode(a.getFile(fork.path)!).split('\n')[0]!).metadata).toEqual({});
    expect(a.getFile(P)).toEqual(enc(BASE));
  });

  it.each([
    ['CON', 'CON.jsonl', 'reserved'],
    ['a\nb', 'a\nb.jsonl', 'U+000A'],
  ])('refuses the key %j (file %j) naming the problem, writing nothing', async (key, name, why) => {
    const { a, opened } = await openedBase();
    const err = await storeErrorOf(writeFork(a, opened, 1, key, LATER));
    expect(err.code).toBe('bad-name');
    expect(storeErrorEn(err.reason, err.path)).toContain(`makes the file name "${name}"`);
    expect(storeErrorEn(err.reason, err.path)).toContain(why);
    expect(a.paths()).toEqual([P]);
    expect(a.counts()['create-tmp']).toBeUndefined();
  });

  it('refuses to fork onto an existing file, which keeps its bytes', async () => {
    const { a, opened } = await openedBase();
    const other = lines(meta('telegram:42', '2026-01-01T00:00:00'), msg('user', 'mine'));
    a.setFile(`${D}/telegram_42.jsonl`, other);
    const err = await storeErrorOf(writeFork(a, opened, 0, 'telegram:42', LATER));
    expect(err.code).toBe('conflict');
    expect(err.message).toContain('A session file named "telegram_42.jsonl" already exists beside this one: the key "telegram:42" is taken');
    expect(a.getFile(`${D}/telegram_42.jsonl`)).toEqual(enc(other));
    expect(a.paths()).toEqual([P, `${D}/telegram_42.jsonl`]);
  });
});

describe('deleteSession', () => {
  it('deletes the file it read', async () => {
    const { a, opened } = await openedBase();
    await deleteSession(a, opened);
    expect(a.paths()).toEqual([]);
  });

  it('refuses after an outside change, keeping the changed file', async () => {
    const { a, opened } = await openedBase();
    a.setFile(P, BASE + msg('user', 'late') + '\n');
    const err = await storeErrorOf(deleteSession(a, opened));
    expect(err.code).toBe('conflict');
    expect(err.message).toContain('changed on disk since it was read');
    expect(a.getFile(P)).toEqual(enc(BASE + msg('user', 'late') + '\n'));
  });
});

describe('saveDocument refuses what UTF-8 cannot hold', () => {
  const SURROGATE = '{"role": "user", "content": "\\udc80 kept"}';

  it('an edited record holding a lone surrogate (from a \\udc80 escape) is refused, not written as U+FFFD', async () => {
    const text = lines('{"_type": "metadata", "key": "cli:direct", "metadata": {"note": "\\udc80"}}', msg('user', 'hi'));
    const { a, opened } = await openedBase(text);
    const edit = setTitle(opened.doc, opened.key, 'New title', LATER);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    const err = await storeErrorOf(saveDocument(a, opened, edit.doc, { version: 'v0.2', now: NOW }));
    expect(err.code).toBe('io');
    expect(err.message).toContain("Line 1 cannot be saved: nanobot would raise UnicodeEncodeError: 'utf-8' codec can't encode character '\\udc80'");
    expect(a.getFile(P)).toEqual(enc(text));
  });

  it('so is a new message with a lone surrogate', async () => {
    const { a, opened } = await openedBase();
    const edit = appendMessage(opened.doc, opened.key, 'user', 'a \ud800 b', LATER);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    expect((await storeErrorOf(saveDocument(a, opened, edit.doc, { version: 'v0.2', now: NOW }))).message).toContain('Line 6 cannot be saved');
    expect(a.getFile(P)).toEqual(enc(BASE));
  });

  it('an untouched record with the escape is kept byte for byte while others are edited', async () => {
    const { a, opened } = await openedBase(BASE + SURROGATE + '\n');
    await saveDocument(a, opened, replaceMessage(opened.doc, 1, { role: 'user', content: 'uno' }), { version: 'v0.2', now: NOW });
    expect(new TextDecoder().decode(a.getFile(P)).split('\n')[5]).toBe(SURROGATE);
  });
});

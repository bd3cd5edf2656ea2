/**
 * The session store in real Chromium, over OPFS and over a real folder dropped onto the page: the
 * listing of ~50 files in nanobot's order with bounded reads, a save writing exactly the expected
 * bytes (checked with node:fs on the real folder), a conflict with an outside change, and a big
 * file opened through the worker (parsed and hashed there) exactly as Node opens it in place.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { setTitle } from '../../src/core/edit/edits';
import { listingRow, sortListing, type ListingRow } from '../../src/core/listing/listing';
import { pyDumps } from '../../src/core/python/pyjson';
import crypto from 'node:crypto';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { WORKER_THRESHOLD } from '../../src/store/analyze/analyze-client';
import { openSession } from '../../src/store/save/sessions';
import { HEAD_BYTES } from '../../src/store/listing/session-list';
import { openFromBytes } from '../open-bytes';
import { buildTestPage, removeTestPage } from './build-page';
import { dropFolder, evaluate, launchChromium, requireChromium, serveDir, withTimeout, type Browser } from './harness';
import type { Lens } from './page/main';
import type { LensSessions } from './page/sessions';

declare const window: { lens: Lens; lensSessions: LensSessions };

const NOW = '2031-07-08T09:10:11.121314';
type Kind = 'opfs' | 'folder';

let b: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
let base: string;

beforeAll(async () => {
  requireChromium();
  server = await serveDir(await buildTestPage());
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-sessions-'));
  b = await launchChromium({ port: server.port });
  const ready = b.page.waitForEvent('console', { predicate: (m) => m.text() === 'lens:ready', timeout: 15_000 });
  await withTimeout(b.page.goto(server.url), 15_000, 'opening the test page');
  await ready;
  await dropFolder(b, base);
  await evaluate(b.page, async () => void (window.lens.vars.folder = (await window.lens.nextDrop(false))[0]), null);
});

afterAll(async () => {
  await b?.close();
  await server?.close();
  await removeTestPage();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const line = (v: Parameters<typeof pyDumps>[0]) => pyDumps(v) + '\n';
const meta = (key: string, updated: string) => line({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: updated, metadata: { title: `T ${key}` }, last_consolidated: 0 });

/** ~50 sessions: ties, a few ~300 KB files, a long first line, a damaged one, one nanobot skips, and leftovers. */
function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const filler = line({ role: 'assistant', content: 'Notes from the calendar tool. '.repeat(40) }).repeat(250);
  for (let i = 0; i < 48; i++) {
    const updated = `2026-06-${String(1 + (i % 9)).padStart(2, '0')}T10:00:00${i % 4 ? '' : `.${String(i).padStart(6, '0')}`}`;
    const body = line({ role: 'user', content: `question ${i}` }) + (i % 10 === 0 ? filler : line({ role: 'assistant', content: `answer ${i}` }));
    files[`cli_s${String(i).padStart(2, '0')}.jsonl`] = meta(`cli:s${i}`, updated) + body;
  }
  files['damaged.jsonl'] = meta('damaged', '2026-07-01T00:00:00') + '{"role": "user", "content": "cut\n' + line({ role: 'user', content: 'after' });
  files['no_meta.jsonl'] = line({ role: 'user', content: 'no metadata' });
  // A 20 KB metadata line: the listing reads on in 8 KiB ranges, as nanobot's reader does (3 chunks).
  files['big_head.jsonl'] = line({ _type: 'metadata', key: 'big:head', created_at: '2026-05-01T00:00:00', updated_at: '2026-05-01T00:00:00', metadata: { note: 'n'.repeat(20_000) } }) + line({ role: 'user', content: 'q' }) + filler;
  files['cli_s00.jsonl.tmp'] = meta('tmp', '2030-01-01T00:00:00');
  files['.cli_s01.jsonl.0123456789abcdef.tmp'] = meta('tmp', '2030-01-01T00:00:00');
  return files;
}

let counter = 0;
/** A fresh `sub/sessions` folder holding `files` (node:fs on the real folder, plain writes in OPFS). */
async function fresh(kind: Kind, files: Record<string, string>): Promise<string> {
  const sub = `s${++counter}`;
  if (kind === 'folder') {
    fs.mkdirSync(path.join(base, sub, 'sessions'), { recursive: true });
    for (const [n, t] of Object.entries(files)) fs.writeFileSync(path.join(base, sub, 'sessions', n), t);
  } else {
    const list = Object.entries(files).map(([n, t]) => [`sessions/${n}`, t] as [string, string]);
    await evaluate(b.page, ([s, l]) => window.lensSessions.writeFiles('opfs', s, l), [sub, list] as const, 60_000);
  }
  return sub;
}

/** nanobot's listing of the files, from core on the whole files (times never fall back to mtime here). */
function expectedOrder(files: Record<string, string>): ListingRow[] {
  const rows = Object.entries(files)
    .filter(([n]) => n.endsWith('.jsonl'))
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .flatMap(([fileName, t]) => {
      const out = listingRow({ bytes: new TextEncoder().encode(t), complete: true, fileName, mtimeIso: 'unused', now: NOW, version: 'v0.2' });
      return out.kind === 'row' ? [out.row] : [];
    });
  const sorted = sortListing(rows);
  if (!('rows' in sorted)) throw new Error('unexpected sort error');
  return sorted.rows;
}

async function diskText(kind: Kind, sub: string, rel: string): Promise<string> {
  if (kind === 'folder') return fs.readFileSync(path.join(base, sub, rel), 'utf8');
  return evaluate(b.page, async ([s, p]) => {
    const a = await window.lens.adapter('opfs', s);
    return window.lens.dec(await window.lens.readAll(await a.read(p)));
  }, [sub, rel] as const);
}

describe.each<Kind>(['opfs', 'folder'])('session store over %s', (kind) => {
  it("lists ~50 files in nanobot's order, reading 8 KiB of each big file", async () => {
    const files = fixtureFiles();
    const sub = await fresh(kind, files);
    const got = await evaluate(b.page, ([k, s, now]) => window.lensSessions.list(k, s, 'sessions', now), [kind, sub, NOW] as const);
    const want = expectedOrder(files);
    expect(got.files.filter((f) => f.row).map((f) => f.row)).toMatchObject(want);
    expect(got.files.map((f) => f.fileName).slice(-1)).toEqual(['no_meta.jsonl']);
    expect(got.files).toHaveLength(51);
    const big = got.files.filter((x) => x.size > 100_000);
    expect(big).toHaveLength(6);
    for (const f of big) expect(f.bytesRead, f.fileName).toBe(f.fileName === 'big_head.jsonl' ? 3 * HEAD_BYTES : HEAD_BYTES);
    expect(got.bytesRead).toBeLessThan(got.bytesStored / 5);
  });

  it('saves an edit as exactly the expected bytes, leaving no tmp', async () => {
    const original = meta('cli:direct', '2026-06-01T10:00:00') + '{"role":"user","content":"compact, kept as is"}\r\n' + 'not json\n' + line({ role: 'assistant', content: 'héllo', score: 1 });
    const sub = await fresh(kind, { 'cli_direct.jsonl': original });
    const rel = 'sessions/cli_direct.jsonl';
    await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.open(k, s, p, now), [kind, sub, rel, NOW] as const);
    const r = await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.saveTitle(k, s, p, 'Renamed ✓', now), [kind, sub, rel, NOW] as const);
    const edit = setTitle(parseDocument(new TextEncoder().encode(original), { version: 'v0.2' }), 'cli:direct', 'Renamed ✓', NOW);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    const want = new TextDecoder().decode(serializeDocument(edit.doc));
    expect(want.split('\n').slice(1).join('\n')).toBe(original.split('\n').slice(1).join('\n'));
    expect(r).toMatchObject({ ok: true, text: want });
    expect(await diskText(kind, sub, rel)).toBe(want);
    if (kind === 'folder') expect(fs.readdirSync(path.join(base, sub, 'sessions'))).toEqual(['cli_direct.jsonl']);
  });

  it('an outside change between open and save is a conflict, and the disk keeps the outside bytes', async () => {
    const original = meta('cli:direct', '2026-06-01T10:00:00') + line({ role: 'user', content: 'hi' });
    const sub = await fresh(kind, { 'cli_direct.jsonl': original });
    const rel = 'sessions/cli_direct.jsonl';
    await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.open(k, s, p, now), [kind, sub, rel, NOW] as const);
    const outside = original + line({ role: 'assistant', content: 'written by the gateway' });
    if (kind === 'folder') fs.writeFileSync(path.join(base, sub, rel), outside);
    else await evaluate(b.page, ([s, p, t]) => window.lens.plainWrite('opfs', s, p, t), [sub, rel, outside] as const);
    const r = await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.saveTitle(k, s, p, 'Mine', now), [kind, sub, rel, NOW] as const);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('conflict');
    expect(r.reason).toMatchObject({ code: 'changed-since-read', changes: expect.arrayContaining([{ code: 'size', from: Buffer.byteLength(original), to: Buffer.byteLength(outside) }]) });
    expect(await diskText(kind, sub, rel)).toBe(outside);
  });
  it('opens a file too big for the page thread in the worker: same records, values, load and SHA-256 as in place, with a preview', async () => {
    // Exotic values (floats, big ints, keys JS would reorder) travel as text; the rest by structured clone.
    let text = meta('cli:big', '2026-06-01T10:00:00');
    for (let i = 0; text.length < WORKER_THRESHOLD + 300_000; i++) {
      text += line({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} — ${'déjà vu '.repeat(60)}`, timestamp: '2026-06-01T10:00:00' });
      if (i === 3) text += '{"role": "assistant", "content": "score", "score": 1.0, "n": 123456789012345678901, "meta": {"2": "b", "1": "a"}}\r\n';
      if (i === 7) text += 'not json at all\n\n';
    }
    const sub = await fresh(kind, { 'cli_big.jsonl': text });
    const rel = 'sessions/cli_big.jsonl';
    const got = await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.open(k, s, p, now), [kind, sub, rel, NOW] as const, 60_000);
    const bytes = new TextEncoder().encode(text);
    const mem = createMemoryAdapter();
    mem.setFile(rel, bytes);
    const want = await openSession(mem, rel, { version: 'v0.2', now: NOW });
    expect(got.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect([got.key, got.size, got.bytes]).toEqual(['cli:big', bytes.length, bytes.length]);
    const wantRecords = want.doc.records.map((r) => [r.kind, r.raw.byteOffset - want.bytes.byteOffset, r.raw.length, r.eol, r.value ? pyDumps(r.value) : null, r.exact === true]);
    expect(got.records).toEqual(wantRecords);
    expect(got.records.filter((r) => r[5])).toHaveLength(1);
    expect(got.diagnostics).toBe(want.doc.diagnostics.length);
    const n = want.nanobot.result!;
    expect(got.nanobot).toEqual({ ...n, metadata: pyDumps(n.metadata), messages: n.messages.map((m) => pyDumps(m)) });
    // The preview (the first 256 KiB, exotic values left out) came before the whole; progress reached every record.
    expect(got.previews).toHaveLength(1);
    const preview = got.previews[0]!;
    expect(preview.length).toBeGreaterThan(50);
    const plainMessages = want.doc.records.filter((r) => r.kind === 'message' && !r.exact).map((r) => pyDumps(r.value!));
    expect(preview).toEqual(plainMessages.slice(0, preview.length));
    expect(got.progress).toBe(want.doc.records.length);
    // Saving it re-opens the saved bytes in the worker too, to the same analysis as in place.
    const saved = await evaluate(b.page, ([k, s, p, now]) => window.lensSessions.saveTitle(k, s, p, 'Big one', now), [kind, sub, rel, NOW] as const, 60_000);
    if (!saved.ok) throw new Error(JSON.stringify(saved.reason));
    const savedBytes = new TextEncoder().encode(saved.text);
    expect(await diskText(kind, sub, rel)).toBe(saved.text);
    const again = openFromBytes(rel, savedBytes, { path: rel, size: savedBytes.length, lastModified: 0, sha256: '' }, { version: 'v0.2', now: NOW });
    expect(saved.opened.records).toEqual(again.doc.records.map((r) => [r.kind, r.raw.byteOffset, r.raw.length, r.eol, r.value ? pyDumps(r.value) : null, r.exact === true]));
    expect(saved.opened.sha256).toBe(crypto.createHash('sha256').update(savedBytes).digest('hex'));
    expect(saved.opened.nanobot!.metadata).toContain('"title": "Big one"');
  });
});

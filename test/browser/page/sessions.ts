/**
 * Session-store calls for the browser tests and the listing bench, on `window.lensSessions`: the
 * folder roots come from `window.lens.root` (main.ts), opened sessions are kept here between calls.
 */

import { setTitle } from '../../../src/core/edit/edits';
import { isStoreError } from '../../../src/store/adapter/errors';
import { createHandleAdapter } from '../../../src/store/adapter/handle-adapter';
import { pyDumps } from '../../../src/core/python/pyjson';
import { openSession, saveDocument, type OpenedSession } from '../../../src/store/save/sessions';
import { listSessions } from '../../../src/store/listing/session-list';
import type { Lens } from './main';

type Kind = 'opfs' | 'folder';

const lens = (): Lens => (window as unknown as { lens: Lens }).lens;
const adapterFor = async (kind: Kind, sub: string) => createHandleAdapter(await lens().root(kind, sub));
const opened = new Map<string, OpenedSession>();
const id = (kind: Kind, sub: string, path: string) => `${kind}:${sub}:${path}`;

/** listSessions over a handle adapter, timed; returns what a test compares with nanobot's listing. */
async function list(kind: Kind, sub: string, dir: string, now: string) {
  const a = await adapterFor(kind, sub);
  const t0 = performance.now();
  const l = await listSessions(a, dir, { version: 'v0.2', now });
  const ms = performance.now() - t0;
  const files = l.summaries.map((s) => ({ fileName: s.fileName, row: s.row, bytesRead: s.bytesRead, size: s.size }));
  return { ms, files, bytesRead: l.bytesRead, bytesStored: l.bytesStored, sortError: l.sortError };
}

/** Write many files at once with plain createWritable() (test set-up, not the code under test). */
async function writeFiles(kind: Kind, sub: string, files: [path: string, text: string][]): Promise<void> {
  for (const [p, t] of files) await lens().plainWrite(kind, sub, p, t);
}

/**
 * Fill `dir` with one session per head: the head's lines + the same body bytes (the listing
 * bench's OPFS data, generated in the page rather than copied through CDP).
 */
async function fillSessions(kind: Kind, sub: string, dir: string, heads: string[], body: string): Promise<number> {
  const d = await lens().root(kind, `${sub}/${dir}`);
  const enc = new TextEncoder();
  const bytes = enc.encode(body);
  let total = 0;
  for (const [i, head] of heads.entries()) {
    const w = await (await d.getFileHandle(`bench_s${i}.jsonl`, { create: true })).createWritable();
    const h = enc.encode(head);
    await w.write(h);
    await w.write(bytes);
    await w.close();
    total += h.length + bytes.length;
  }
  return total;
}

/**
 * Open a session and keep it for a later save; returns what a test compares with the analysis made
 * in Node: snapshot, every record's kind, span and value (as nanobot would write it), the preview.
 */
async function open(kind: Kind, sub: string, path: string, now: string) {
  const previews: string[][] = [];
  let progress = 0;
  const o = await openSession(await adapterFor(kind, sub), path, {
    now,
    version: 'v0.2',
    onPreview: (ms) => previews.push(ms.map((m) => pyDumps(m))),
    onProgress: (done) => void (progress = done),
  });
  opened.set(id(kind, sub, path), o);
  return { ...described(o), previews, progress };
}

/** An opened session as data a test can compare with Node's: snapshot, every record's kind, span and value, the load. */
function described(o: OpenedSession) {
  const records = o.doc.records.map((r) => [r.kind, r.raw.byteOffset - o.bytes.byteOffset, r.raw.length, r.eol, r.value ? pyDumps(r.value) : null, r.exact === true] as const);
  const nanobot = o.nanobot.result && { ...o.nanobot.result, metadata: pyDumps(o.nanobot.result.metadata), messages: o.nanobot.result.messages.map((m) => pyDumps(m)) };
  return { key: o.key, size: o.snapshot.size, sha256: o.snapshot.sha256, bytes: o.bytes.length, records, diagnostics: o.doc.diagnostics.length, nanobot };
}

/** Retitle the session opened earlier and save it; a StoreError comes back as data. */
async function saveTitle(kind: Kind, sub: string, path: string, title: string, now: string) {
  const o = opened.get(id(kind, sub, path));
  if (!o) throw new Error(`${path} was not opened`);
  const edit = setTitle(o.doc, o.key, title, now);
  if (!edit.ok) throw new Error(JSON.stringify(edit.error));
  try {
    const r = await saveDocument(await adapterFor(kind, sub), o, edit.doc, { version: 'v0.2', now });
    opened.set(id(kind, sub, path), r.opened);
    return { ok: true as const, text: new TextDecoder().decode(r.opened.bytes), opened: described(r.opened) };
  } catch (e) {
    if (!isStoreError(e)) throw e;
    return { ok: false as const, code: e.code, reason: e.reason };
  }
}

export const lensSessions = { list, writeFiles, fillSessions, open, saveTitle };
export type LensSessions = typeof lensSessions;
(window as unknown as { lensSessions: LensSessions }).lensSessions = lensSessions;

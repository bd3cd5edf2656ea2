/**
 * The whole-document SessionSource: the file read whole once per kind of answer (nanobot's lens
 * alone without a hash; both lenses; or, for an edit, opened with its snapshot for the guarded
 * save) and every answer taken from the document held (core/lens/open.ts, store/save/sessions.ts).
 */
import type { EditResult } from '../../core/edit/edits';
import type { NanobotSession } from '../../core/lens/load';
import { fileStem } from '../../core/nanobot/keys';
import { pyDumps } from '../../core/python/pyjson';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import type { ReplayOptions, TokenCounter } from '../../core/replay/replay';
import type { EntrySink } from '../../core/replay/indexed-replay';
import { metadataIndex, type SessionDocument } from '../../core/lens/document';
import { readBothLenses, readNanobotLens, type NanobotView, type ReadView } from '../adapter/read-only';
import type { OpenOptions, OpenedSession } from '../save/sessions';
import { lazyFind, type Lens, type MessageRange, type PieceSink, type SaveRun, type SessionHead, type SessionSource, type SourceEdit, type SourceLoad, type SourcePlan, type SourceReplay, type SourceStat } from './session-source';
import { metaOf, normalised, type SourceAdapter } from './source-adapter';
import type { StorageAdapter } from '../adapter/adapter';
import type { ExportPasses } from './export-answers';
import type { SourceConversation } from './conversation/rows';
import type { LineIndex } from '../../core/index/line-index';
import { stillAsRead } from '../save/snapshot';

/** A session's head: the session without its messages, and their count. */
export function headOf(s: NanobotSession & { messageRecords?: number[] }): SessionHead {
  const { messages, messageLines: _lines, messageRecords: _records, ...head } = s;
  return { ...head, count: messages.length };
}

/** nanobot's load of a view, as a source answers it. */
function sourceLoad(v: NanobotView): SourceLoad {
  const n = v.nanobot;
  return { ...n, result: n.result && headOf(n.result), key: v.key };
}

const roleOf = (m: PyDict) => (typeof m.role === 'string' ? m.role : '?');

/**
 * Opens the whole-document source of `path` (nothing is read until an answer is asked for; `held`:
 * the session the page already opened, which answers everything). What
 * only some answers need (the replay's rules, the edits, the save) is loaded when first asked for:
 * a read command's run does not compile the saves.
 */
export function documentSource(adapter: SourceAdapter, stat: SourceStat, opts: OpenOptions, held?: OpenedSession): SessionSource {
  const { path } = stat;
  // A document the page already holds answers from itself: nothing is read again.
  let view: Promise<NanobotView> | null = held ? Promise.resolve(held) : null;
  let both: Promise<ReadView> | null = held ? Promise.resolve(held) : null;
  let opened: Promise<OpenedSession> | null = held ? Promise.resolve(held) : null;
  // Each kind of read once: nanobot's lens alone (no hash), both lenses, or opened for a save.
  const nanobotView = () => (view ??= both ?? readNanobotLens(adapter, path, opts));
  const bothLenses = () => (both ??= readBothLenses(adapter, path, opts));
  // Opened for a save when first asked; still the file the source was opened on, or a 'conflict'.
  const forSave = () =>
    (opened ??= (async () => {
      const { openSession } = await import('../save/sessions');
      const o = await openSession(adapter, path, opts);
      stillAsRead(path, stat, o.snapshot);
      return o;
    })());
  const sessions = () => import('../save/sessions');
  const planned = new WeakMap<SourcePlan, SessionDocument>();
  let conversing: Promise<SourceConversation> | null = null;

  const nanobotMessages = async () => (await nanobotView()).nanobot.result;
  // The export's and the find's passes are loaded when first asked for (a CLI command never compiles them).
  const recoveredMessages = async () => (await bothLenses()).recovered.messages;
  let exporting: Promise<ExportPasses> | null = null;
  const exported = () => (exporting ??= import('./export-answers').then((m) => m.heldExport(recoveredMessages)));
  const find = lazyFind(async () => (await import('./find-answers')).heldFind(recoveredMessages));
  // The line readers (and the byte scanner under them) are loaded when the File tab first asks: a CLI
  // command over a small file never compiles them.
  const lineReads = () => import('./line-reads');
  let lineIndex: Promise<LineIndex> | null = null;
  const indexOf = () => (lineIndex ??= bothLenses().then(async (v) => (await lineReads()).indexOfRecords(v.doc.records, stat.version)));

  const source: SessionSource = {
    stat,
    async meta() {
      const doc = (await bothLenses()).doc;
      // A metadata record always holds its dict (its line parsed as one).
      const i = metadataIndex(doc);
      return i < 0 ? null : metaOf(i, doc.records[i]!.value!);
    },
    async load() {
      return sourceLoad(await nanobotView());
    },
    async messages(lens: Lens, from: number, to: number): Promise<MessageRange> {
      if (lens === 'nanobot') {
        const s = await nanobotMessages();
        return s ? { values: s.messages.slice(from, to), lines: s.messageLines.slice(from, to) } : { values: [], lines: [] };
      }
      const r = (await bothLenses()).recovered;
      return { values: r.messages.slice(from, to), lines: r.messageRecords.slice(from, to) };
    },
    async lines(from, to) {
      return (await bothLenses()).doc.records.slice(from, to).map((r) => r.raw);
    },
    lineIndex: indexOf,
    async lineHeads(lines, limit) {
      const [v, { headsOfRecords }] = await Promise.all([bothLenses(), lineReads()]);
      return headsOfRecords(v.doc.records, lines, limit);
    },
    async lineHealth(onProgress) {
      const [index, { countHealth }] = await Promise.all([indexOf(), lineReads()]);
      return countHealth(index, onProgress);
    },
    async health() {
      const v = await bothLenses();
      return { load: sourceLoad(v), recovered: headOf(v.recovered), lines: v.doc.records.length, diagnostics: v.doc.diagnostics };
    },
    async replay(replay: ReplayOptions, how: { count?: TokenCounter; emit?: EntrySink; upto?: number } = {}): Promise<SourceReplay> {
      const v = await nanobotView();
      const load = sourceLoad(v);
      const s = v.nanobot.result;
      if (!s) return { load, replay: null };
      const { heldFate, lastConsolidatedOf, replayHeld, slicingRaises, SLICE_TYPE_ERROR } = await import('../../core/replay/replay');
      // As of a turn: its first `upto` messages, last_consolidated clamped to them.
      const messages = how.upto === undefined ? s.messages : s.messages.slice(0, how.upto);
      const lc = how.upto === undefined ? s.lastConsolidated : lastConsolidatedOf(s, messages.length, stat.version);
      const lines = { count: messages.length, lineOf: (i: number) => s.messageLines[i]!, roleOf: (i: number) => roleOf(s.messages[i]!) };
      // A stored last_consolidated no slice takes: get_history raises before any message.
      if (slicingRaises(s, messages.length, stat.version)) return { load, replay: { ...lines, fate: () => ({ kept: false, reason: 'consolidated' }), entries: [], tokens: null, error: { ...SLICE_TYPE_ERROR } } };
      // The whole session is held: its tail from 0 (replayHeld answers then, never null).
      const r = replayHeld({ count: messages.length, tailStart: 0, tail: messages }, lc, replay, stat.version, how.count)!;
      // Held whole: a sink gets the entries once the replay is known not to raise.
      if (how.emit && !r.error) r.entries.forEach((e, k) => how.emit!(e, k));
      return { load, replay: { ...lines, fate: (i) => heldFate(r, i), entries: how.emit ? [] : r.entries, tokens: r.tokens, error: r.error } };
    },
    async tokens(count: (m: PyDict) => PyValue) {
      const v = await nanobotView();
      const s = v.nanobot.result;
      return { load: sourceLoad(v), values: s ? s.messages.map(count) : [], roles: s ? s.messages.map(roleOf) : [] };
    },
    async dumped(lens: Lens, each: PieceSink) {
      const messages = lens === 'nanobot' ? ((await nanobotMessages())?.messages ?? []) : (await bothLenses()).recovered.messages;
      messages.forEach((m, k) => each(pyDumps(m), k));
    },
    async format(each) {
      const s = await nanobotMessages();
      if (!s) throw new Error('format: nanobot loads nothing from this file');
      const { encodeSession, formatSession } = await import('../../core/edit/format');
      const enc = encodeSession(formatSession(s, stat.version));
      if (!enc.ok) return { ok: false, error: enc.error };
      each(enc.bytes);
      return { ok: true };
    },
    async plan(edit: SourceEdit, now?: string) {
      const o = await forSave();
      const r = await applyEdit(o, edit, now ?? opts.now);
      if (!r.ok) return { error: r.error };
      const { documentDiff, trimSpanOf } = await import('../save/edit-preview');
      const messages = o.recovered.messages;
      const trim = r.dropped ? await trimSpanOf(messages.length, r.dropped, r.unarchived ?? 0, async (k) => messages[k] ?? null) : undefined;
      const plan: SourcePlan = { edit, change: r.change, writes: r.doc !== o.doc, refusal: null, backup: edit.kind === 'repair', diff: documentDiff(o.doc, r.doc), ...(trim ? { trim } : {}) };
      planned.set(plan, r.doc);
      return plan;
    },
    async save(plan: SourcePlan, run?: SaveRun) {
      const doc = planned.get(plan);
      if (!doc) throw new Error('save: a plan this source did not make');
      // One atomic write: stopped only before it begins.
      if (run?.signal?.aborted) throw (await import('../save/atomic-save')).cancelledSave(path);
      const saved = await (await sessions()).saveDocument(adapter, await forSave(), doc, { ...opts, backup: plan.backup || !!run?.backup, ...(run?.signal ? { signal: run.signal } : {}), ...(run?.onProgress ? { onProgress: run.onProgress } : {}), ...(run?.tmpName ? { tmpName: run.tmpName } : {}) });
      return { bytes: saved.opened.bytes.length, backup: saved.result.backup ?? null };
    },
    async planFork(userIndex, newKey, now) {
      const o = await forSave();
      const p = await (await sessions()).planFork(adapter, o, userIndex, newKey, now ?? opts.now);
      return { key: o.key, path: p.path, fileName: p.fileName, messages: p.session.messages.length, ...(await forkFacts(o, p.session.lastConsolidated)) };
    },
    async writeFork(userIndex, newKey, now) {
      const o = await forSave();
      const f = await (await sessions()).writeFork(adapter, o, userIndex, newKey, now ?? opts.now);
      return { key: o.key, path: f.path, fileName: f.path.split('/').pop()!, messages: f.session.messages.length, ...(await forkFacts(o, f.session.lastConsolidated)) };
    },
    async remove(run) {
      const r = await (await sessions()).deleteSession(adapter, await forSave(), { backup: !!run?.backup });
      return { backup: r.backup ?? null };
    },
    async exportFacts() {
      const [v, { heldFacts }] = await Promise.all([bothLenses(), import('./export-answers')]);
      const r = v.recovered;
      // nanobot's title where it loads the file, else the recovered lens's (as the header says it).
      const metadata = v.nanobot.result ? v.nanobot.result.metadata : r.metadata;
      return heldFacts({ key: v.key, metadata, createdAt: r.createdAt, messages: r.messages.length, lineLength: (k) => v.doc.records[r.messageRecords[k]!]!.raw.length });
    },
    find,
    exportScan: async (title, key, listed, run) => (await exported()).scan(title, key, listed, run),
    exportBlob: async (head, format, mask, run, count) => (await exported()).blob(head, format, mask, run, count),
    // Context tab
    traces: async () => (await import('../large/traces/trace-answers')).heldTraces((await nanobotMessages())?.messages ?? [], stat.version),
    // Replay tab
    replayView: async (opts, upto, run) => (await import('./replay/replay-answers')).heldReplayView(source, opts, upto, run),
    contextOverTime: async (opts, run) => (await import('./replay/replay-answers')).heldContextOverTime(source, opts, run),
    // The Conversation tab
    conversation: () => (conversing ??= import('./conversation/rows').then((m) => m.conversationOf(source, async () => { const v = await bothLenses(); return m.heldKinds(v.doc.records, v.recovered.messageRecords); }, async () => m.heldPairs(await recoveredMessages())))),
    // The Edit tab's:
    async editBlob(plan) {
      const doc = planned.get(plan);
      if (!doc) throw new Error('editBlob: a plan this source did not make');
      const { serializeDocument } = await import('../../core/lens/document');
      return new Blob([serializeDocument(doc) as BlobPart], { type: 'application/x-ndjson' });
    },
    async forkBlob(userIndex, newKey, now) {
      const p = await (await sessions()).planFork(adapter, await forSave(), userIndex, newKey, now ?? opts.now);
      return new Blob([p.bytes as BlobPart], { type: 'application/x-ndjson' });
    },
  };
  return source;
}

/** What a fork of the held session says besides its messages: its boundary, and the keys it does not carry. */
async function forkFacts(o: OpenedSession, lastConsolidated: number): Promise<{ lastConsolidated: number; notCarried: string[] }> {
  const { notCarried } = await import('../save/edit-preview');
  return { lastConsolidated, notCarried: notCarried((o.nanobot.result ?? o.recovered).metadata, o.version) };
}

/**
 * The source over a session the page already opened (`opened`): every answer from the document it
 * holds, nothing read again; a save, a fork or a removal goes through `adapter`, guarded by the
 * snapshot it was opened at.
 */
export function documentSourceOf(adapter: StorageAdapter, opened: OpenedSession, opts: OpenOptions): SessionSource {
  const stat: SourceStat = { path: opened.path, fileName: opened.fileName, size: opened.bytes.length, lastModified: opened.snapshot.lastModified, version: opened.version, kind: 'document', other: null };
  return documentSource(normalised(adapter), stat, { ...opts, version: opened.version }, opened);
}

/** An edit of the whole document by edits.ts's rules, under the key nanobot loads it with. */
async function applyEdit(o: OpenedSession, edit: SourceEdit, now: string): Promise<EditResult & { dropped?: number[]; unarchived?: number }> {
  const { appendMessage, clearMessages, removeLine, repairDocument, setLastConsolidated, setTitle, trimToLegalSuffix } = await import('../../core/edit/edits');
  switch (edit.kind) {
    case 'title':
      return setTitle(o.doc, o.key, edit.title, now);
    case 'trim':
      return trimToLegalSuffix(o.doc, o.key, edit.max, edit.extendToUser, now, o.version);
    case 'repair':
      return repairDocument(o.doc, fileStem(o.fileName), now);
    case 'append':
      return appendMessage(o.doc, o.key, edit.role, edit.content, now);
    case 'last-consolidated':
      return setLastConsolidated(o.doc, o.key, edit.upTo, now);
    case 'clear':
      return clearMessages(o.doc, o.key, now);
    case 'remove-line':
      return removeLine(o.doc, edit.line);
  }
}

/**
 * The line-index SessionSource, for a file too big to hold: each answer builds the index it needs
 * in one streamed pass (parsing every line where every message's value is needed once: tokens,
 * replay; the byte pass elsewhere; hashed for a save) and reads back by ranges only the lines it
 * needs, or streams them in one sequential pass. Memory follows the index (about 21 bytes a line)
 * and a block of lines, never the file. Every edit is planned over the index (store/save/
 * indexed-edit.ts, indexed-trim.ts), the fork too (indexed-fork.ts), and a removal reads nothing;
 * only a `format` nanobot's save raises on, and a fork of a file nested near json.loads' figures,
 * are answered by the whole document (`whole`). The replay
 * and the edits' planners are loaded when first asked for.
 */
import { recoveredHead } from '../../core/lens/recovered';
import type { Piece } from '../../core/edit/large-edit';
import { type NanobotVersion, rulesOf } from '../../core/nanobot/nanobot-version';
import { asciiPiece, formatHead } from '../../core/edit/format';
import { loneSurrogateIndex } from '../../core/python/lines';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import type { LineIndex } from '../../core/index/line-index';
import { KIND } from '../../core/index/fact-codes';
import type { EntrySink } from '../../core/replay/indexed-replay';
import type { ReplayOptions, TokenCounter } from '../../core/replay/replay';
import { decodeRecord, eachLineBytes } from '../large/read/large-records';
import type { OpenOptions } from '../save/sessions';
import type { IndexedTrim } from '../save/indexed-trim';
import type { IndexedEdit } from '../save/indexed-edit';
import type { IndexedFork } from './indexed-fork';
import { StoreError, isStoreError, type SnapshotChange } from '../adapter/errors';
import { indexStreamed, type Built } from './index-pass';
import { diagnosticsIndexed, loadIndexed, loadNoted, type IndexedLoad, type MessageNotes } from './indexed-load';
import { countHealth, dumpsLoneSurrogate, eachDumped, eachLine } from './line-reads';
import { lazyFind, type Lens, type PieceSink, type SaveRun, type SessionSource, type SourceEdit, type SourceLoad, type SourcePlan, type SourceReplay, type SourceStat } from './session-source';
import { metaOf, unchangedSince, type SourceAdapter } from './source-adapter';
import type { FileStat } from '../adapter/adapter';
import type { ExportPasses, ExportWorkers } from './export-answers';
import type { FindWorkers } from './find-answers';
import type { SourceConversation } from './conversation/rows';
import type { ReadProof } from '../save/read-guard';
import type { TrimAnswer } from '../large/trim/large-trim';
import type { EditRefusal } from '../../core/edit/edits';
import { readLineHeads } from '../large/read/large-lines';
import type { MessageTraces } from '../large/traces/trace-answers';
import type { ContextLoad } from '../large/context/large-context-client';
import { keyForFile } from '../../core/nanobot/keys';
import { changedOnDisk } from '../save/snapshot';

/** A file's index the page holds (built in its worker), and the file as the Blob it was built from. */
export interface HeldIndex {
  file: Blob;
  index: LineIndex;
  /** The file's size and time as the Blob was taken (else the source's own). */
  at?: FileStat;
  /** The hashes of the bytes the index was built from: an edit planned over it saves only while they hold (none: its size and time). */
  proof?: ReadProof;
  /** Plans a trim over this index off the page's thread (the browser's worker: large-trim-client.ts); absent, here. */
  planTrim?: (file: Blob, index: LineIndex, key: string, max: number, extendToUser: boolean, now: string, version: NanobotVersion) => Promise<TrimAnswer>;
}

/**
 * A page's way to read a file on its line index (store/large/page-source.ts: the browser's
 * workers): the index built off the page's thread, its progress told, with the read hashes a save
 * is checked against; the heavy passes (a trim's plan, export, find) in workers too.
 */
export interface PageWorkers {
  index(file: Blob, at: FileStat, version: NanobotVersion, onProgress: (bytes: number, lines: number) => void): Promise<{ index: LineIndex; proof?: ReadProof }>;
  planTrim: NonNullable<HeldIndex['planTrim']>;
  workers: ExportWorkers;
  finding: FindWorkers;
}

/** What an index source is opened with besides nanobot's version and clock: the page's workers (`page`, loaded when first needed), or the export's and find's alone. */
export type IndexedOptions = OpenOptions & { printing?: boolean; workers?: ExportWorkers; finding?: FindWorkers; page?: () => Promise<PageWorkers> };

/** nanobot's load on the index, as a source answers it (its messages' lines left out). */
function sourceLoad(n: IndexedLoad): SourceLoad {
  const r = n.result;
  if (!r) return { ...n, result: null };
  const { lines, ...head } = r;
  return { ...n, result: { ...head, count: lines.length } };
}

/** Each message's answer by `count` and its role, noted as the line index is built (`loadNoted`). */
class Noted implements MessageNotes<Noted> {
  values: PyValue[] = [];
  roles: string[] = [];
  private lines: number[] = [];
  constructor(private readonly answer: (m: PyDict) => PyValue) {}
  add(m: PyDict, line: number): void {
    this.values.push(this.answer(m));
    this.roles.push(typeof m.role === 'string' ? m.role : '?');
    this.lines.push(line);
  }
  copy(from: Noted, k: number, line: number): void {
    this.values.push(from.values[k]!);
    this.roles.push(from.roles[k]!);
    this.lines.push(line);
  }
  get count(): number {
    return this.lines.length;
  }
  lineAt(k: number): number {
    return this.lines[k]!;
  }
}

const NL = new Uint8Array([10]);

/**
 * Opens the line-index source of `path`. `printing`: its answers will print messages as json.dumps
 * text (format, load --json), so the index notes which lines already are (and are copied as they are).
 * `whole`: opens the document source of the same file, for the rare answers the index does not give (a format that raises, a fork near json.loads' depth).
 */
export function indexedSource(adapter: SourceAdapter, stat: SourceStat, opts: IndexedOptions, whole: () => Promise<SessionSource>, held?: HeldIndex): SessionSource {
  const { path, fileName, version } = stat;
  const fallbackKey = keyForFile(fileName, version);
  const loadOpts = { now: opts.now, version, fallbackKey, ...(opts.key !== undefined ? { key: opts.key } : {}) };
  const read = (a: number, b: number) => adapter.readRange(path, a, b);
  // nanobot's json.loads figure: every line the index read as a record is read back at it.
  const depth = rulesOf(version).depthBudget.jsonLoads;
  let plainIndex: Promise<Built> | null = null;
  let loaded: Promise<{ index: LineIndex; load: IndexedLoad }> | null = null;
  // The page's workers, loaded when first needed; the index they build is told to every `lineIndex` asker meanwhile.
  let paging: Promise<PageWorkers> | null = null;
  const page = opts.page ? () => (paging ??= opts.page!()) : null;
  const progress = new Set<(bytes: number, lines: number) => void>();
  // The index a page holds: handed over built (`held`), or built by the page's workers from the file's Blob when first asked.
  let holding: Promise<HeldIndex | null> | null = null;
  const hold = () => (holding ??= held ? Promise.resolve(held) : page ? holdInPage(page) : Promise.resolve(null));
  // An index the page holds answers from itself: the file is not indexed again.
  const built = () =>
    (plainIndex ??= hold().then((h) => (h ? { index: h.index, source: { path, stat: h.at ?? { size: stat.size, lastModified: stat.lastModified }, ...(h.proof ? { proof: h.proof } : {}) } } : indexStreamed(adapter, path, version, false, !!opts.printing))));
  /** Whether the index is the page's (its edits plan over it, its replay view reads it): known when the source is opened. */
  const paged = !!held || !!page;
  /** The file as a Blob (left on disk where the backend can), or null where the storage has none. */
  const blob = async () => (await hold())?.file ?? (await adapter.fileOrNull(path));
  /** The file as a Blob with its index: what the export's slices are read from. */
  const fileAndIndex = async () => {
    const { index } = await built();
    const file = (await blob()) ?? new Blob([(await adapter.readWhole(path)) as BlobPart]);
    return { file, index };
  };
  // The export's and the find's passes are loaded when first asked for (a CLI command never compiles them).
  let exporting: Promise<ExportPasses> | null = null;
  const exported = () => (exporting ??= import('./export-answers').then(async (m) => m.indexedExport(fileAndIndex, opts.workers ?? (await page?.())?.workers)));
  const find = lazyFind(async () => (await import('./find-answers')).indexedFind(fileAndIndex, opts.finding ?? (await page?.())?.finding));
  const record = async (ix: LineIndex, line: number) => decodeRecord(await read(ix.start[line]!, ix.start[line]! + ix.length[line]!));
  const load = () => (loaded ??= built().then((b) => loadIndexed(adapter, path, { ...loadOpts, dumps: !!opts.printing }, b)));
  const forkOpts = { now: opts.now, fallbackKey, ...(opts.key !== undefined ? { key: opts.key } : {}) };
  // The last fork planned, for its write (a dry run then `--write` index and read the prefix once); the write checks the file is unchanged.
  let forked: { at: string; plan: Promise<IndexedFork | 'whole'> } | null = null;
  const forkPlan = (userIndex: number, newKey: string, now = opts.now) => {
    const at = `${userIndex}\u0000${newKey}\u0000${now}`;
    if (forked?.at !== at) forked = { at, plan: import('./indexed-fork').then((m) => m.planForkIndexed(adapter, stat, { ...forkOpts, now }, userIndex, newKey)) };
    const plan = forked.plan;
    // A refused plan is not kept: asking again asks the file again.
    plan.catch(() => {
      if (forked?.plan === plan) forked = null;
    });
    return plan;
  };
  const edits = new WeakMap<SourcePlan, { trim: IndexedTrim } | { edit: IndexedEdit }>();
  // The save traces, found once (the worker reads every message of the load).
  let traced: Promise<MessageTraces[]> | null = null;
  let conversing: Promise<SourceConversation> | null = null;

  const source: SessionSource = {
    stat,
    async meta() {
      const { index: ix } = await built();
      for (let i = ix.count - 1; i >= 0; i--) if (ix.kind[i] === KIND.metadata) return metaOf(i, (await record(ix, i)) ?? {});
      return null;
    },
    async load() {
      return sourceLoad((await load()).load);
    },
    async messages(lens: Lens, from: number, to: number) {
      const { index: ix, load: n } = await load();
      const all = lens === 'nanobot' ? (n.result?.lines ?? new Uint32Array(0)) : ix.messages.subarray(0, ix.messageCount);
      const lines = all.subarray(Math.max(0, from), Math.max(0, Math.min(to, all.length)));
      const values: PyDict[] = [];
      await eachLine(read, ix, lines, (v) => values.push(v ?? {}));
      return { values, lines: Array.from(lines) };
    },
    async lines(from: number, to: number) {
      const { index: ix } = await built();
      const wanted: number[] = [];
      for (let i = Math.max(0, from); i < Math.min(to, ix.count); i++) wanted.push(i);
      const out: Uint8Array[] = [];
      await eachLineBytes(read, ix, wanted, (raw) => out.push(raw.slice()));
      return out;
    },
    async lineIndex(onProgress) {
      if (onProgress) progress.add(onProgress);
      try {
        return (await built()).index;
      } finally {
        if (onProgress) progress.delete(onProgress);
      }
    },
    async lineHeads(lines, limit) {
      const { file, index } = await fileAndIndex();
      return readLineHeads(file, index, lines, limit);
    },
    async lineHealth(onProgress) {
      return countHealth((await built()).index, onProgress);
    },
    async health() {
      const { index: ix, load: n } = await load();
      let meta: PyDict | null = null;
      const diagnostics = await diagnosticsIndexed(adapter, path, ix, version, (l, raw) => {
        if (ix.kind[l] === KIND.metadata) meta = decodeRecord(raw) ?? {};
      });
      await unchangedSince(adapter, path, (await built()).source.stat);
      return { load: sourceLoad(n), recovered: { ...recoveredHead(meta, fallbackKey, opts.now, ix.messageCount), count: ix.messageCount }, lines: ix.count, diagnostics };
    },
    async replay(replay: ReplayOptions, how: { count?: TokenCounter; emit?: EntrySink; upto?: number } = {}): Promise<SourceReplay> {
      const { replayStreamed } = await import('./replay/streamed-replay');
      // An index the page already built is not built again (the CLI's source holds none: its reading stays one pass).
      const v = await replayStreamed(adapter, path, { now: opts.now, version, ...(opts.key !== undefined ? { key: opts.key } : {}), replay, ...(how.count ? { count: how.count } : {}), ...(how.emit ? { emit: how.emit } : {}), ...(how.upto !== undefined ? { upto: how.upto } : {}), ...(paged ? { built: await built() } : {}) });
      const load = sourceLoad(v.nanobot);
      const s = v.load.result;
      if (!s || !v.replay) return { load, replay: null };
      const ix = s.index;
      const r = v.replay;
      return { load, replay: { count: ix.count, lineOf: (i) => ix.lines[i]!, roleOf: ix.roleOf, fate: r.fate, entries: r.entries, tokens: r.tokens, error: r.error } };
    },
    async tokens(count: (m: PyDict) => PyValue) {
      const { load: n, notes } = await loadNoted(adapter, path, loadOpts, () => new Noted(count));
      return { load: sourceLoad(n), values: n.result ? notes.values : [], roles: n.result ? notes.roles : [] };
    },
    async dumped(lens: Lens, each: PieceSink) {
      const { index: ix, load: n } = await load();
      const lines = lens === 'nanobot' ? (n.result?.lines ?? new Uint32Array(0)) : ix.messages.subarray(0, ix.messageCount);
      await eachDumped(adapter, path, ix, lines, lens === 'recovered', depth, each);
      await unchangedSince(adapter, path, (await built()).source.stat);
    },
    async format(each) {
      const { index: ix, load: n } = await load();
      const s = n.result;
      if (!s) throw new Error('format: nanobot loads nothing from this file');
      // 0.1.4 writes json.dumps's ASCII escapes (so a lone surrogate saves too): each piece escaped.
      const ascii = rulesOf(version).asciiEscapes;
      const head = formatHead(s, version);
      // Python raises on a lone surrogate: the whole document finds where (a rare file), and nothing is written.
      if (!ascii && (loneSurrogateIndex(head) >= 0 || (await dumpsLoneSurrogate(adapter, path, ix, s.lines, depth)))) return (await whole()).format(each);
      each(head);
      await eachDumped(adapter, path, ix, s.lines, false, depth, (piece) => {
        each(ascii ? asciiPiece(piece) : piece);
        each(NL);
      });
      await unchangedSince(adapter, path, (await built()).source.stat);
      return { ok: true };
    },
    async plan(edit: SourceEdit, now?: string) {
      const at = { ...opts, now: now ?? opts.now };
      const { piecesDiff, trimSpanOf } = await import('../save/edit-preview');
      const diffOf = async (ix: LineIndex, pieces: readonly Piece[] | undefined) => (pieces ? piecesDiff(ix, pieces, read) : { lines: [], removed: 0, added: 0, changed: 0 });
      if (edit.kind === 'trim') {
        const { planTrimIndexed } = await import('../save/indexed-trim');
        // The Edit tab's edits plan over the index the page holds (a trim in its worker); elsewhere each plan indexes (and hashes) the file as it is.
        const h = await hold();
        const t = h?.planTrim ? await trimOffThread(h.file, h.planTrim, edit, at.now) : await planTrimIndexed(adapter, path, { ...at, max: edit.max, extendToUser: edit.extendToUser }, paged ? await built() : undefined);
        if ('error' in t) return t;
        const w = t.write?.plan;
        const trim = w && (await trimSpanOf(t.index.messageCount, w.dropped, w.unarchived, (k) => record(t.index, t.index.messages[k]!)));
        const plan: SourcePlan = { edit, change: t.change, writes: t.write !== null || t.refusal !== null, refusal: t.refusal?.error ?? null, backup: false, diff: await diffOf(t.index, w?.pieces), ...(trim ? { trim } : {}) };
        edits.set(plan, { trim: t });
        return plan;
      }
      const { planEditIndexed } = await import('../save/indexed-edit');
      const e = await planEditIndexed(adapter, path, at, edit, paged ? await built() : undefined);
      if ('error' in e) return e;
      const plan: SourcePlan = { edit, change: e.change, writes: true, refusal: e.refusal?.error ?? null, backup: edit.kind === 'repair', diff: await diffOf(e.index, e.write?.plan.pieces) };
      edits.set(plan, { edit: e });
      return plan;
    },
    async save(plan: SourcePlan, run?: SaveRun) {
      const e = edits.get(plan);
      if (!e) throw new Error('save: a plan this source did not make');
      refuseRaise(e);
      // The file must still be the one opened (the plan indexed it again; the write checks those bytes).
      await sameAsOpened();
      const backup = plan.backup || !!run?.backup;
      if ('trim' in e) return (await import('../save/indexed-trim')).writeTrimIndexed(adapter, e.trim, { ...run, backup });
      return (await import('../save/indexed-edit')).writeEditIndexed(adapter, e.edit, { ...run, backup });
    },
    async planFork(userIndex, newKey, now) {
      const f = await forkPlan(userIndex, newKey, now);
      if (f === 'whole') return (await whole()).planFork(userIndex, newKey, now);
      return { key: f.key, path: f.path, fileName: f.fileName, messages: f.messages, ...(await forkFacts(f.head)) };
    },
    async writeFork(userIndex, newKey, now) {
      const { writeForkIndexed } = await import('./indexed-fork');
      const f = await forkPlan(userIndex, newKey, now);
      forked = null;
      if (f === 'whole') return (await whole()).writeFork(userIndex, newKey, now);
      return { ...(await writeForkIndexed(adapter, stat, f)), ...(await forkFacts(f.head)) };
    },
    async remove(run) {
      // Guarded by what the file was when opened (its size and time): the bytes are not read again.
      await sameAsOpened();
      if (run?.backup) return { backup: (await (await import('../large/large-delete')).deleteLarge(adapter, path, stat, undefined, { backup: true })).backup ?? null };
      await adapter.remove(path);
      return { backup: null };
    },
    async exportFacts() {
      const { index: ix } = await built();
      const loaded = (await load()).load.result !== null;
      return (await import('./export-answers')).indexedFacts(ix, loaded, opts.key ?? fallbackKey, (line) => record(ix, line));
    },
    find,
    exportScan: async (title, key, listed, run) => (await exported()).scan(title, key, listed, run),
    exportBlob: async (head, format, mask, run, count) => (await exported()).blob(head, format, mask, run, count),
    // Context tab
    traces: () =>
      (traced ??= (async () => {
        const [{ file, index }, { load: n }, { indexedTraces }] = await Promise.all([fileAndIndex(), load(), import('../large/traces/trace-answers')]);
        return indexedTraces(file, index, n.result?.lines ?? new Uint32Array(0), version);
      })()),
    // Replay tab
    async replayView(replay, upto) {
      const h = await hold();
      const file = h?.file ?? (await adapter.fileOrNull(path));
      // No Blob to hand a worker (a Node file): answered in place, through this source.
      if (!file) {
        const { estimator, replayAnswer } = await import('./replay/replay-answers');
        return replayAnswer(source, replay, upto, await estimator(version));
      }
      const { replayViewOf } = await import('../large/replay/large-replay-client');
      return replayViewOf({ file, path, lastModified: stat.lastModified, version, now: opts.now, ...(opts.key !== undefined ? { key: opts.key } : {}), ...(h ? { index: h.index } : {}), opts: replay, upto });
    },
    // One load object per source: the context client keeps its answers by it.
    contextOverTime: ((overTime: ContextLoad | null = null) => async (replay: ReplayOptions) => {
      // Every message read and counted in the context worker: nanobot's lens, else the recovered one.
      const { index: ix, load: n } = await load();
      const r = n.result;
      const lines = r ? r.lines : ix.messages.subarray(0, ix.messageCount);
      const lastConsolidated = r ? r.lastConsolidated : Math.min((await source.health()).recovered.lastConsolidated, lines.length);
      overTime ??= { messageLines: lines, lastConsolidated, head: r && { storedLastConsolidated: r.storedLastConsolidated } };
      const [{ file }, { contextLarge }] = await Promise.all([fileAndIndex(), import('../large/context/large-context-client')]);
      return contextLarge(file, ix, overTime, version, replay);
    })(),
    // The Conversation tab
    conversation: () => (conversing ??= import('./conversation/rows').then((m) => m.conversationOf(source, async () => (await built()).index, async () => m.indexedPairs(read, (await built()).index, version)))),
    // The Edit tab's:
    async editBlob(plan) {
      const e = edits.get(plan);
      if (!e) throw new Error('editBlob: a plan this source did not make');
      refuseRaise(e);
      const pieces = 'trim' in e ? e.trim.write?.plan.pieces : e.edit.write?.plan.pieces;
      // A repair's message lines are written anew: a download of them would hold the file whole.
      if (!pieces || pieces.some((p) => 'dumps' in p)) return null;
      const file = await blob();
      if (!file) return null;
      return new Blob(pieces.map((p) => ('bytes' in p ? (p.bytes as BlobPart) : 'from' in p ? file.slice(p.from, p.to) : new Blob())), { type: 'application/x-ndjson' });
    },
    async forkBlob(userIndex, newKey, now) {
      const f = await forkPlan(userIndex, newKey, now);
      const file = await blob();
      // A fork near json.loads' depth is the whole document's: its download would hold the file whole.
      if (f === 'whole' || !file) return null;
      return (await import('./indexed-fork')).forkBlobIndexed(adapter, stat, f, file);
    },
  };
  return source;

  /** The write's refusal (a line nanobot's save cannot encode), as the store's error. */
  function refuseRaise(e: { trim: IndexedTrim } | { edit: IndexedEdit }): void {
    const raises = 'trim' in e ? e.trim.refusal : e.edit.refusal;
    if (raises) throw new StoreError('io', `Line ${raises.line} cannot be saved: nanobot would raise ${raises.raises.type}: ${raises.raises.message}. Nothing was written.`, { path, reason: { code: 'line-cannot-save', line: raises.line, error: raises.raises } });
  }

  /** A trim planned over the held index by the page's worker, as planTrimIndexed answers it (the key nanobot loads the file under). */
  async function trimOffThread(file: Blob, planTrim: NonNullable<HeldIndex['planTrim']>, edit: Extract<SourceEdit, { kind: 'trim' }>, now: string): Promise<IndexedTrim | { error: EditRefusal }> {
    const b = await built();
    const index = b.index;
    const key = opts.key ?? (await source.meta())?.key ?? fallbackKey;
    const a = await planTrim(file, index, key, edit.max, edit.extendToUser, now, version);
    if ('nothing' in a) return { change: a.nothing, refusal: null, write: null, index };
    // Only its save is refused (a metadata line nanobot's save cannot encode), as planTrimIndexed says it.
    if ('error' in a) return 'raises' in a ? { change: a.change, refusal: a, write: null, index } : { error: a.error };
    return { change: a.change, refusal: null, write: { plan: a, source: { ...b.source, fileName, version, index } }, index };
  }

  /** The file's index built by the page's workers from its Blob (none where the storage hands over no Blob: then it is read here). */
  async function holdInPage(workers: () => Promise<PageWorkers>): Promise<HeldIndex | null> {
    const file = await adapter.fileOrNull(path);
    if (!file) return null;
    const [w, at] = await Promise.all([workers(), file instanceof File ? { size: file.size, lastModified: file.lastModified } : adapter.stat(path)]);
    const { index, proof } = await w.index(file, at, version, (bytes, lines) => progress.forEach((f) => f(bytes, lines)));
    return { file, index, at, planTrim: w.planTrim, ...(proof ? { proof } : {}) };
  }

  /** Refused ('conflict', saying what changed: its size, its time) unless the file still has the size and time it was opened with. */
  async function sameAsOpened(): Promise<void> {
    let now;
    try {
      now = await adapter.stat(path);
    } catch (e) {
      if (isStoreError(e, 'not-found')) throw changedOnDisk(path, [{ code: 'deleted' }]);
      throw e;
    }
    const changes: SnapshotChange[] = [];
    if (now.size !== stat.size) changes.push({ code: 'size', from: stat.size, to: now.size });
    if (now.lastModified !== stat.lastModified) changes.push({ code: 'modified', from: stat.lastModified, to: now.lastModified });
    if (changes.length) throw changedOnDisk(path, changes);
  }

  /** What a fork says besides its messages: the boundary its head line writes, the source's keys it does not carry. */
  async function forkFacts(head: Uint8Array): Promise<{ lastConsolidated: number; notCarried: string[] }> {
    const [{ forkBoundary, notCarried }, meta] = await Promise.all([import('../save/edit-preview'), source.meta()]);
    return { lastConsolidated: forkBoundary(head), notCarried: notCarried(meta ? meta.value.metadata : undefined, version) };
  }
}

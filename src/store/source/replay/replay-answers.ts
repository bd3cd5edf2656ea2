/**
 * The Replay tab's answers at every size, in one plain-data shape (`ReplayView`, which crosses from
 * the replay worker): nanobot's replay through `SessionSource.replay`, every entry counted by
 * nanobot's estimate, every message's fate packed, the kept entries as `json.dumps` text. Where the
 * document is held (`heldReplayView`), the estimates are cached per message (token-cache.ts) and
 * counted in slices that yield, so a change of settings re-runs in a few milliseconds; the index's
 * replay runs in the replay worker (large-replay-client.ts). Context over time likewise.
 */
import { pyDumps, type PyError } from '../../../core/python/pyjson';
import type { PyDict, PyValue } from '../../../core/python/pyvalue';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { getHistory, replayLastConsolidated, type Change, type Fate, type ReplayOptions, type TokenCounter } from '../../../core/replay/replay';
import { contextOverTimeSteps, type ContextOverTime } from '../../../core/replay/context-over-time';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../core/tokens/tokens';
import { runSliced, yieldToEventLoop } from '../../analyze/event-loop';
import type { Lens, SessionSource } from '../session-source';
import { cachedCounter, ifCached, uncached, variantOf, warm } from './token-cache';
import { DROP_REASONS, type PackedFates } from './packed-fates';

/** The Replay tab's answer, as plain data: small where the session is large (fates packed, entries as text). */
export interface ReplayView extends PackedFates {
  /** nanobot's load raises (its exception): nothing is replayed, every other field is empty. */
  raises: PyError | null;
  /** 'recovered': nanobot loads nothing; this is the recovered lens's replay (what a repair would give). */
  lens: Lens;
  /** The lens's messages (`total`, the packed fates' count: how many were replayed, the first ones as of a turn). */
  all: number;
  /** last_consolidated as the replayed messages have it (clamped to them). */
  lastConsolidated: number;
  tokens: number[] | null;
  error: (PyError & { message_index: number }) | null;
  /** Each kept entry as json.dumps text (a PyDict's floats and key order do not survive a postMessage). */
  texts: string[];
  /** Each replayed message's 0-based file line. */
  lines: Int32Array;
  /** False where nanobot's tokenizer could not be loaded: no estimates, and no budget applied. */
  counted: boolean;
  /** Milliseconds the replay itself took. */
  ms: number;
}

/** How an answer is followed: the share of estimates counted so far, and a stop. */
export interface ReplayRun {
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

/** One replay as `pack` reads it: a source's, or getHistory's over the recovered lens. */
interface Replayed {
  count: number;
  lineOf(i: number): number;
  fate(i: number): Fate;
  entries: PyDict[];
  tokens: number[] | null;
  error: ReplayView['error'];
}

const NOTHING: Omit<ReplayView, 'raises' | 'lens' | 'ms'> = { counted: false, all: 0, total: 0, lastConsolidated: 0, reasons: new Uint8Array(0), changes: [], sources: [], tokens: null, error: null, texts: [], lines: new Int32Array(0) };

function pack(r: Replayed, lens: Lens, all: number, lastConsolidated: number, counted: boolean, ms: number): ReplayView {
  const reasons = new Uint8Array(r.count);
  const lines = new Int32Array(r.count);
  const changes: Change[][] = [];
  const sources: number[] = [];
  for (let i = 0; i < r.count; i++) {
    const f = r.fate(i);
    lines[i] = r.lineOf(i);
    if (f.kept) {
      changes[f.entry] = f.changes;
      sources[f.entry] = i;
    } else reasons[i] = 1 + DROP_REASONS.indexOf(f.reason);
  }
  return { raises: null, lens, all, total: r.count, lastConsolidated, reasons, changes, sources, tokens: r.tokens, error: r.error, texts: r.entries.map(pyDumps), lines, counted, ms };
}

/** A replay of a lens, before it is packed, with what the view says of the session. */
type LensReplay = { raises: PyError } | { lens: Lens; all: number; lastConsolidated: number; replayed: Replayed };

/**
 * nanobot's replay of `source` under `opts` as of `upto` messages, counted by `count`: nanobot's lens
 * where it loads one (the source answers get_history's raise too), else the recovered lens.
 */
async function replayLens(source: SessionSource, opts: ReplayOptions, upto: number | null, count?: TokenCounter): Promise<LensReplay> {
  const version = source.stat.version;
  const { load, replay } = await source.replay(opts, { ...(count ? { count } : {}), ...(upto !== null ? { upto } : {}) });
  if (load.error) return { raises: load.error };
  if (load.result && replay) return { lens: 'nanobot', all: load.result.count, lastConsolidated: Math.min(load.result.lastConsolidated, replay.count), replayed: replay };
  const { messages, lines, all, lastConsolidated } = await recovered(source, upto);
  const r = getHistory(messages, lastConsolidated, opts, version, count);
  return { lens: 'recovered', all, lastConsolidated, replayed: { count: r.fates.length, lineOf: (i) => lines[i]!, fate: (i) => r.fates[i]!, entries: r.entries, tokens: r.tokens, error: r.error } };
}

/** The recovered lens's messages (the first `upto`), where nanobot loads nothing. */
async function recovered(source: SessionSource, upto: number | null): Promise<{ messages: PyDict[]; lines: number[]; all: number; lastConsolidated: number }> {
  const head = (await source.health()).recovered;
  const { values, lines } = await source.messages('recovered', 0, upto ?? head.count);
  return { messages: values, lines, all: head.count, lastConsolidated: Math.min(head.lastConsolidated, values.length) };
}

/** The Replay tab's answer, each entry counted by `count` (the replay worker's body, and the index's without workers). */
export async function replayAnswer(source: SessionSource, opts: ReplayOptions, upto: number | null, count?: TokenCounter): Promise<ReplayView> {
  const t0 = performance.now();
  const r = await replayLens(source, opts, upto, count);
  if ('raises' in r) return { ...NOTHING, raises: r.raises, lens: 'nanobot', ms: 0 };
  return pack(r.replayed, r.lens, r.all, r.lastConsolidated, count !== undefined, performance.now() - t0);
}

/** nanobot's estimator, where it is loaded once (in the replay worker, or the CLI). */
export async function estimator(version: NanobotVersion): Promise<TokenCounter> {
  const counter = await loadTokenizer();
  return (entry) => estimateMessageTokens(entry, counter, version);
}

/** The messages a held document's lens holds: the very objects, the token cache's keys. */
async function heldMessages(source: SessionSource): Promise<{ lens: Lens; messages: PyDict[] } | null> {
  const load = await source.load();
  if (load.error) return null;
  if (load.result) return { lens: 'nanobot', messages: (await source.messages('nanobot', 0, load.result.count)).values };
  const head = (await source.health()).recovered;
  return { lens: 'recovered', messages: (await source.messages('recovered', 0, head.count)).values };
}

/** Estimates counted per slice before the page gets its turn. */
const WARM_MS = 12;

/**
 * The Replay tab's answer over a document held whole: from the cached estimates at once where they
 * are all there; else the unbudgeted replay's entries (every one the budget walk may count) counted
 * first, in slices that yield, `run.onProgress` told the share done.
 */
export async function heldReplayView(source: SessionSource, opts: ReplayOptions, upto: number | null, run: ReplayRun = {}): Promise<ReplayView> {
  const version = source.stat.version;
  const [counter, held] = await Promise.all([loadTokenizer().catch(() => null), heldMessages(source)]);
  // Without the tokenizer: the replay without a budget, and said so (`counted` false).
  if (!counter) return replayAnswer(source, { ...opts, maxTokens: 0 }, upto);
  if (!held) return replayAnswer(source, opts, upto);
  const { messages } = held;
  const variant = variantOf(version, !!opts.includeTimestamps, opts.includeRuntimeContext ?? true);
  const warmed = await ifCached(messages, variant, (count) => replayAnswer(source, opts, upto, count));
  if (warmed) return warmed;
  const base = await replayLens(source, { ...opts, maxTokens: 0 }, upto);
  if (!('raises' in base)) {
    const r = base.replayed;
    const sources: number[] = [];
    for (let i = 0; i < r.count; i++) {
      const f = r.fate(i);
      if (f.kept) sources[f.entry] = i;
    }
    const missing = new Set(uncached(messages, sources, variant));
    let todo = sources.flatMap((s, k) => (missing.has(s) ? [k] : []));
    const total = todo.length || 1;
    while (todo.length > 0) {
      if (run.signal?.aborted) throw run.signal.reason;
      todo = todo.slice(warm(messages, r.entries, sources, todo, variant, counter, WARM_MS));
      run.onProgress?.(1 - todo.length / total);
      if (todo.length > 0) await yieldToEventLoop();
    }
  }
  return replayAnswer(source, opts, upto, cachedCounter(messages, variant, counter));
}

/** The chart's slices are short: on a loaded machine a slice's wall time can be many times its CPU. */
const SLICE_MS = 4;

class Stopped extends Error {}

/** Stops a step generator at its next step once `signal` is aborted. */
function* until<T>(steps: Generator<void, T>, signal?: AbortSignal): Generator<void, T> {
  for (;;) {
    if (signal?.aborted) throw new Stopped();
    const r = steps.next();
    if (r.done) return r.value;
    yield;
  }
}

/**
 * Context over time of a document held whole under `opts`, in slices of a few milliseconds over the
 * Replay tab's cached estimates; with what nanobot slices with (its stored last_consolidated where
 * its version left it unchecked).
 */
export async function heldContextOverTime(source: SessionSource, opts: ReplayOptions, run: ReplayRun = {}): Promise<ContextOverTime | null> {
  const version = source.stat.version;
  const [counter, held, load] = await Promise.all([loadTokenizer(), heldMessages(source), source.load()]);
  if (!held) return null;
  const lc: number | PyValue = load.result ? replayLastConsolidated(load.result) : Math.min((await source.health()).recovered.lastConsolidated, held.messages.length);
  const count = cachedCounter(held.messages, variantOf(version, !!opts.includeTimestamps, opts.includeRuntimeContext ?? true), counter);
  // The chart's own work starts here, once the tokenizer and the messages are in (what a trace of its slices measures from).
  performance.mark('context-over-time:start');
  try {
    return await runSliced(until(contextOverTimeSteps(held.messages, lc, opts, version, count), run.signal), SLICE_MS);
  } catch (e) {
    if (e instanceof Stopped) throw run.signal!.reason;
    throw e;
  }
}

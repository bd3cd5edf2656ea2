/**
 * Core benchmarks (`npm run bench`): each figure is a ratio against a baseline measured in the same
 * run, because these machines are noisy.
 */
import { encode as stockEncode } from 'gpt-tokenizer/encoding/cl100k_base';
import { parseDocument } from '../src/core/lens/document';
import { loadNanobot } from '../src/core/lens/load';
import { getHistory, type TokenCounter } from '../src/core/replay/replay';
import { cl100kCounter, loadTokenizer } from '../src/core/tokens/tokenizer';
import { estimateMessageTokens, tokenPayload, type TextTokenCounter } from '../src/core/tokens/tokens';
import { syntheticFileOfSize, syntheticMessages } from './synthetic';
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';
import type { PyDict } from '../src/core/python/pyvalue';

/** Per-message counts, one slot per entry variant. Keyed by the message object. */
type TokenCache = WeakMap<PyDict, (number | undefined)[]>;

/** A replay token counter over `messages` that fills and reuses `cache` (one cache per version): what the replay costs once counted. */
function cachedTokenCounter(messages: PyDict[], slot: number, count: TextTokenCounter, cache: TokenCache, version: NanobotVersion): TokenCounter {
  return (entry, source) => {
    const m = messages[source]!;
    let slots = cache.get(m);
    if (!slots) cache.set(m, (slots = []));
    let v = slots[slot];
    if (v === undefined) slots[slot] = v = estimateMessageTokens(entry, count, version);
    return v;
  };
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  note: string;
  /** An issue-16 goal on this figure (`value` ≤ `max`, or ≥ `min` where more is better; its p95 with `on: 'p95'`), listed in the run's summary. */
  goal?: { max?: number; min?: number; label: string; on?: 'median' | 'p95' };
  /** The same run's baseline, in the figure's own unit, when the figure is not already a ratio to it. */
  baseline?: number;
  /** Set by repeatRuns: the p95 over the runs, how many runs, and their range. */
  p95?: number;
  runs?: number;
  range?: [number, number];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(runs: number, fn: () => void): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** Runs the core benchmarks and returns their figures. */
export async function benchCore(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const bytes = new TextEncoder().encode(syntheticFileOfSize(50 * 1024 * 1024));
  const mb = bytes.length / 1024 / 1024;
  const decoder = new TextDecoder();
  const baseline = time(3, () => {
    for (const line of decoder.decode(bytes).split('\n')) if (line) JSON.parse(line);
  });
  const recovered = time(3, () => parseDocument(bytes, { version: 'v0.2' }));
  const nanobot = time(3, () => loadNanobot(bytes, 'bench:session', '2026-01-01T00:00:00', 'v0.2'));
  figures.push({ name: 'parse 50 MB: recovered lens vs bare JSON.parse of its lines', value: baseline / recovered, unit: '× JSON.parse speed', note: `${mb.toFixed(1)} MB; JSON.parse ${baseline.toFixed(0)} ms, parseDocument ${recovered.toFixed(0)} ms (goal ≥ 0.6×)` });
  figures.push({ name: 'parse 50 MB: nanobot lens vs bare JSON.parse of its lines', value: baseline / nanobot, unit: '× JSON.parse speed', note: `loadNanobot ${nanobot.toFixed(0)} ms` });

  const count = await loadTokenizer();
  const messages = syntheticMessages(2000, 3);
  const opts = { maxMessages: 120, maxTokens: 190_784, includeTimestamps: true };
  let cache: TokenCache = new WeakMap();
  const coldRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    cache = new WeakMap();
    const fresh = syntheticMessages(2000, 3 + i);
    const t = performance.now();
    getHistory(fresh, 0, opts, 'v0.2', cachedTokenCounter(fresh, 1, count, cache, 'v0.2'));
    coldRuns.push(performance.now() - t);
  }
  cache = new WeakMap();
  const json = time(21, () => JSON.stringify(messages));
  for (const mm of [120, 2000]) {
    getHistory(messages, 0, { ...opts, maxMessages: mm }, 'v0.2', cachedTokenCounter(messages, 1, count, cache, 'v0.2'));
    const warm = time(21, () => getHistory(messages, 0, { ...opts, maxMessages: mm }, 'v0.2', cachedTokenCounter(messages, 1, count, cache, 'v0.2')));
    figures.push({ name: `replay 2,000 messages, max_messages ${mm}, budget 190,784, counts cached`, value: warm, unit: 'ms', note: `${(warm / json).toFixed(3)}× one JSON.stringify of the 2,000 messages (${json.toFixed(2)} ms)${mm === 120 ? '; goal ≤ 1 ms' : ''}` });
  }
  figures.push({ name: 'replay 2,000 messages, budget 190,784, cold (counting tokens)', value: median(coldRuns), unit: 'ms', note: 'window of 120: counts only what the window holds' });

  const texts = syntheticMessages(3000, 11).map((m) => tokenPayload(m, 'v0.2'));
  const textBytes = texts.reduce((n, t) => n + new TextEncoder().encode(t).length, 0) / 1024 / 1024;
  // Cold: a fresh counter (no memo) per run, so every text is really tokenized.
  const ranks = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
  const ours = time(3, () => {
    const fresh = cl100kCounter(ranks);
    for (const t of texts) fresh(t);
  });
  const stock = time(3, () => {
    for (const t of texts) stockEncode(t);
  });
  figures.push({ name: 'token estimation throughput (tiktoken-exact counter)', value: textBytes / (ours / 1000), unit: 'MB/s', note: `${(stock / ours).toFixed(2)}× stock gpt-tokenizer encode (${(textBytes / (stock / 1000)).toFixed(1)} MB/s) on ${textBytes.toFixed(1)} MB` });
  const perMessage = time(3, () => {
    for (const m of messages) estimateMessageTokens(m, count, 'v0.2');
  });
  figures.push({ name: 'estimate_message_tokens, 2,000 messages, warm counter cache', value: perMessage, unit: 'ms', note: 'text → count memo hit' });
  return figures;
}

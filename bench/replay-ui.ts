/**
 * Replay recompute cost as the Replay tab pays it: get_history over an N-message session with a
 * token budget, after the per-message token counts are cached. Used by scripts/bench-replay-ui.mjs.
 */
import { getHistory } from '../src/core/replay/replay';
import type { PyDict } from '../src/core/python/pyvalue';
import type { TextTokenCounter } from '../src/core/tokens/tokens';
import { cachedCounter, variantOf } from '../src/store/source/replay/token-cache';

/** A plausible session: user turns, assistant answers, tool calls with results, a command row now and then. */
export function syntheticSession(n: number): PyDict[] {
  const out: PyDict[] = [];
  for (let i = 0; out.length < n; i++) {
    const ts = `2026-06-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    out.push({ role: 'user', content: `Question ${i}: ${'please look into this '.repeat(1 + (i % 7))}`, timestamp: ts, ...(i % 13 === 0 ? { _command: true } : {}) });
    if (i % 3 === 0) {
      out.push({ role: 'assistant', content: '', tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'search', arguments: `{"q": "item ${i}"}` } }], timestamp: ts });
      out.push({ role: 'tool', tool_call_id: `call_${i}`, name: 'search', content: `result ${i} `.repeat(20), timestamp: ts });
    }
    out.push({ role: 'assistant', content: `Answer ${i}. ${'Here is what I found. '.repeat(2 + (i % 5))}`, timestamp: ts });
  }
  return out.slice(0, n);
}

export interface BenchResult {
  messages: number;
  /** First run: every estimate tokenized. */
  coldMs: number;
  /** Re-runs with cached counts, over varying budgets and max_messages. */
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  runs: number;
}

/** Times `runs` cached recomputes of get_history with a budget (max_messages spans the whole file). */
export function benchReplay(count: TextTokenCounter, n = 2000, runs = 200): BenchResult {
  const messages = syntheticSession(n);
  const counter = cachedCounter(messages, variantOf('v0.2', true), count);
  let t = performance.now();
  getHistory(messages, 0, { maxMessages: n, maxTokens: 190_784, includeTimestamps: true }, 'v0.2', counter);
  const coldMs = performance.now() - t;
  const times: number[] = [];
  const budgets = [3_072, 27_648, 122_880, 190_784, 994_880, 0];
  for (let k = 0; k < runs; k++) {
    t = performance.now();
    getHistory(messages, k % 50, { maxMessages: k % 2 ? n : 120 + k, maxTokens: budgets[k % budgets.length]!, includeTimestamps: true }, 'v0.2', counter);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { messages: n, coldMs, medianMs: times[Math.floor(runs / 2)]!, p95Ms: times[Math.floor(runs * 0.95)]!, maxMs: times[runs - 1]!, runs };
}

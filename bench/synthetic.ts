/**
 * Synthetic nanobot sessions for benchmarks: realistic mixes of user turns, tool chains, reasoning,
 * non-ASCII text and timestamps, deterministic for a seed.
 */
import { pyDumps } from '../src/core/python/pyjson';
import type { PyDict } from '../src/core/python/pyvalue';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const WORDS = 'the agent reads files and runs tools then answers with care about what the user asked today tomorrow schedule report 天气 散歩 résumé naïve Привет 👋'.split(' ');

function text(r: () => number, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) out += (i ? ' ' : '') + WORDS[Math.floor(r() * WORDS.length)];
  return out;
}

/** The messages of a session with about `count` messages. */
export function syntheticMessages(count: number, seed = 1, wordsPerMessage = 40): PyDict[] {
  const r = rng(seed);
  const out: PyDict[] = [];
  let t = Date.UTC(2026, 0, 1);
  const ts = () => new Date((t += 7000)).toISOString().replace('Z', '').replace(/\.(\d{3})$/, '.$1123');
  let call = 0;
  while (out.length < count) {
    out.push({ role: 'user', content: text(r, wordsPerMessage), timestamp: ts() });
    if (r() < 0.4) {
      const id = `call_${++call}`;
      out.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: pyDumps({ path: `/workspace/${text(r, 2).replace(/ /g, '_')}.md` }) } }], reasoning_content: text(r, 12), timestamp: ts() });
      out.push({ role: 'tool', tool_call_id: id, name: 'read_file', content: text(r, wordsPerMessage * 3), timestamp: ts() });
    }
    out.push({ role: 'assistant', content: text(r, wordsPerMessage), timestamp: ts() });
  }
  return out.slice(0, count);
}

/** A whole session file's text. */
export function syntheticFile(messages: PyDict[], lastConsolidated = 0): string {
  const meta = { _type: 'metadata', key: 'bench:session', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: 'Benchmark' }, last_consolidated: lastConsolidated };
  return [meta, ...messages].map((m) => pyDumps(m as PyDict) + '\n').join('');
}

/** A session file of at least `bytes` bytes. */
export function syntheticFileOfSize(bytes: number, seed = 7): string {
  let n = 1000;
  for (;;) {
    const text = syntheticFile(syntheticMessages(n, seed));
    if (text.length >= bytes * 0.9) return text;
    n = Math.ceil(n * (bytes / text.length) * 1.05);
  }
}

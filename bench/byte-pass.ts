/**
 * The large-file index's byte pass in Node, without a browser: the same bytes as the 1 GiB open
 * (app-open-large.ts), indexed in 8 MiB slices of whole lines as each indexing worker does, timed
 * as ms per MiB. A script (scripts/byte-pass.mjs) bundles this file from two source trees and runs
 * them interleaved, so a change to the pass is measured against the code before it.
 */
import { LineIndexer, type LineIndex } from '../src/core/index/line-index';
import { wholeLinesEnd } from '../src/core/index/index-parts';
import { pyDumps } from '../src/core/python/pyjson';
import type { PyDict } from '../src/core/python/pyvalue';
import { syntheticMessages } from './synthetic';

/**
 * The open bench's file bytes (its eight batches, repeated) up to `mib` MiB; `mix` 'transcript':
 * messages shaped like an agent's transcript instead (transcriptMessages).
 */
export function largeBytes(mib: number, words = 272, mix: 'bench' | 'transcript' = 'bench'): Uint8Array {
  const meta = { _type: 'metadata', key: 'bench:large', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: 'Benchmark' }, last_consolidated: 0 };
  const messages = (k: number) => (mix === 'transcript' ? transcriptMessages(2000, k + 1) : syntheticMessages(4000, k + 1, words));
  const batches = Array.from({ length: 8 }, (_, k) => Buffer.from(messages(k).map((m) => pyDumps(m) + '\n').join('')));
  const out = new Uint8Array(mib * 1024 * 1024);
  let at = out.length ? Buffer.from(pyDumps(meta as PyDict) + '\n').copy(out, 0) : 0;
  for (let k = 0; at < out.length; k++) {
    const b = batches[k % batches.length]!;
    const n = Math.min(b.length, out.length - at);
    out.set(b.subarray(0, n), at);
    at += n;
  }
  return out;
}

/** Indexes `bytes` in slices of whole lines of about `slice` bytes, each on its own (as a worker does); returns wall and CPU ms and a checksum of the facts. */
export function indexSlices(bytes: Uint8Array, slice = 8 << 20): { ms: number; cpu: number; check: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const check = sliceChecksum(bytes, slice);
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, check };
}

/** The indexing of `indexSlices` without its clocks (a page has no CPU clock: Chromium's trace times it); a checksum of the facts. */
export function sliceChecksum(bytes: Uint8Array, slice = 8 << 20): number {
  let check = 0;
  for (let at = 0; at < bytes.length; ) {
    const cut = Math.min(bytes.length, at + slice);
    const end = cut === bytes.length ? cut : at + wholeLinesEnd(bytes.subarray(at, cut));
    const ix = new LineIndexer('main', at);
    ix.push(bytes.subarray(at, end));
    const part: LineIndex = ix.finish();
    for (let i = 0; i < part.count; i++) check = (check * 31 + part.kind[i]! * 7 + part.role[i]! * 3 + part.flags[i]!) | 0;
    at = end;
  }
  return check;
}

const PROSE = 'The file defines the session manager and reads each line as JSON. I will check the tests first, then run them again with the fix applied. This keeps the change small and easy to review.'.split(' ');
const HANZI = '会话文件每一行都是一条消息我先检查测试然后再运行一次修复后的版本这样改动很小也容易审查。，'.split('');
const CODE = ['def load(path):', '    with open(path, encoding="utf-8") as f:', '        for line in f:', '            data = json.loads(line)', '            if data.get("_type") == "metadata":', '                continue', '    return {"messages": messages, "key": key}', '\tprint(f"loaded {len(messages)} messages")'];

/**
 * Messages shaped like an agent's transcript, for a second figure: markdown answers with line
 * breaks (escaped `\n` in the file), a third of them in Chinese; tool calls whose arguments are
 * JSON text (escaped quotes); tool results of source code (quotes, tabs, line breaks).
 */
export function transcriptMessages(count: number, seed: number): PyDict[] {
  let s = seed >>> 0;
  const r = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const prose = (n: number) => (r() < 0.33 ? Array.from({ length: n * 2 }, () => pick(HANZI)).join('') : Array.from({ length: n }, () => pick(PROSE)).join(' '));
  const markdown = () => Array.from({ length: 3 + Math.floor(r() * 4) }, () => (r() < 0.3 ? `- ${prose(12)}\n- ${prose(10)}` : prose(40))).join('\n\n');
  const code = () => Array.from({ length: 20 + Math.floor(r() * 60) }, () => pick(CODE)).join('\n');
  const out: PyDict[] = [];
  let call = 0;
  while (out.length < count) {
    out.push({ role: 'user', content: prose(20), timestamp: '2026-01-01T00:00:00.000123' });
    const id = `call_${++call}`;
    out.push({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'edit_file', arguments: pyDumps({ path: 'src/session.py', old: code(), new: code() }) } }], timestamp: '2026-01-01T00:00:01.000123' });
    out.push({ role: 'tool', tool_call_id: id, name: 'edit_file', content: code(), timestamp: '2026-01-01T00:00:02.000123' });
    out.push({ role: 'assistant', content: markdown(), timestamp: '2026-01-01T00:00:03.000123' });
  }
  return out.slice(0, count);
}

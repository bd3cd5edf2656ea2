/**
 * The large-file index's byte pass in Node, without a browser: the same bytes as the 1 GiB open
 * (app-open-large.ts), indexed in 8 MiB slices of whole lines as each indexing worker does, timed
 * as ms per MiB. A script (scripts/byte-pass.mjs) bundles this file from two source trees and runs
 * them interleaved, so a change to the pass is measured against the code before it.
 */
import { LineIndexer, type LineIndex } from '../src/core/line-index';
import { wholeLinesEnd } from '../src/core/index-parts';
import { pyDumps } from '../src/core/pyjson';
import type { PyDict } from '../src/core/pyvalue';
import { syntheticMessages } from './synthetic';

/** The open bench's file bytes (its eight batches, repeated) up to `mib` MiB. */
export function largeBytes(mib: number, words = 272): Uint8Array {
  const meta = { _type: 'metadata', key: 'bench:large', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: 'Benchmark' }, last_consolidated: 0 };
  const batches = Array.from({ length: 8 }, (_, k) => Buffer.from(syntheticMessages(4000, k + 1, words).map((m) => pyDumps(m) + '\n').join('')));
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
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, check };
}

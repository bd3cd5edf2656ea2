/** Listing a file whose UTF-8 characters straddle nanobot's 8 KiB chunks: nanobot's row, read once, in linear work. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { HEAD_BYTES, listSessions } from '../../src/store/listing/session-list';
import { enc } from './helpers';

afterEach(() => vi.restoreAllMocks());
const NOW = '2031-07-08T09:10:11.121314';
const META = '{"_type": "metadata", "key": "a:b", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-02T00:00:00", "metadata": {}, "last_consolidated": 0}\n';

/** `head` then ASCII lines with an "é" across every 8 KiB boundary of the file, up to `size` bytes. */
function straddling(head: string, size: number, lineBytes: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  out.set(enc(head), at);
  at += enc(head).length;
  while (at < size - 8) {
    const nextBoundary = (Math.floor(at / HEAD_BYTES) + 1) * HEAD_BYTES;
    if (at === nextBoundary - 1) out.set([0xc3, 0xa9], (at += 2) - 2);
    else out[at++] = lineBytes && at % lineBytes === 0 ? 10 : 0x78;
  }
  return out.subarray(0, at);
}

async function listOne(bytes: Uint8Array) {
  const a = createMemoryAdapter();
  a.setFile('s/a_b.jsonl', bytes);
  const read = { bytes: 0 };
  for (const m of ['readRange', 'readHead', 'statHead', 'read'] as const) {
    const f = a[m] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!f) continue;
    (a as unknown as Record<string, unknown>)[m] = async (...args: unknown[]) => {
      const r = await f.apply(a, args);
      const b = r instanceof Uint8Array ? r : (r as { head?: Uint8Array }).head;
      if (b) read.bytes += b.length;
      return r;
    };
  }
  const l = await listSessions(a, 's', { now: NOW, version: 'v0.2' });
  return { row: l.summaries[0]!.row, damaged: l.summaries[0]!.flags.damaged, bytesRead: l.bytesRead, read: read.bytes };
}

describe('listing across 8 KiB boundaries', () => {
  it('a character cut by a chunk boundary is no decoding error: the user preview, after 16 KiB, as nanobot', async () => {
    const body = '{"role": "assistant", "content": "x' + 'é'.repeat(5000) + '"}\n{"role": "user", "content": "hello"}\n';
    const bytes = enc(META + body + '{"role": "assistant", "content": "zzz"}\n'.repeat(20000));
    expect(bytes[8191]).toBe(0xc3); // é's first byte ends the first chunk
    const r = await listOne(bytes);
    expect(r.row?.preview).toBe('hello');
    expect(r.damaged).toBe(false);
    expect(r.bytesRead).toBe(2 * HEAD_BYTES);
  });

  it('one long line with a character across every boundary: each byte read once, the terminator scan linear', async () => {
    const size = 2 * 1024 * 1024;
    const bytes = straddling(META + '{"role": "assistant", "content": "', size, 0);
    const full = new Uint8Array([...bytes, ...enc('"}\n')]);
    let scanned = 0;
    const last = Uint8Array.prototype.lastIndexOf;
    vi.spyOn(Uint8Array.prototype, 'lastIndexOf').mockImplementation(function (this: Uint8Array, ...args: [number, number?]) {
      scanned += this.length;
      return last.apply(this, args);
    });
    const r = await listOne(full);
    expect(r.read).toBe(full.length);
    expect(r.damaged).toBe(false);
    expect(r.row?.preview).toBe(''); // over nanobot's 1,000,000-character preview cap
    expect(scanned).toBeLessThan(4 * full.length);
  });
});

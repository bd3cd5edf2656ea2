/**
 * A folder's refresh judges the nanobot version from each file's head and then lists the files from
 * their heads again: through headsOnce, each head is read from storage once, and the verdict and the
 * listing are those read without it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { headsOnce } from '../../src/store/listing/head-once';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';
import { judgeFolder } from '../../src/store/listing/version-facts';

const NOW = '2026-06-01T12:00:00';
const meta = (key: string, pad = 0) =>
  JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: `2026-05-01T10:00:0${key.length % 10}`, metadata: { title: 'x'.repeat(pad) }, last_consolidated: 0 }) + '\n';
const msg = (i: number) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} ${'é'.repeat(300)}` }) + '\n';

/** A sessions folder: small files, files of several head chunks, one whose first line is longer than a head. */
function folder() {
  const a = createMemoryAdapter();
  for (let i = 0; i < 30; i++) a.setFile(`sessions/cli_s${i}.jsonl`, meta(`cli:s${i}`) + Array.from({ length: i * 3 }, (_, k) => msg(k)).join(''), 1000 + i);
  a.setFile('sessions/cli_long.jsonl', meta('cli:long', 20_000) + msg(1), 5000);
  a.setFile('sessions/cli_empty.jsonl', '', 6000);
  return a;
}

/** `a` with a statHead (as the browser's adapters have) that counts its calls, and a count of its readHead calls (session files only). */
function counted(a: StorageAdapter, withStatHead: boolean) {
  const calls = { statHead: 0, readHead: 0 };
  const session = (path: string) => path.startsWith('sessions/');
  const out: StorageAdapter = {
    ...a,
    readHead: (path, n) => (session(path) && calls.readHead++, a.readHead(path, n)),
    ...(withStatHead && {
      statHead: async (path: string, n: number) => {
        if (session(path)) calls.statHead++;
        return { stat: await a.stat(path), head: await a.readHead(path, n) };
      },
    }),
  };
  return { adapter: out, calls };
}

async function refresh(adapter: StorageAdapter) {
  const layout = await detectLayout(adapter, 'W');
  const f = layout.folders[0]!;
  const judged = await judgeFolder(adapter, layout, f);
  const listing = await listSessions(adapter, f.path, { now: NOW, version: judged.verdict.version ?? 'v0.2' });
  return { verdict: judged.verdict, facts: judged.facts.files, listing };
}

describe('each head read once per refresh', () => {
  for (const withStatHead of [true, false]) {
    it(`judges and lists as without it, reading each file's head once (${withStatHead ? 'an adapter with statHead' : 'readHead only'})`, async () => {
      const plain = counted(folder(), withStatHead);
      const want = await refresh(plain.adapter);
      const heads = plain.calls.statHead + plain.calls.readHead;
      const files = 32;
      // Without it: every file's head twice.
      expect(heads).toBeGreaterThanOrEqual(2 * files);

      const once = counted(folder(), withStatHead);
      const got = await refresh(headsOnce(once.adapter));
      expect(got).toEqual(want);
      expect(once.calls.statHead + once.calls.readHead).toBe(files);
    });
  }

  it('answers a longer read than it kept from storage, and a shorter one from the bytes kept', async () => {
    const a = folder();
    const { adapter, calls } = counted(a, true);
    const reads = headsOnce(adapter);
    const path = 'sessions/cli_s20.jsonl';
    const small = await reads.readHead(path, 100);
    expect(Array.from(small)).toEqual(Array.from((await a.readHead(path, 100))));
    const big = await reads.readHead(path, 4096);
    expect(big.length).toBe(4096);
    expect(Array.from(big)).toEqual(Array.from(await a.readHead(path, 4096)));
    await reads.readHead(path, 50);
    await reads.statHead!(path, 4096);
    expect(calls.statHead).toBe(2);
    // A file shorter than the read is whole: any later read is answered from it.
    await reads.readHead('sessions/cli_s0.jsonl', 8192);
    expect((await reads.readHead('sessions/cli_s0.jsonl', 65536)).length).toBe(new TextEncoder().encode(meta('cli:s0')).length);
    expect(calls.statHead).toBe(3);
  });

  it('hands out copies: a caller writing into a head changes no later answer', async () => {
    const reads = headsOnce(counted(folder(), true).adapter);
    const first = await reads.readHead('sessions/cli_s3.jsonl', 64);
    first.fill(0);
    expect((await reads.readHead('sessions/cli_s3.jsonl', 64))[0]).toBe(0x7b);
  });

  it('gives the event loop back while it answers from memory: a listing of kept heads is not one long task', async () => {
    const reads = headsOnce(counted(folder(), true).adapter);
    const paths = Array.from({ length: 30 }, (_, i) => `sessions/cli_s${i}.jsonl`);
    for (const p of paths) await reads.statHead!(p, 8192);
    // Each answer "takes" 1 ms: without a task boundary every 8 ms, the task queued first would run only
    // after all 30. Queued as Node's yield queues (a zero timer waits 1 ms of real time, which 30 answers
    // from memory may not take: it would then miss the yield).
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    let fired = -1;
    let answered = 0;
    setImmediate(() => (fired = answered));
    try {
      for (const p of paths) {
        await reads.statHead!(p, 8192);
        answered++;
      }
    } finally {
      now.mockRestore();
    }
    expect(fired).toBeGreaterThanOrEqual(0);
    expect(fired).toBeLessThan(paths.length);
  });
});

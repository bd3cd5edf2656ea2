import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexBytes } from '../index-bytes';
import { StoreError, type StoreReason } from '../../src/store/adapter/errors';
import { fromWire, toWire } from '../../src/store/large/worker-error';

/**
 * A worker as the page sees it, run in this thread: the module at its URL is loaded with `self`
 * standing for the worker's scope, requests reach its `onmessage` and replies come back through a
 * structured clone (what a real postMessage does: an Error's class and fields do not survive it).
 */
class FakeWorker {
  private readonly listeners = new Set<(e: MessageEvent) => void>();
  private readonly scope: { onmessage?: (e: { data: unknown }) => unknown; postMessage: (m: unknown) => void };
  private readonly ready: Promise<unknown>;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;

  constructor(url: URL) {
    this.scope = {
      postMessage: (m) => {
        const data = structuredClone(m);
        queueMicrotask(() => {
          const e = { data } as MessageEvent;
          this.onmessage?.(e);
          for (const l of this.listeners) l(e);
        });
      },
    };
    vi.stubGlobal('self', this.scope);
    this.ready = import(/* @vite-ignore */ url.pathname);
  }
  addEventListener(_type: 'message', l: (e: MessageEvent) => void): void {
    this.listeners.add(l);
  }
  removeEventListener(_type: 'message', l: (e: MessageEvent) => void): void {
    this.listeners.delete(l);
  }
  postMessage(m: unknown): void {
    void this.ready.then(() => this.scope.onmessage!({ data: m }));
  }
  terminate(): void {}
}

const REVOKED: StoreReason = { code: 'permission-revoked' };

/** A file whose every read fails as a revoked permission does (a StoreError, as a storage backend throws it). */
function revokedFile(bytes: Uint8Array): Blob {
  const fail = () => Promise.reject(new StoreError('permission', 'English for logs only', { reason: REVOKED, path: 'cli_x.jsonl' }));
  return { size: bytes.length, type: '', slice: () => ({ arrayBuffer: fail, stream: undefined }), arrayBuffer: fail } as unknown as Blob;
}

const ROWS = ['{"_type": "metadata", "key": "cli:x", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T09:00:00", "metadata": {}, "last_consolidated": 0}'];
for (let i = 0; i < 40; i++) ROWS.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
const BYTES = new TextEncoder().encode(ROWS.join('\n') + '\n');

/** What the page caught, as the UI words it: the code and the reason. */
function caught(e: unknown) {
  expect(e).toBeInstanceOf(StoreError);
  const s = e as StoreError;
  return { code: s.code, reason: s.reason, path: s.path };
}

/** Runs `run` where `Worker` exists (each client makes its worker once, on its first request). */
async function withWorkers<T>(run: () => Promise<T>): Promise<T> {
  vi.stubGlobal('Worker', FakeWorker);
  return run();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the worker error wire', () => {
  it('a StoreError keeps its code, reason, path and leftover across a structured clone', () => {
    const e = new StoreError('conflict', 'English', { reason: { code: 'changed-while-read' }, path: 'a.jsonl', leftover: 'a.jsonl.tmp' });
    const back = fromWire(structuredClone(toWire(e)));
    expect(back).toBeInstanceOf(StoreError);
    expect({ code: back.code, reason: back.reason, path: back.path, leftover: back.leftover }).toEqual({ code: 'conflict', reason: { code: 'changed-while-read' }, path: 'a.jsonl', leftover: 'a.jsonl.tmp' });
  });

  it('any other error becomes a code with values: the step, the native name and its own text', () => {
    const dom = fromWire(structuredClone(toWire(new DOMException('gone', 'NotFoundError'), 'reading', 'a.jsonl')));
    expect({ code: dom.code, reason: dom.reason, path: dom.path }).toEqual({ code: 'not-found', reason: { code: 'native', action: 'reading', fault: 'not-found', name: 'NotFoundError', text: 'gone' }, path: 'a.jsonl' });
    const bug = fromWire(structuredClone(toWire(new TypeError('x is undefined'))));
    expect(bug.reason).toEqual({ code: 'native', action: 'reading', fault: 'io', name: 'TypeError', text: 'x is undefined' });
  });
});

describe('a StoreError raised in a worker reaches the page with its code and reason', () => {
  it('the replay worker', async () => {
    await withWorkers(async () => {
      const { replayViewOf } = await import('../../src/store/large/replay/large-replay-client');
      const index = indexBytes(BYTES, 'v0.3.0');
      const e = await replayViewOf({ file: revokedFile(BYTES), path: 'cli_x.jsonl', lastModified: 1_800_000_000_000, version: 'v0.3.0', now: '2026-12-04T10:00:00', index, opts: {}, upto: null }).catch((x: unknown) => x);
      expect(caught(e)).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
    });
  });

  it('the trim worker', async () => {
    await withWorkers(async () => {
      const { planTrimOffThread } = await import('../../src/store/large/trim/large-trim-client');
      const ix = indexBytes(BYTES, 'v0.3.0');
      const e = await planTrimOffThread(revokedFile(BYTES), ix, 'cli:x', 10, false, '2026-12-04T10:00:00', 'v0.3.0').catch((x: unknown) => x);
      expect(caught(e)).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
    });
  });

  it('the find worker', async () => {
    await withWorkers(async () => {
      const { findInFile } = await import('../../src/store/large/find/large-find-client');
      const ix = indexBytes(BYTES, 'v0.3.0');
      const error = await new Promise<unknown>((resolve) => findInFile(revokedFile(BYTES), ix, 'm1', 100, (u) => u.done && resolve(u.error)));
      expect(caught(error)).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
    });
  });

  it('the export worker', async () => {
    await withWorkers(async () => {
      const { scanLargeExport } = await import('../../src/store/large/export/large-export-client');
      const ix = indexBytes(BYTES, 'v0.3.0');
      const e = await scanLargeExport(revokedFile(BYTES), ix, 't', 'cli:x', 10).catch((x: unknown) => x);
      expect(caught(e)).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
    });
  });

  it('the analysis worker', async () => {
    await withWorkers(async () => {
      const { analyzeOffThread, WORKER_THRESHOLD } = await import('../../src/store/analyze/analyze-client');
      // A worker that fails inside: the analysis's own code is not at fault, so make its hash fail.
      const line = JSON.stringify({ role: 'user', content: 'x'.repeat(WORKER_THRESHOLD) }) + '\n';
      const bytes = new TextEncoder().encode(line);
      vi.doMock('../../src/store/adapter/bytes', async (original) => ({ ...(await original<object>()), sha256Hex: () => Promise.reject(new StoreError('quota', 'English', { reason: { code: 'quota-exceeded' } })) }));
      const e = await analyzeOffThread(bytes, { version: 'v0.3.0', fileName: 'cli_x.jsonl', fallbackKey: 'cli:x', now: '2026-12-04T10:00:00' }).catch((x: unknown) => x);
      vi.doUnmock('../../src/store/adapter/bytes');
      expect(caught(e)).toEqual({ code: 'quota', reason: { code: 'quota-exceeded' }, path: 'cli_x.jsonl' });
    });
  });

  it('the slice feed between the reading and the indexing worker', async () => {
    const { feedSlices, takeSlices } = await import('../../src/store/large/read/slice-feed');
    const { port1, port2 } = new MessageChannel();
    const fed = feedSlices({ file: revokedFile(BYTES), slice: 64, ahead: 2, ports: [port1] });
    const e = await (async () => {
      for await (const _ of takeSlices(port2)) void _;
    })().catch((x: unknown) => x);
    await fed;
    expect(caught(e)).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
  });

  it('the indexing worker passes on what the feed tells it', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('self', { postMessage: (m: unknown) => posted.push(structuredClone(m)) });
    await import('../../src/store/large/read/large-index.worker');
    const { port1, port2 } = new MessageChannel();
    const working = (globalThis as unknown as { self: { onmessage: (e: { data: unknown }) => Promise<void> } }).self.onmessage({ data: { id: 7, version: 'v0.3.0', port: port2 } });
    port1.postMessage({ type: 'error', error: toWire(new StoreError('permission', 'English', { reason: REVOKED, path: 'cli_x.jsonl' })) });
    await working;
    port1.close();
    expect(posted).toHaveLength(1);
    const reply = posted[0] as { id: number; type: string; error: Parameters<typeof fromWire>[0] };
    expect(reply.type).toBe('error');
    expect(caught(fromWire(reply.error))).toEqual({ code: 'permission', reason: REVOKED, path: 'cli_x.jsonl' });
  });
});

describe('no English of ours leaves the core or the store', () => {
  it("a key nanobot cannot encode throws Python's exception type, a value, not a sentence of ours", async () => {
    const { base64urlKey } = await import('../../src/core/nanobot/keys');
    const { utf8EncodeError } = await import('../../src/core/tokens/tokens');
    const key = 'cli:a\udc80b';
    expect(() => base64urlKey(key)).toThrow(/^UnicodeEncodeError$/);
    // Its text, for a caller that shows it, is Python's own.
    expect(utf8EncodeError(key)).toEqual({ type: 'UnicodeEncodeError', message: "'utf-8' codec can't encode character '\\udc80' in position 5: surrogates not allowed" });
  });

  it('an export over a file that changed since it was indexed stops with a StoreError', async () => {
    const { fileFeed } = await import('../../src/store/large/export/large-export');
    const ix = indexBytes(BYTES, 'v0.3.0');
    const changed = BYTES.slice();
    changed[ix.start[ix.messages[3]!]!] = 0x78; // the fourth message no longer starts a record
    const e = await (async () => {
      for await (const batch of fileFeed(new File([changed], 'cli_x.jsonl'), ix)) for (let j = 0; j < batch.count; j++) batch.value(j);
    })().catch((x: unknown) => x);
    expect(caught(e)).toEqual({ code: 'conflict', reason: { code: 'changed-while-read' }, path: 'cli_x.jsonl' });
  });
});

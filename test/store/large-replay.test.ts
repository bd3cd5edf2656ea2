/**
 * A large file's Replay tab, answered by the replay worker's `view` request (replay-view.ts: the
 * indexed source's streamed replay over the Blob, what the page asks through `replayView`): its
 * entries, fates, sources and error are get_history's over the whole session held; the default is
 * the agent loop's, token budget included; and the reply is plain data that survives postMessage.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { getHistory, type ReplayOptions } from '../../src/core/replay/replay';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import type { ViewReply, ViewRequest } from '../../src/store/large/replay/replay-view';
import { replayViewOf } from '../../src/store/large/replay/large-replay-client';
import { unpackFates } from '../../src/store/source/replay/packed-fates';
import type { ReplayView } from '../../src/store/source/replay/replay-answers';

const NOW = '2026-12-04T00:00:00';
const PATH = 'sessions/cli_big.jsonl';

/** A session with archived messages, channel deliveries, orphan tool results, commands and Python floats. */
function session(lastConsolidated: number, n: number): Uint8Array<ArrayBuffer> {
  const rows: string[] = [JSON.stringify({ _type: 'metadata', key: 'k', created_at: null, updated_at: null, metadata: {}, last_consolidated: lastConsolidated })];
  for (let i = 0; i < n; i++) {
    const r = i % 8;
    if (r === 0) rows.push(JSON.stringify({ role: 'assistant', content: `ping ${i}`, _channel_delivery: true }));
    else if (r === 1) rows.push(`{"role": "user", "content": "q ${i}", "weight": 1.0, "big": 123456789012345678901234567890}`);
    else if (r === 2) rows.push(JSON.stringify({ role: 'assistant', content: '', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }));
    else if (r === 3) rows.push(JSON.stringify({ role: 'tool', tool_call_id: `c${i - 1}`, content: 'ok' }));
    else if (r === 4) rows.push(JSON.stringify({ role: 'tool', tool_call_id: `zz${i}`, content: 'orphan' }));
    else if (r === 5) rows.push(JSON.stringify({ role: 'user', content: '/help', _command: true }));
    else if (r === 6) rows.push('not json');
    else rows.push(`{"content": "keys out of order ${i}", "role": "assistant"}`);
  }
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

/** The worker's request for the Replay tab's answer over `bytes`, as the indexed source makes it. */
function request(bytes: Uint8Array<ArrayBuffer>, version: NanobotVersion, opts: ReplayOptions): Omit<ViewRequest, 'kind' | 'id'> {
  return { file: new Blob([bytes]), path: PATH, lastModified: 1_800_000_000_000, version, now: NOW, opts, upto: null };
}

/** The whole-session `get_history` (under `opts`, counting nanobot's tokens). */
function expected(bytes: Uint8Array, version: NanobotVersion, opts: ReplayOptions = {}, count?: Parameters<typeof getHistory>[4]) {
  const s = loadNanobot(bytes, 'k', NOW, version).result!;
  const r = getHistory(s.messages, s.lastConsolidated, opts, version, count);
  return { entries: r.entries.map(pyDumps), sources: r.sources, fates: r.fates, error: r.error, tokens: r.tokens };
}

/** `n` user/assistant messages of some 1,500 tokens each: the agent loop's budget leaves the oldest out. */
function wordy(n: number): Uint8Array<ArrayBuffer> {
  const rows: string[] = [JSON.stringify({ _type: 'metadata', key: 'k', created_at: null, updated_at: null, metadata: {}, last_consolidated: 0 })];
  for (let i = 0; i < n; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 1500 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') }));
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

function same(got: ReplayView, want: ReturnType<typeof expected>) {
  expect(got.raises).toBeNull();
  expect(got.lens).toBe('nanobot');
  expect(got.texts).toEqual(want.entries);
  expect(got.sources).toEqual(want.sources);
  expect(unpackFates(got)).toEqual(want.fates);
  expect(got.error).toEqual(want.error);
  // The text gives back the exact values: Python floats, big ints and key order included.
  expect(
    got.texts.map((t) => {
      const r = pyLoads(t);
      return r.ok ? pyDumps(r.value) : null;
    }),
  ).toEqual(want.entries);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a large file’s replay, computed by the replay worker', () => {
  for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
    it(`the worker's answer equals get_history of the whole session (${version})`, async () => {
      for (const [lc, n] of [[0, 60], [37, 300], [250, 300]] as const) {
        const bytes = session(lc, n);
        const got = await replayViewOf(request(bytes, version, {}));
        const want = expected(bytes, version);
        expect(want.entries.length).toBeGreaterThan(0);
        same(got, want);
        if (lc > 0) expect(unpackFates(got).slice(0, lc).every((f) => !f.kept && f.reason === 'consolidated')).toBe(true);
      }
    });
  }

  it("the page's default replay is the agent loop's, token budget included, as in the full view", async () => {
    const counter = await loadTokenizer();
    for (const version of ['v0.2', 'main'] as const) {
      const bytes = wordy(300);
      const loop = agentLoopOptions(version);
      expect(loop.maxTokens).toBe(190_784);
      const got = await replayViewOf(request(bytes, version, loop));
      const want = expected(bytes, version, loop, (e) => estimateMessageTokens(e, counter, version));
      const unbudgeted = expected(bytes, version, { ...loop, maxTokens: 0 });
      // The budget binds: without it the replay would send more.
      expect(want.entries.length).toBeGreaterThan(0);
      expect(want.entries.length).toBeLessThan(unbudgeted.entries.length);
      same(got, want);
      expect(got.counted).toBe(true);
      expect(got.tokens).toEqual(want.tokens);
      expect(got.tokens!.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(loop.maxTokens);
    }
  });

  it('the worker answers a request with plain data that survives postMessage', async () => {
    const posted: ViewReply[] = [];
    const fake: { onmessage?: (e: { data: ViewRequest }) => Promise<void>; postMessage: (m: ViewReply) => void } = { postMessage: (m) => posted.push(structuredClone(m)) };
    vi.stubGlobal('self', fake);
    await import('../../src/store/large/replay/large-replay.worker');
    const bytes = session(37, 300);
    const req: ViewRequest = { ...request(bytes, 'main', {}), kind: 'view', id: 7 };
    await fake.onmessage!({ data: req });
    expect(posted).toHaveLength(1);
    const reply = posted[0]!;
    expect(reply.id).toBe(7);
    expect(reply.type).toBe('view');
    if (reply.type === 'view') same(reply.view, expected(bytes, 'main'));
    const fail = () => Promise.reject(new Error('the file is gone'));
    const gone = { size: bytes.length, slice: () => ({ arrayBuffer: fail }), arrayBuffer: fail, stream: () => new ReadableStream({ pull: (c) => c.error(new Error('the file is gone')) }) } as unknown as Blob;
    await fake.onmessage!({ data: { ...req, id: 8, file: gone } });
    expect(posted[1]).toEqual({ id: 8, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'Error', text: 'the file is gone' }, path: PATH, log: expect.any(String) } });
  });
});

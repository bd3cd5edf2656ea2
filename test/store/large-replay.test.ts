import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLarge } from '../../src/store/large/large-load';
import { droppedCounts, type LargeReplayAnswer } from '../../src/core/index/large-replay';
import { loadNanobot } from '../../src/core/lens/load';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { getHistory } from '../../src/core/replay/replay';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import { agentLoop } from '../../src/ui/session/replay/settings';
import { indexFile } from '../../src/store/large/large-client';
import type { ReplayReply, ReplayRequest } from '../../src/store/large/replay/large-replay-answer';
import { replayLarge } from '../../src/store/large/replay/large-replay-client';

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

/** The large file's index and nanobot's load from it, as the page has them. */
async function opened(bytes: Uint8Array<ArrayBuffer>, version: NanobotVersion) {
  const file = new Blob([bytes]);
  const index = await indexFile(file, version);
  return { file, index, load: await loadLarge(file, index, version, '2026-12-04T00:00:00', 'cli_big.jsonl') };
}

/** The whole-session `get_history` (under `opts`, counting nanobot's tokens) as the page shows it. */
function expected(bytes: Uint8Array, version: NanobotVersion, opts = {}, count?: Parameters<typeof getHistory>[4]) {
  const s = loadNanobot(bytes, 'k', '2026-12-04T00:00:00', version).result!;
  const r = getHistory(s.messages, s.lastConsolidated, opts, version, count);
  return { entries: r.entries.map(pyDumps), sources: r.sources, dropped: droppedCounts(r), error: r.error };
}

/** `n` user/assistant messages of some 1,500 tokens each: the agent loop's budget leaves the oldest out. */
function wordy(n: number): Uint8Array<ArrayBuffer> {
  const rows: string[] = [JSON.stringify({ _type: 'metadata', key: 'k', created_at: null, updated_at: null, metadata: {}, last_consolidated: 0 })];
  for (let i = 0; i < n; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 1500 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') }));
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

function same(got: LargeReplayAnswer, want: ReturnType<typeof expected>) {
  expect(got.step).toBe('done');
  if (got.step !== 'done') return;
  expect(got.entries).toEqual(want.entries);
  expect(got.sources).toEqual(want.sources);
  expect(got.dropped).toEqual(want.dropped);
  expect(got.error).toEqual(want.error);
  // The text gives back the exact values: Python floats, big ints and key order included.
  expect(
    got.entries.map((t) => {
      const r = pyLoads(t);
      return r.ok ? pyDumps(r.value) : null;
    }),
  ).toEqual(want.entries);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a large file’s replay, computed off the page', () => {
  for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
    it(`the client's answer equals get_history of the whole session (${version})`, async () => {
      for (const [lc, n] of [[0, 60], [37, 300], [250, 300]] as const) {
        const bytes = session(lc, n);
        const { file, index, load } = await opened(bytes, version);
        const got = await replayLarge(file, index, load, version, 20_000, {});
        const want = expected(bytes, version);
        expect(want.entries.length).toBeGreaterThan(0);
        same(got, want);
        if (got.step === 'done' && lc > 0) expect(got.from).toBeGreaterThan(0);
      }
    });
  }

  it("the page's default replay is the agent loop's, token budget included, as in the full view", async () => {
    const counter = await loadTokenizer();
    for (const version of ['v0.2', 'main'] as const) {
      const bytes = wordy(300);
      const { file, index, load } = await opened(bytes, version);
      const loop = agentLoopOptions(version);
      expect(agentLoop(version)).toEqual(loop);
      expect(loop.maxTokens).toBe(190_784);
      const got = await replayLarge(file, index, load, version, 20_000, agentLoop(version));
      const want = expected(bytes, version, loop, (e) => estimateMessageTokens(e, counter, version));
      const unbudgeted = expected(bytes, version, { ...loop, maxTokens: 0 });
      // The budget binds: without it the replay would send more.
      expect(want.entries.length).toBeGreaterThan(0);
      expect(want.entries.length).toBeLessThan(unbudgeted.entries.length);
      same(got, want);
      if (got.step === 'done') expect(got.tokens!.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(loop.maxTokens);
    }
  });

  it('computes one answer per load and settings, which the Replay tab and the "first replayed" jump share', async () => {
    const { file, index, load } = await opened(session(0, 200), 'v0.2');
    const a = replayLarge(file, index, load, 'v0.2', 20_000, {});
    expect(replayLarge(file, index, load, 'v0.2', 20_000, {})).toBe(a);
    expect(replayLarge(file, index, load, 'v0.3.0', 20_000, {})).not.toBe(a);
    expect((await a).step).toBe('done');
  });

  it('says how far back the replay reaches when that is more than it may read', async () => {
    const bytes = session(0, 300);
    const { file, index, load } = await opened(bytes, 'v0.2');
    const got = await replayLarge(file, index, load, 'v0.2', 10, {});
    expect(got.step).toBe('too-far');
    if (got.step === 'too-far') expect(got.reach).toBeGreaterThan(10);
  });

  it('the worker answers a request with plain data that survives postMessage', async () => {
    const posted: ReplayReply[] = [];
    const fake: { onmessage?: (e: { data: ReplayRequest }) => Promise<void>; postMessage: (m: ReplayReply) => void } = { postMessage: (m) => posted.push(structuredClone(m)) };
    vi.stubGlobal('self', fake);
    await import('../../src/store/large/replay/large-replay.worker');
    const bytes = session(37, 300);
    const { file, index, load } = await opened(bytes, 'main');
    const { start, length, eol, role, flags } = index;
    const req: ReplayRequest = { id: 7, file, index: structuredClone({ start, length, eol, role, flags }), lines: load.messageLines, lastConsolidated: load.lastConsolidated, version: 'main', max: 20_000, opts: {} };
    await fake.onmessage!({ data: req });
    expect(posted).toHaveLength(1);
    const reply = posted[0]!;
    expect(reply.id).toBe(7);
    expect(reply.type).toBe('replay');
    if (reply.type === 'replay') same(reply.answer, expected(bytes, 'main'));
    const gone = { slice: () => ({ arrayBuffer: () => Promise.reject(new Error('the file is gone')) }) } as unknown as Blob;
    await fake.onmessage!({ data: { ...req, id: 8, file: gone } });
    expect(posted[1]).toEqual({ id: 8, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'Error', text: 'the file is gone' }, log: expect.any(String) } });
  });
});

import { describe, expect, it } from 'vitest';
import { indexBytes } from '../index-bytes';
import { sendColumnsOnce, type ColumnChannel } from '../../src/store/large/worker-columns';

type Posted = { msg: { type: string; key: number; name?: string; array?: Uint32Array }; transfer: Transferable[] };

function fakeWorker(): { w: Worker; posted: Posted[] } {
  const posted: Posted[] = [];
  return { w: { postMessage: (msg: Posted['msg'], transfer: Transferable[] = []) => posted.push({ msg, transfer }) } as unknown as Worker, posted };
}

const bytes = new TextEncoder().encode(Array.from({ length: 50 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })).join('\n') + '\n');
const NAMES = ['start', 'length', 'messages'] as const;
const send = (ch: ColumnChannel, w: Worker, ix: ReturnType<typeof indexBytes>) =>
  sendColumnsOnce(ch, w, ix, NAMES, (key) => ({ type: 'index', key }), (key, name, array) => ({ type: 'column', key, name, array }));

describe('an index sent to a worker', () => {
  it('posts its head at once and each column in a task of its own, as a moved copy', async () => {
    const ix = indexBytes(bytes, 'v0.2');
    const { w, posted } = fakeWorker();
    const ch: ColumnChannel = { sent: null };
    const sent = send(ch, w, ix);
    // Nothing but the head in the caller's task: the copies come later, one per task.
    expect(posted.map((p) => p.msg.type)).toEqual(['index']);
    await Promise.resolve();
    expect(posted).toHaveLength(1);
    await sent.ready;
    expect(posted.map((p) => p.msg.name ?? p.msg.type)).toEqual(['index', ...NAMES]);
    for (const p of posted.slice(1)) {
      expect(p.msg.key).toBe(sent.key);
      const own = ix[p.msg.name as (typeof NAMES)[number]];
      expect(Array.from(p.msg.array!)).toEqual(Array.from(own));
      expect(p.msg.array!.buffer).not.toBe(own.buffer);
      expect(p.transfer).toEqual([p.msg.array!.buffer]);
    }
  });

  it('crosses once per index and channel: the same index again posts nothing, another index gets a key of its own', async () => {
    const ix = indexBytes(bytes, 'v0.2');
    const { w, posted } = fakeWorker();
    const ch: ColumnChannel = { sent: null };
    const a = send(ch, w, ix);
    await a.ready;
    const again = send(ch, w, ix);
    expect(again).toBe(a);
    expect(posted).toHaveLength(1 + NAMES.length);
    const other = send(ch, w, indexBytes(bytes, 'v0.2'));
    await other.ready;
    expect(other.key).not.toBe(a.key);
    expect(posted).toHaveLength(2 * (1 + NAMES.length));
    // Another worker's channel is sent the index anew, under the index's same key.
    const second = fakeWorker();
    const b = send({ sent: null }, second.w, ix);
    await b.ready;
    expect(b.key).toBe(a.key);
    expect(second.posted).toHaveLength(1 + NAMES.length);
  });
});

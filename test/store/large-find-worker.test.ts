import { describe, expect, it, vi } from 'vitest';
import { indexBytes } from '../index-bytes';
import { FIND_COLUMNS, type FindReply, type FindRequest } from '../../src/store/large/find/large-find-wire';

/** `n` messages, "needle" in every 50th. */
function file(n: number): { blob: Blob; bytes: Uint8Array<ArrayBuffer> } {
  const rows = Array.from({ length: n }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: i % 50 === 7 ? `a Needle at ${i}` : `row ${i}` }));
  const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
  return { blob: new Blob([bytes]), bytes };
}

describe('the large-file find worker', () => {
  it('keeps the index it was sent, answers queries slice by slice, stops a search a new one replaces, and says when it has no index', async () => {
    const posted: FindReply[] = [];
    const fake: { onmessage?: (e: { data: FindRequest }) => Promise<void>; postMessage: (m: FindReply) => void } = { postMessage: (m) => posted.push(structuredClone(m)) };
    vi.stubGlobal('self', fake);
    await import('../../src/store/large/find/large-find.worker');
    const { blob, bytes } = file(2000);
    const ix = indexBytes(bytes, 'v0.2');
    const send = (data: FindRequest) => fake.onmessage!({ data });
    await send({ type: 'find', id: 1, key: 9, query: 'needle', slice: 1024, limit: 10_000 });
    expect(posted).toEqual([{ id: 1, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'IndexNotSent', text: '' }, log: expect.any(String) } }]);
    posted.length = 0;
    await send({ type: 'index', key: 9, file: blob, messageCount: ix.messageCount });
    for (const name of FIND_COLUMNS.slice(0, -1)) await send({ type: 'column', key: 9, name, array: ix[name] });
    // Until every column is in, the index is not there.
    await send({ type: 'find', id: 1, key: 9, query: 'needle', slice: 1024, limit: 10_000 });
    expect(posted).toEqual([{ id: 1, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'IndexNotSent', text: '' }, log: expect.any(String) } }]);
    posted.length = 0;
    await send({ type: 'column', key: 9, name: 'messages', array: ix.messages });
    // A search, replaced by another before it ends: the first stops at its next slice, without an end.
    const first = send({ type: 'find', id: 2, key: 9, query: 'needle', slice: 1024, limit: 10_000 });
    const second = send({ type: 'find', id: 3, key: 9, query: 'NEEDLE AT 1', slice: 4096, limit: 10_000 });
    await Promise.all([first, second]);
    expect(posted.some((m) => m.id === 2 && m.type === 'end')).toBe(false);
    const mine = posted.filter((m) => m.id === 3);
    const want = Array.from({ length: 2000 }, (_, i) => i).filter((i) => i % 50 === 7 && String(i).startsWith('1'));
    expect(mine.at(-1)).toEqual({ id: 3, type: 'end', total: want.length, bytes: blob.size, limited: false });
    // [message, nth] pairs, in message order.
    expect(mine.flatMap((m) => (m.type === 'slice' ? [...m.flat] : []))).toEqual(want.flatMap((i) => [i, 0]));
  });
});

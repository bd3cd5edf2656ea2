import { describe, expect, it, vi } from 'vitest';
import { indexBytes } from '../index-bytes';
import { answerTrim, TRIM_COLUMNS, type TrimMessage, type TrimReply } from '../../src/store/large/trim/large-trim';

const NOW = '2026-12-04T10:00:00';

describe('the large-file trim worker', () => {
  it('keeps the index it was sent (its columns one message each) and plans by its key, as in place; without every column it says so', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:x", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T09:00:00", "metadata": {}, "last_consolidated": 0}'];
    for (let i = 0; i < 120; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
    const ix = indexBytes(bytes, 'v0.3.0');
    const blob = new Blob([bytes]);
    const posted: TrimReply[] = [];
    const fake: { onmessage?: (e: { data: TrimMessage }) => Promise<void>; postMessage: (m: TrimReply) => void } = { postMessage: (m) => posted.push(structuredClone(m)) };
    vi.stubGlobal('self', fake);
    await import('../../src/store/large/trim/large-trim.worker');
    const send = (data: TrimMessage) => fake.onmessage!({ data });
    const ask = { key: 'cli:x', max: 20, extendToUser: false, now: NOW, version: 'v0.3.0' } as const;
    await send({ type: 'index', key: 4, file: blob, count: ix.count, size: ix.size, messageCount: ix.messageCount });
    for (const name of TRIM_COLUMNS.slice(0, -1)) await send({ type: 'column', key: 4, name, array: ix[name].slice() });
    await send({ type: 'trim', ix: 4, id: 1, ...ask });
    expect(posted).toEqual([{ id: 1, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'IndexNotSent', text: '' }, log: expect.any(String) } }]);
    await send({ type: 'column', key: 4, name: 'messages', array: ix.messages.slice() });
    await send({ type: 'trim', ix: 4, id: 2, ...ask });
    expect(posted[1]).toEqual(await answerTrim({ id: 2, file: blob, index: ix, ...ask }));
    expect(posted[1]!.type).toBe('plan');
    // A plan for an index it does not hold is refused.
    await send({ type: 'trim', ix: 5, id: 3, ...ask });
    expect(posted[2]).toEqual({ id: 3, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'IndexNotSent', text: '' }, log: expect.any(String) } });
  });
});

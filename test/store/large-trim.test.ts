import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { trimToLegalSuffix } from '../../src/core/edit/edits';
import { indexBytes } from '../index-bytes';
import { encodeUtf8 } from '../../src/core/python/lines';
import { answerTrim, transferables } from '../../src/store/large/trim/large-trim';

const NOW = '2026-12-04T10:00:00';

describe('a large file’s trim, planned where it is asked', () => {
  it('reads the metadata record and the reachable tail itself; the pieces give the normal save’s bytes; the dropped indices cross as one buffer', async () => {
    // A Python float in the metadata (1.0) must come out as 1.0: the value is read where it is used, never cloned.
    const rows = ['{"_type": "metadata", "key": "cli:x", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T09:00:00", "metadata": {"ratio": 1.0}, "last_consolidated": 3}'];
    for (let i = 0; i < 200; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const bytes = encodeUtf8(rows.join('\n') + '\n');
    const index = indexBytes(bytes, 'v0.3.0');
    const reply = await answerTrim({ id: 7, file: new Blob([bytes as Uint8Array<ArrayBuffer>]), index, key: 'cli:x', max: 20, extendToUser: false, now: NOW, version: 'v0.3.0' });
    if (reply.type !== 'plan' || !('pieces' in reply.answer)) throw new Error(JSON.stringify(reply));
    const normal = trimToLegalSuffix(parseDocument(bytes, { version: 'v0.3.0' }), 'cli:x', 20, false, NOW, 'v0.3.0');
    if (!normal.ok) throw new Error(JSON.stringify(normal.error));
    const parts = reply.answer.pieces.map((p) => ('bytes' in p ? p.bytes : 'from' in p ? bytes.subarray(p.from, p.to) : new Uint8Array()));
    expect(Buffer.concat(parts).toString()).toBe(Buffer.from(serializeDocument(normal.doc)).toString());
    expect(Buffer.concat(parts).toString()).toContain('"ratio": 1.0');
    expect(reply.answer.dropped).toBeInstanceOf(Uint32Array);
    expect(Array.from(reply.answer.dropped)).toEqual(normal.dropped);
    expect(transferables(reply)).toEqual([reply.answer.dropped.buffer]);
  });

  it('a failure comes back as a reply', async () => {
    const bytes = encodeUtf8('{"_type": "metadata", "key": "k"}\n{"role": "user", "content": "x"}\n');
    const gone = { slice: () => ({ arrayBuffer: () => Promise.reject(new Error('the file is gone')) }) } as unknown as Blob;
    const reply = await answerTrim({ id: 8, file: gone, index: indexBytes(bytes, 'v0.2'), key: 'k', max: 0, extendToUser: false, now: NOW, version: 'v0.2' });
    expect(reply).toEqual({ id: 8, type: 'error', error: { code: 'io', reason: { code: 'native', action: 'reading', fault: 'io', name: 'Error', text: 'the file is gone' }, log: expect.any(String) } });
  });
});

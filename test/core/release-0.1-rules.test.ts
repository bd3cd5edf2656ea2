/**
 * The 0.1.x releases' save bytes, listing and token estimates, each a row of the version table. Expected values
 * are nanobot's own answers at each tag (its SessionManager and estimate_message_tokens run on the same input);
 * the golden corpora made by each tag's code (scripts/release-golden.py) check every case besides.
 */
import { describe, expect, it } from 'vitest';
import { encodeSession, formatSession } from '../../src/core/edit/format';
import type { NanobotSession } from '../../src/core/lens/load';
import { listingRow } from '../../src/core/listing/listing';
import { failedSaveLeaves, nanobotListingRow } from '../golden/nanobot-rules';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import type { PyDict } from '../../src/core/python/pyvalue';

const session: NanobotSession = {
  key: 'tg:a_b',
  createdAt: '2024-05-01T09:00:00',
  updatedAt: '2024-05-01T10:00:00',
  lastConsolidated: 0,
  metadata: {},
  messages: [
    { role: 'user', content: 'caf\u00e9 \u{1F600} \x7f end' },
    { role: 'assistant', content: 'lone \ud800 x' },
  ],
  messageLines: [1, 2],
};
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('save bytes', () => {
  it("0.1.4 writes no key and json.dumps's ASCII escapes, so even a lone surrogate saves", () => {
    const enc = encodeSession(formatSession(session, '0.1.4'));
    expect(enc.ok && text(enc.bytes)).toBe(
      '{"_type": "metadata", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n' +
        '{"role": "user", "content": "caf\\u00e9 \\ud83d\\ude00 \\u007f end"}\n' +
        '{"role": "assistant", "content": "lone \\ud800 x"}\n',
    );
  });

  it('0.1.4.post1 to 0.1.5.post1 write in place: a failed save leaves the lines before the one that failed', () => {
    const written = formatSession(session, '0.1.4.post1');
    expect(encodeSession(written)).toMatchObject({ ok: false, error: { type: 'UnicodeEncodeError' } });
    const left = failedSaveLeaves(written, '0.1.5.post1');
    expect(text(left!)).toBe('{"_type": "metadata", "key": "tg:a_b", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "café 😀 \x7f end"}\n');
    // from 0.1.5.post2 the save goes through a temporary file: the file stays as it was
    expect(failedSaveLeaves(written, '0.1.5.post2')).toBeNull();
    expect(failedSaveLeaves(formatSession({ ...session, messages: [session.messages[0]!] }, '0.1.4.post1'), '0.1.4.post1')).toBeNull();
  });
});

describe('listing', () => {
  const file = new TextEncoder().encode('{"_type": "metadata", "key": "x:y", "created_at": "2024-01-01T00:00:00", "updated_at": "2024-01-02T00:00:00", "metadata": {"title": "T"}}\n{"role": "user", "content": "hi"}\n');
  const bad = new TextEncoder().encode('{bad\n{"role": "user", "content": "hi"}\n');
  const row = (bytes: Uint8Array, fileName: string, version: Parameters<typeof listingRow>[0]['version']) => listingRow({ bytes, complete: true, fileName, mtimeIso: '2002-02-27T09:06:07', now: '2031-07-08T09:10:11', version });

  it('0.1.4 names a row by its file name with every _ turned into :, later releases by the stored key; no title or preview before 0.2.0', () => {
    const at014 = row(file, 'a_b_c.jsonl', '0.1.4');
    expect(at014.kind === 'row' && nanobotListingRow(at014.row, '0.1.4')).toEqual({ key: 'a:b:c', created_at: '2024-01-01T00:00:00', updated_at: '2024-01-02T00:00:00', path: 'a_b_c.jsonl' });
    const post1 = row(file, 'a_b_c.jsonl', '0.1.4.post1');
    expect(post1.kind === 'row' && nanobotListingRow(post1.row, '0.1.4.post1')).toEqual({ key: 'x:y', created_at: '2024-01-01T00:00:00', updated_at: '2024-01-02T00:00:00', path: 'a_b_c.jsonl' });
    const at020 = row(file, 'a_b_c.jsonl', '0.2.0');
    expect(at020.kind === 'row' && nanobotListingRow(at020.row, '0.2.0')).toMatchObject({ key: 'x:y', title: 'T', preview: 'hi' });
  });

  it('before 0.1.5.post2 a head that raises leaves the file out (no repair pass); from it, the repair pass lists it', () => {
    expect(row(bad, 'bad_one.jsonl', '0.1.5.post1')).toMatchObject({ kind: 'skip', repaired: false, headError: { type: 'JSONDecodeError' } });
    expect(row(bad, 'bad_one.jsonl', '0.1.5.post2')).toMatchObject({ kind: 'row', repaired: true, row: { key: 'bad:one' } });
  });
});

describe('token estimates', () => {
  const messages: PyDict[] = [
    { role: 'user', content: '' },
    { role: 'user', content: 'hello there' },
    { role: 'assistant', content: 'hi', reasoning_content: 'long thought here' },
    { role: 'user', content: '<|endoftext|> abcdefgh' },
  ];

  it("0.1.4.post5's estimator: at least 1, no +4, the reasoning not counted, a refused text len // 4", async () => {
    const count = await loadTokenizer();
    expect(messages.map((m) => estimateMessageTokens(m, count, '0.1.4.post5'))).toEqual([1, 2, 1, 5]);
    // from post6: + 4 per message, the reasoning counted
    const later = messages.map((m) => estimateMessageTokens(m, count, '0.1.4.post6'));
    expect(later[0]).toBe(4);
    expect(later[1]).toBe(6);
    expect(later[2]).toBeGreaterThan(5);
  });
});

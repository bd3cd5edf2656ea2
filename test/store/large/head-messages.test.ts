import { describe, expect, it } from 'vitest';
import { pyDumps } from '../../../src/core/python/pyjson';
import { headMessages } from '../../../src/store/large/read/head-messages';

/** A file of `n` messages of about `size` characters each, and the byte counts its head reads asked for. */
function file(n: number, size: number) {
  const rows = ['{"_type": "metadata", "key": "k", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 0}'];
  for (let i = 0; i < n; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i} ` + 'x'.repeat(size) }));
  const blob = new Blob([rows.join('\n') + '\n']);
  const asked: number[] = [];
  const slice = blob.slice.bind(blob);
  blob.slice = (a?: number, b?: number) => {
    asked.push((b ?? blob.size) - (a ?? 0));
    return slice(a, b);
  };
  return { blob, asked };
}

describe('the head of a large file', () => {
  it('reads only 64 KiB when that holds a screenful of messages', async () => {
    const { blob, asked } = file(400, 2000);
    const got = await headMessages(blob, 'v0.2', 12);
    expect(asked).toEqual([64 * 1024]);
    expect(got.length).toBeGreaterThanOrEqual(12);
    expect(got.slice(0, 3).map((m) => (m.content as string).slice(0, 3))).toEqual(['m0 ', 'm1 ', 'm2 ']);
  });

  it('reads further when the first messages are long, and never past 256 KiB', async () => {
    const long = file(100, 10_000);
    expect((await headMessages(long.blob, 'v0.2', 12)).length).toBeGreaterThanOrEqual(12);
    expect(long.asked).toEqual([64 * 1024, 256 * 1024]);
    const huge = file(20, 100_000);
    const got = await headMessages(huge.blob, 'v0.2', 12);
    expect(got.map((m) => pyDumps(m).length > 100_000)).toEqual([true, true]);
    expect(huge.asked).toEqual([64 * 1024, 256 * 1024]);
  });

  it('a small file is read once, whole, with its last line', async () => {
    const { blob, asked } = file(5, 10);
    expect((await headMessages(blob, 'v0.2', 12)).length).toBe(5);
    expect(asked).toEqual([blob.size]);
  });
});

/**
 * `format --nanobot <release>` prints the bytes that release's save writes, on the whole-file path and the line
 * index alike: 0.1.4's metadata without `key` and json.dumps's ASCII escapes (nanobot 0.1.4's own save of this
 * file gives exactly these bytes), later releases the key and the text as it is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';

process.env.TZ = 'UTC';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = join(mkdtempSync(join(tmpdir(), 'lens-format-releases-')), 'sessions');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function format(file: string, version: string, streaming: boolean): Promise<string> {
  Object.assign(LINE_INDEX, streaming ? { from: 0 } : { from: Infinity });
  const pieces: Uint8Array[] = [];
  const enc = new TextEncoder();
  const code = await main(['format', file, '--nanobot', version, '--now', '2031-07-08T09:10:11.121314'], { log: (s) => pieces.push(enc.encode(s + '\n')), write: (s) => pieces.push(enc.encode(s)), bytes: (b) => pieces.push(new Uint8Array(b)) });
  expect(code).toBe(0);
  return Buffer.concat(pieces).toString('utf8');
}

describe('format at the 0.1.x releases', () => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'tg_a_b.jsonl');
  writeFileSync(file, '{"_type": "metadata", "key": "tg:a_b", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "café 😀"}\n');

  it.each([false, true])('0.1.4 escapes non-ASCII and writes no key (line index: %s)', async (streaming) => {
    // 0.1.4's load never reads updated_at: it saves "now"
    expect(await format(file, '0.1.4', streaming)).toBe(
      '{"_type": "metadata", "created_at": "2024-05-01T09:00:00", "updated_at": "2031-07-08T09:10:11.121314", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "caf\\u00e9 \\ud83d\\ude00"}\n',
    );
  });

  it.each([false, true])('0.1.4 saves a lone surrogate as its escape, and a DEL escaped too (line index: %s)', async (streaming) => {
    const odd = join(dir, 'tg_odd.jsonl');
    writeFileSync(odd, '{"_type": "metadata", "key": "tg:odd", "created_at": "2024-05-01T09:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "a\\ud800 \x7f é"}\n');
    expect(await format(odd, '0.1.4', streaming)).toBe(
      '{"_type": "metadata", "created_at": "2024-05-01T09:00:00", "updated_at": "2031-07-08T09:10:11.121314", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "a\\ud800 \\u007f \\u00e9"}\n',
    );
  });

  it.each([false, true])('0.1.5.post1 keeps the key and the text as it is (line index: %s)', async (streaming) => {
    expect(await format(file, '0.1.5.post1', streaming)).toBe(
      '{"_type": "metadata", "key": "tg:a_b", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "café 😀"}\n',
    );
  });
});

/** The CLI's read commands: no SHA-256 of the file, and the stored key found without the recovered lens. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/cli';
import type { LineCache } from '../../src/core/lens/load';
import { analyzeSession } from '../../src/core/lens/open';
import { storedKey } from '../../src/core/nanobot/stored-key';

const dir = mkdtempSync(join(tmpdir(), 'lens-ro-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const meta = (key: unknown) => JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: {}, last_consolidated: 0 });
const file = join(dir, 'a_b.jsonl');
writeFileSync(file, `${meta('a:b')}\n{"role": "user", "content": "hi"}\n{"role": "assistant", "content": "hello"}\n`);

describe('read-only CLI commands', () => {
  it.each(['replay --json', 'replay', 'load', 'tokens', 'format', 'check'])('%s does not hash the file', async (command) => {
    const argv = command.split(' ');
    const digest = vi.spyOn(crypto.subtle, 'digest');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const code = await main([argv[0]!, file, ...argv.slice(1), '--now', '2031-07-08T09:10:11'], { log: () => undefined });
    expect(code).toBe(0);
    expect(digest).not.toHaveBeenCalled();
  });

  it('a write command still hashes what it read (its guarded save needs it)', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    expect(await main(['trim', file, '1', '--now', '2031-07-08T09:10:11'], { log: () => undefined })).toBe(0);
    expect(digest).toHaveBeenCalled();
  });
});

describe('storedKey', () => {
  const cases: [string, string][] = [
    ['plain', `${meta('k:1')}\n{"role": "user"}\n`],
    ['the last metadata record wins', `${meta('k:1')}\n${meta('k:2')}\n`],
    ['a last record without a text key falls back', `${meta('k:1')}\n${meta(7)}\n`],
    ['a byte-order mark', `\ufeff${meta('k:bom')}\n`],
    ['invalid JSON after it', `${meta('k:1')}\n{bad\n`],
    ['no metadata', '{"role": "user"}\n'],
    ['an empty key', `${meta('')}\n`],
  ];
  it.each(cases)('%s: the recovered lens key', (_, text) => {
    const bytes = new TextEncoder().encode(text);
    const want = analyzeSession(bytes, { fileName: 'x.jsonl', fallbackKey: 'fb', now: '2031-01-01T00:00:00', version: 'v0.2' }).key;
    expect(storedKey(bytes, 'fb', { results: [] } as LineCache)).toBe(want);
  });
  it('in a file that is not UTF-8 throughout', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${meta('k:u')}\n`), 0xff, 10]);
    const want = analyzeSession(bytes, { fileName: 'x.jsonl', fallbackKey: 'fb', now: '2031-01-01T00:00:00', version: 'v0.2' }).key;
    expect(want).toBe('k:u');
    expect(storedKey(bytes, 'fb', { results: [] })).toBe(want);
  });
});

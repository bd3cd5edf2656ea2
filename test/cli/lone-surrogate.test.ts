/** `--json` keeps a lone surrogate as its escape (`\ud800`), as `json.dumps` writes it, instead of U+FFFD. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';

const dir = mkdtempSync(join(tmpdir(), 'sl-surrogate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'a_b.jsonl');
writeFileSync(
  file,
  '{"_type": "metadata", "key": "a:b", "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}\n' +
    '{"role": "user", "content": "x\\ud800y \\udc00 \\ud83d\\ude00"}\n{"role": "assistant", "content": "ok"}\n',
);
const NOW = ['--now', '2031-07-08T09:10:11.121314', '--nanobot', 'v0.2'];

/** Runs the CLI as on a real stdout (text and bytes become UTF-8) and gives what was printed. */
async function stdout(...argv: string[]): Promise<string> {
  const chunks: Buffer[] = [];
  const code = await main([...argv, ...NOW], { log: (s) => chunks.push(Buffer.from(s + '\n')), write: (s) => chunks.push(Buffer.from(s)), bytes: (b) => chunks.push(Buffer.from(b)) });
  expect(code).toBe(0);
  return Buffer.concat(chunks).toString('utf8');
}

describe('--json and lone surrogates', () => {
  it('replay --json and load --json print \\ud800 and \\udc00 as escapes, pairs as characters', async () => {
    for (const cmd of ['replay', 'load']) {
      const out = await stdout(cmd, file, '--json');
      expect(out).not.toContain('\ufffd');
      expect(out).toContain('"x\\ud800y \\udc00 😀"');
      expect(JSON.stringify(JSON.parse(out))).toContain('x\\ud800y \\udc00 😀');
    }
  });
  it('the same through a sink that takes only lines', async () => {
    const lines: string[] = [];
    expect(await main(['replay', file, '--json', ...NOW], { log: (s) => lines.push(s) })).toBe(0);
    expect(lines.join('\n')).toContain('"x\\ud800y \\udc00 😀"');
  });
});

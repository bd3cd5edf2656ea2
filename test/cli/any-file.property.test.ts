/**
 * No file can break the CLI: every command, in-process, over generated hostile files (any JSON value
 * in any field, any line) finishes with an exit code of 0, 1 or 2 and a report; nothing escapes as
 * an internal error, and the good file beside them is always listed.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/cli';
import { sessionFile } from '../arbitrary-files';

const NOW = ['--now', '2026-06-01T12:00:00'];
const root = mkdtempSync(join(tmpdir(), 'sl-cli-any-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const GOOD = '{"_type": "metadata", "key": "good:one", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}}\n{"role": "user", "content": "hello"}\n';

/** One in-process run: exit code and what it printed (stdout and stderr silenced). */
async function run(argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await main([...argv, ...NOW], { log: (s) => lines.push(s) }), out: lines.join('\n') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

let n = 0;
describe('any file through every CLI command', () => {
  it('reads, lists, checks, plans and writes without an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, async (bytes) => {
        const dir = join(root, `r${n++}`);
        const file = join(dir, 'odd_file.jsonl');
        const reset = () => writeFileSync(file, bytes);
        mkdirSync(dir);
        writeFileSync(join(dir, 'good_one.jsonl'), GOOD);
        reset();
        const list = await run(['list', dir, '--json']);
        expect([0, 1]).toContain(list.code);
        expect(list.out).toContain('"key": "good:one"');
        const commands = [
          ['list', dir], ['check', dir], ['check', file, '--json'], ['load', file], ['load', file, '--json'],
          ['replay', file], ['replay', file, '--json', '--max-tokens', '40', '--timestamps'], ['replay', file, '--max-messages', '2', '--extend-to-user'],
          ['tokens', file], ['tokens', file, '--json'], ['format', file], ['trim', file, '1'], ['fork', file, '0', 'new:key'],
          ['turn', file, '--message', 'hi $x'], ['turn', file, '--json', '--nanobot', 'main'], ['memory', dir],
          ['repair', file], ['set-title', file, 'T'], ['delete', file],
          ['trim', file, '1', '--write'], ['repair', file, '--write'], ['set-title', file, 'T', '--write'], ['fork', file, '0', 'new:key', '--write'], ['delete', file, '--write'],
        ];
        for (const argv of commands) {
          reset();
          const r = await run(argv);
          expect([0, 1, 2], argv.join(' ')).toContain(r.code);
        }
        rmSync(dir, { recursive: true });
      }),
      { numRuns: 25 },
    );
  });
});

/**
 * The CLI bundle (`scripts/build-cli.mjs`), CommonJS in lazily required chunks: the cl100k rank table is its own chunk, packed as two
 * string literals (V8 compiles the 1.2 MB array literal it replaces in ~200 ms on every `tokens`
 * run), and holds exactly gpt-tokenizer's table: the same tokens, counted the same. Beside the code
 * that reads it, the same table ships laid out as the counter's lookup (`cl100k.ranks`), which the
 * built CLI counts with, and without which it counts the same from the chunk.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { buildRankTable, rankTableBytes } from '../../src/core/tokens/rank-table';
import { cl100kCounter, packTokens, type PackedTokens } from '../../src/core/tokens/tokenizer';

it('ships the rank table packed, token for token', { timeout: 120_000 }, async () => {
  const r = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  // CommonJS (Node starts it with less than an ES module entry), marked so under the repository's "type": "module".
  expect(JSON.parse(readFileSync('dist-cli/package.json', 'utf8')).type).toBe('commonjs');
  expect(readFileSync('dist-cli/cli.js', 'utf8')).toMatch(/require\("\.\/chunks\/replay-/);
  const dir = 'dist-cli/chunks';
  const chunk = readdirSync(dir).find((f) => f.startsWith('cl100k_base'))!;
  const text = readFileSync(join(dir, chunk), 'utf8');
  expect(text).toMatch(/^\s*bytes: "/m);
  expect(text).not.toMatch(/^\s*"!",$/m);
  const built = (await import(/* @vite-ignore */ pathToFileURL(join(process.cwd(), dir, chunk)).href)).default as PackedTokens;
  const original = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
  expect(built).toEqual(packTokens(original));
  expect(built.lengths.length).toBe(original.length);
  const fromPacked = cl100kCounter(built);
  const fromTable = cl100kCounter(original);
  for (const t of ['Hello, world!', '\ufeffusing 漢字 🙂🙂', 'ab'.repeat(300), '  \n\n\tcode();', "it's ſ'S"]) expect(fromPacked(t)).toBe(fromTable(t));
});

it('ships the rank table as the lookup, beside the code that reads it, and counts with it', { timeout: 120_000 }, async () => {
  // Runs after the test above has built dist-cli.
  const original = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
  const file = join('dist-cli/chunks', 'cl100k.ranks');
  const shipped = new Uint8Array(readFileSync(file));
  expect(Buffer.from(shipped).equals(Buffer.from(rankTableBytes(buildRankTable(packTokens(original)))))).toBe(true);
  const reader = readdirSync('dist-cli/chunks').filter((f) => f.endsWith('.js') && readFileSync(join('dist-cli/chunks', f), 'utf8').includes('"cl100k.ranks"'));
  expect(reader).toHaveLength(1);
  const dir = mkdtempSync(join(tmpdir(), 'lens-ranks-'));
  try {
    const session = join(dir, 'cli_s.jsonl');
    const lines = [
      { _type: 'metadata', key: 'cli:s', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: {}, last_consolidated: 0 },
      { role: 'user', content: 'Hello, world! \ufeffusing 漢字 🙂🙂 ' + 'ab'.repeat(300), timestamp: '2026-01-01T00:00:01' },
      { role: 'assistant', content: "it's ſ'S  \n\n\tcode();", timestamp: '2026-01-01T00:00:02' },
    ];
    writeFileSync(session, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const run = () => spawnSync(process.execPath, ['dist-cli/cli.js', 'tokens', session, '--nanobot', 'v0.2'], { encoding: 'utf8' });
    // Each run with one of the two tables moved away: the file alone counts, and the chunk alone counts the same.
    const without = (path: string) => {
      renameSync(path, path + '.away');
      try {
        return run();
      } finally {
        renameSync(path + '.away', path);
      }
    };
    const chunk = join('dist-cli/chunks', readdirSync('dist-cli/chunks').find((f) => f.startsWith('cl100k_base'))!);
    const withTable = without(chunk);
    const fromChunk = without(file);
    expect(withTable.status, withTable.stderr).toBe(0);
    expect(withTable.stdout).toMatch(/^#1 user: \d+$/m);
    expect(withTable.stdout).toBe(fromChunk.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The CLI bundle (`scripts/build-cli.mjs`): the cl100k rank table is its own chunk, packed as two
 * string literals (V8 compiles the 1.2 MB array literal it replaces in ~200 ms on every `tokens`
 * run), and holds exactly gpt-tokenizer's table: the same tokens, counted the same.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { cl100kCounter, packTokens, type PackedTokens } from '../../src/core/tokenizer';

it('ships the rank table packed, token for token', { timeout: 120_000 }, async () => {
  const r = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
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

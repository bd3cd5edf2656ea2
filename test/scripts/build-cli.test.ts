/**
 * The CLI bundle (`scripts/build-cli.mjs`): the cl100k rank table is its own chunk, loaded as one
 * JSON.parse of a string (V8 compiles the 1.2 MB array literal it replaces in ~200 ms on every
 * `tokens` run), and holds exactly gpt-tokenizer's table.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

it('ships the rank table as JSON, value for value', { timeout: 120_000 }, async () => {
  const r = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const dir = 'dist-cli/chunks';
  const chunk = readdirSync(dir).find((f) => f.startsWith('cl100k_base'))!;
  const text = readFileSync(join(dir, chunk), 'utf8');
  expect(text).toMatch(/JSON\.parse\("/);
  expect(text).not.toMatch(/^\s*"!",$/m);
  const built = (await import(/* @vite-ignore */ pathToFileURL(join(process.cwd(), dir, chunk)).href)).default as unknown[];
  const original = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default as unknown[];
  expect(built.length).toBe(original.length);
  expect(built).toEqual(original);
});

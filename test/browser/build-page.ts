/**
 * Build the test page (page/index.html + page/main.ts, which expose the store on `window.lens`)
 * with Vite's JS API into a temp folder; built once per process, removed by `removeTestPage()`
 * (a test file's afterAll: Vitest ends its workers without Node's 'exit' event).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
let built: Promise<string> | undefined;
let outDir: string | undefined;

/** The folder holding the built page (index.html at its root). */
export function buildTestPage(): Promise<string> {
  built ??= (async () => {
    const dir = (outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-page-')));
    await build({
      configFile: false,
      root: path.join(here, 'page'),
      base: './',
      logLevel: 'error',
      build: { outDir: dir, emptyOutDir: true, minify: false, target: 'es2022', reportCompressedSize: false },
    });
    return dir;
  })();
  return built;
}

/** Removes the built page (the next buildTestPage() builds it again). */
export async function removeTestPage(): Promise<void> {
  const dir = outDir;
  await built?.catch(() => undefined);
  built = outDir = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Build the test page (page/index.html + page/main.ts, which expose the store on `window.lens`)
 * with Vite's JS API into a temp folder; built once per process.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
let built: Promise<string> | undefined;

/** The folder holding the built page (index.html at its root). */
export function buildTestPage(): Promise<string> {
  built ??= (async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-page-'));
    process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
    await build({
      configFile: false,
      root: path.join(here, 'page'),
      base: './',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, minify: false, target: 'es2022', reportCompressedSize: false },
    });
    return outDir;
  })();
  return built;
}

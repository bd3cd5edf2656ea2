/**
 * Storage benchmark in real Chromium: an atomic save (tmp + createWritable + move) of a big file
 * against a plain createWritable() of the same bytes, on a real dropped folder and on OPFS, as a
 * ratio. Entry point: `runStoreBench()` (scripts/bench-store.mjs runs it).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestPage, removeTestPage } from './build-page';
import { dropFolder, evaluate, launchChromium, serveDir, withTimeout } from './harness';
import type { Lens } from './page/main';

declare const window: { lens: Lens };

export interface StoreBenchOptions {
  /** File size in MB (default 10). */
  sizeMB?: number;
  /** Timed runs per variant (default 7). */
  runs?: number;
}

export interface BackendFigures {
  /** Median milliseconds per save. */
  atomicMs: number;
  plainMs: number;
  guardedMs: number;
  /** atomic / plain: the price of never exposing a half-written file via tmp + move. */
  ratio: number;
  /** guarded / plain: adds re-reading and hashing the file on disk before the save. */
  guardedRatio: number;
  samples: { atomic: number[]; plain: number[]; guarded: number[] };
}

export interface StoreBenchResult {
  sizeMB: number;
  runs: number;
  folder: BackendFigures;
  opfs: BackendFigures;
}

/** Run the save benchmark in headless Chromium and return medians and ratios per backend. */
export async function runStoreBench(options: StoreBenchOptions = {}): Promise<StoreBenchResult> {
  const sizeMB = options.sizeMB ?? 10;
  const runs = options.runs ?? 7;
  const server = await serveDir(await buildTestPage());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-bench-'));
  const b = await launchChromium({ port: server.port });
  try {
    const ready = b.page.waitForEvent('console', { predicate: (m) => m.text() === 'lens:ready', timeout: 15_000 });
    await withTimeout(b.page.goto(server.url), 15_000, 'opening the bench page');
    await ready;
    await dropFolder(b, dir);
    const budget = 60_000 + runs * sizeMB * 3_000;
    const measure = async (kind: 'folder' | 'opfs'): Promise<BackendFigures> => {
      const r = await evaluate(
        b.page,
        async ([k, size, n]) => {
          const [h] = await window.lens.nextDrop(false);
          window.lens.vars.folder = h;
          return window.lens.benchSave(k, 'bench', size, n);
        },
        [kind, Math.round(sizeMB * 1024 * 1024), runs] as const,
        budget,
      );
      const round = (x: number) => Math.round(x * 10) / 10;
      return {
        atomicMs: round(r.median.atomic),
        plainMs: round(r.median.plain),
        guardedMs: round(r.median.guarded),
        ratio: Math.round((r.median.atomic / r.median.plain) * 100) / 100,
        guardedRatio: Math.round((r.median.guarded / r.median.plain) * 100) / 100,
        samples: { atomic: r.atomic.map(round), plain: r.plain.map(round), guarded: r.guarded.map(round) },
      };
    };
    const folder = await measure('folder');
    const opfs = await measure('opfs');
    return { sizeMB, runs, folder, opfs };
  } finally {
    await b.close();
    await server.close();
    await removeTestPage();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

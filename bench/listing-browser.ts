/**
 * The Chromium half of the listing benchmark (loaded at run time by bench/listing.ts, so the Node
 * bundle never includes Playwright): listSessions over a real dropped folder and over OPFS.
 */
import { buildTestPage } from '../test/browser/build-page';
import { dropFolder, evaluate, launchChromium, serveDir, withTimeout } from '../test/browser/harness';
import type { Lens } from '../test/browser/page/main';
import type { LensSessions } from '../test/browser/page/sessions';

declare const window: { lens: Lens; lensSessions: LensSessions };

export interface BackendListing {
  /** Median milliseconds of the timed runs. */
  ms: number;
  runs: number[];
  bytesRead: number;
  bytesStored: number;
  order: string[];
}

export interface ChromiumListing {
  folder: BackendListing;
  /** Null when left out (the 10,000-session case fills no OPFS copy). */
  opfs: BackendListing | null;
  /** Milliseconds to write the sessions into OPFS (set-up, not measured code). */
  fillMs: number;
}

const PORT = 41761;

/** List the folder `dir` (dropped onto the page) and, unless `withOpfs` is false, a copy generated in OPFS, `runs` times each after a warm-up. */
export async function listInChromium(dir: string, heads: string[], body: string, now: string, runs: number, withOpfs = true): Promise<ChromiumListing> {
  const server = await serveDir(await buildTestPage(), PORT);
  const b = await launchChromium({ port: PORT });
  try {
    const ready = b.page.waitForEvent('console', { predicate: (m) => m.text() === 'lens:ready', timeout: 15_000 });
    await withTimeout(b.page.goto(server.url), 15_000, 'opening the bench page');
    await ready;
    await dropFolder(b, dir);
    await evaluate(b.page, async () => void (window.lens.vars.folder = (await window.lens.nextDrop(false))[0]), null);
    const measure = async (kind: 'folder' | 'opfs', sub: string): Promise<BackendListing> => {
      const times: number[] = [];
      let last: Awaited<ReturnType<LensSessions['list']>> | undefined;
      for (let i = 0; i <= runs; i++) {
        last = await evaluate(b.page, ([k, s, n]) => window.lensSessions.list(k, s, '', n), [kind, sub, now] as const, 120_000);
        if (i > 0) times.push(last.ms);
      }
      const sorted = [...times].sort((x, y) => x - y);
      return { ms: sorted[Math.floor(sorted.length / 2)]!, runs: times, bytesRead: last!.bytesRead, bytesStored: last!.bytesStored, order: last!.files.map((f) => f.fileName) };
    };
    const folder = await measure('folder', '');
    if (!withOpfs) return { folder, opfs: null, fillMs: 0 };
    const t0 = performance.now();
    await evaluate(b.page, ([h, t]) => window.lensSessions.fillSessions('opfs', 'bench-listing', '', h, t), [heads, body] as const, 300_000);
    const fillMs = performance.now() - t0;
    const opfs = await measure('opfs', 'bench-listing');
    return { folder, opfs, fillMs };
  } finally {
    await b.close();
    await server.close();
  }
}

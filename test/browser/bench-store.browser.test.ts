/** Keeps the bench entry point (runStoreBench, scripts/bench-store.mjs) working: a tiny run. */

import { expect, it } from 'vitest';
import { runStoreBench } from './bench-store';

it('runStoreBench returns finite ratios for both backends (1 MB, 2 runs)', async () => {
  const r = await runStoreBench({ sizeMB: 1, runs: 2 });
  for (const f of [r.folder, r.opfs]) {
    expect(Number.isFinite(f.ratio) && f.ratio > 0).toBe(true);
    expect(f.samples.atomic).toHaveLength(2);
  }
});

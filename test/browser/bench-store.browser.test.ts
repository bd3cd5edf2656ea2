/** Keeps the bench entry point (runStoreBench, scripts/bench-store.mjs) working: a tiny run. */

import { expect, it } from 'vitest';
import { runStoreBench } from './bench-store';

it('runStoreBench returns finite ratios for both backends (1 MB, 2 runs)', async () => {
  const r = await runStoreBench({ sizeMB: 1, runs: 2 });
  for (const f of [r.folder, r.opfs]) {
    // Measured times and their ratio: a plain write that stalls on a loaded machine may round the ratio to 0.00.
    expect(f.atomicMs, JSON.stringify(f)).toBeGreaterThan(0);
    expect(f.plainMs, JSON.stringify(f)).toBeGreaterThan(0);
    expect(Number.isFinite(f.ratio) && f.ratio >= 0, JSON.stringify(f)).toBe(true);
    expect(f.samples.atomic).toHaveLength(2);
  }
});

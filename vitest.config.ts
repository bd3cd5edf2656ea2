import { accessSync, constants } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Scratch folders (`os.tmpdir()`) of the tests that run in Node go to tmpfs when the machine has one
 * and TMPDIR is not set: the file-heavy tests (thousands of atomic saves) were bound by the disk's
 * journal, e.g. the streamed trim's golden-main case took 100–117 s on ext4 and 16–48 s on /dev/shm in
 * the same minutes. Renames, permissions and reads behave the same there. The Chromium tests keep the
 * disk: Chromium refuses to hand a page any folder under /dev.
 */
function nodeScratch(): Record<string, string> {
  if (process.env.TMPDIR) return {};
  try {
    accessSync('/dev/shm', constants.W_OK);
    return { TMPDIR: '/dev/shm' };
  } catch {
    return {};
  }
}

const browserTests = ['test/e2e/**', 'test/browser/**'];
const shared = { environment: 'node', setupFiles: ['test/setup-text.ts'], testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'node', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: browserTests, env: nodeScratch() } },
      { test: { ...shared, name: 'chromium', include: browserTests.map((g) => `${g}/*.test.ts`) } },
    ],
  },
});

import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Scratch folders (`os.tmpdir()`) of the tests that run in Node go to tmpfs when the machine has one
 * and TMPDIR is not set: the file-heavy tests (thousands of atomic saves) were bound by the disk's
 * journal. Renames, permissions and reads behave the same there. The Chromium tests keep the disk:
 * Chromium refuses to hand a page any folder under /dev.
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
const isTest = (f: string) => /\.test\.tsx?$/.test(f);
/** Every test file below test/ ('/' separators) with its text, read once: the projects below are chosen by what a file says. */
const testFiles = new Map(
  readdirSync('test', { recursive: true, encoding: 'utf8' })
    .map((f) => `test/${f.replaceAll('\\', '/')}`)
    .filter(isTest)
    .map((f) => [f, readFileSync(f, 'utf8')] as const),
);
/**
 * happy-dom component tests (a file that asks for happy-dom): each gets a fresh document and fresh signals.
 * The other files of test/ui (catalogs, models, pure helpers) share the node project's module graph.
 */
const domTests = [...testFiles].filter(([, text]) => text.includes('@vitest-environment happy-dom')).map(([f]) => f);

/**
 * Node test files that replace a module, a global or a method (vi.mock, stubGlobal, spyOn, a
 * global or env assigned) run each in a fresh module graph; the rest share one per worker, which
 * halves their cost (each file no longer re-imports the core). Found by reading the files, so a
 * new test that mocks lands in the isolated group without anyone editing this list.
 */
function mockingTests(): string[] {
  const mocks = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\b|\bglobalThis\.\w+\s*=[^=]|\bprocess\.env\.\w+\s*=[^=]/;
  return [...testFiles]
    .filter(([f, text]) => !domTests.includes(f) && !f.startsWith('test/e2e/') && !f.startsWith('test/browser/') && mocks.test(text))
    .map(([f]) => f);
}

const isolated = mockingTests();
const shared = { environment: 'node', setupFiles: ['test/setup-text.ts'], testTimeout: 120_000, hookTimeout: 120_000 };
const nodeTests = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    // Vitest leaves one core idle by default; on the 2-core CI machines that is half of it.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { ...shared, name: 'node', include: nodeTests, exclude: [...browserTests, ...domTests, ...isolated], isolate: false, env: nodeScratch() } },
      { test: { ...shared, name: 'node-isolated', include: [...domTests, ...isolated], exclude: browserTests, env: nodeScratch() } },
      // The real-browser files share one module graph per worker too: none mocks, each launches and closes its own
      // Chromium and server, and the Node side they import (Vite, playwright-core, the harness) then loads once a worker.
      { test: { ...shared, name: 'chromium', include: browserTests.map((g) => `${g}/*.test.ts`), isolate: false } },
    ],
  },
});

import { accessSync, constants } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The tests' scratch folders (`os.tmpdir()`) go to tmpfs when the machine has one and TMPDIR is not
 * set: the file-heavy tests (thousands of atomic saves) were bound by the disk's journal, e.g. the
 * streamed trim's golden-main case took 100–117 s on ext4 and 16–48 s on /dev/shm in the same minutes.
 * Renames, permissions and reads behave the same there.
 */
function scratch(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
const tmp = scratch();
if (tmp) process.env.TMPDIR = tmp;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/setup-text.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

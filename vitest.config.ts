import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/setup-text.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

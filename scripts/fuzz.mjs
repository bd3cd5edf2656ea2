// `npm run fuzz -- --nanobot VERSION [--minutes N] [--seed S] [--replay DIR] [--promote]` (VERSION: a release
// 0.1.4 … 0.2.2 or its tag, v0.2, v0.3.0, main; `--version` says the same):
// bundles the differential fuzzer (fuzz/run.ts, TypeScript) for Node with Vite, then runs it.
import { build } from 'vite';
import { spawnSync } from 'node:child_process';

await build({
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'fuzz/run.ts',
    outDir: '.fuzz',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'run.mjs', format: 'es', codeSplitting: false } },
  },
  ssr: { noExternal: true },
});
const r = spawnSync(process.execPath, ['--max-old-space-size=4096', '--stack-size=8000', '.fuzz/run.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);

// `npm run bench`: bundles the benchmarks (TypeScript) for Node with Vite, then runs them.
import { build } from 'vite';
import { spawnSync } from 'node:child_process';

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: 'bench/run.ts',
    outDir: '.bench',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'run.mjs', format: 'es', codeSplitting: false } },
  },
  ssr: { noExternal: true },
});
const r = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/run.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);

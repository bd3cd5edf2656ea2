// `node bench/app-workspace.run.mjs`: bundles bench/app-workspace.ts for Node (as scripts/bench.mjs does,
// into .bench/app-workspace.mjs), then runs it alone and prints its figures the way bench/run.ts does.
import { spawnSync } from 'node:child_process';
import { build } from 'vite';

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: 'bench/app-workspace.ts',
    outDir: '.bench',
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'app-workspace.mjs', format: 'es', codeSplitting: false } },
  },
  ssr: { noExternal: true },
});
const main = `
const { benchAppWorkspace } = await import('./.bench/app-workspace.mjs');
console.log('\\na 1,000-session workspace and the replay controls in the built app (Chromium)');
for (const f of await benchAppWorkspace()) console.log('  ' + f.name + ': ' + (f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(0)) + ' ' + f.unit + '  (' + f.note + ')');
`;
const r = spawnSync(process.execPath, ['--input-type=module', '-e', main], { stdio: 'inherit' });
process.exit(r.status ?? 1);

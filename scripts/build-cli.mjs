// Bundles the CLI (src/cli/bin.ts and the core it uses) into dist-cli/cli.js for Node 20.
import { build } from 'vite';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: 'src/cli/bin.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'cli.js', format: 'es', codeSplitting: false } },
  },
  ssr: { noExternal: true },
});
const out = 'dist-cli/cli.js';
const text = readFileSync(out, 'utf8');
if (!text.startsWith('#!')) writeFileSync(out, '#!/usr/bin/env node\n' + text);
chmodSync(out, 0o755);

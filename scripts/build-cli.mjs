// Bundles the CLI (src/cli/bin.ts and the core it uses) into dist-cli/cli.js for Node 20 (lazy chunks in dist-cli/chunks/).
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
    // Split: the cl100k rank table (1.26 MB) is its own chunk, parsed only by a command that counts tokens.
    rollupOptions: { output: { entryFileNames: 'cli.js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'es' } },
  },
  ssr: { noExternal: true },
});
const out = 'dist-cli/cli.js';
const text = readFileSync(out, 'utf8');
if (!text.startsWith('#!')) writeFileSync(out, '#!/usr/bin/env node\n' + text);
chmodSync(out, 0o755);

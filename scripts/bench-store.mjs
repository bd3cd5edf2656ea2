#!/usr/bin/env node
// Store benchmark: atomic save (tmp + move) vs a plain createWritable() of a 10 MB file, in real
// Chromium (/usr/bin/chromium), on a real folder and on OPFS. Prints JSON with medians and ratios.
// Usage: node scripts/bench-store.mjs [sizeMB] [runs]
// The bench itself is `runStoreBench()` in test/browser/bench-store.ts, loaded through Vite.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const entry = fileURLToPath(new URL('../test/browser/bench-store.ts', import.meta.url));
const { module } = await runnerImport(entry, { configFile: false, logLevel: 'error' });
const [sizeMB = '10', runs = '7'] = process.argv.slice(2);
const result = await module.runStoreBench({ sizeMB: Number(sizeMB), runs: Number(runs) });
console.log(JSON.stringify(result, null, 2));

#!/usr/bin/env node
// Replay-tab recompute benchmark (not a test): get_history with a token budget over a
// 2,000-message session once the per-message token counts are cached. The Replay tab must stay
// well under one 16 ms frame per control change.
// Usage: node scripts/bench-replay-ui.mjs [messages=2000] [runs=200]
import { createServer } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = await createServer({ root, configFile: false, logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
const { benchReplay } = await server.ssrLoadModule('/bench/replay-ui.ts');
const { loadTokenizer } = await server.ssrLoadModule('/src/core/tokens/tokenizer.ts');

const n = Number(process.argv[2] ?? 2000);
const runs = Number(process.argv[3] ?? 200);
const count = await loadTokenizer();
benchReplay(count, 200, 20); // warm the JIT
const r = benchReplay(count, n, runs);
const f = (x) => x.toFixed(2);
console.log(`replay recompute, ${r.messages} messages, budget on, counts cached (${r.runs} runs):`);
console.log(`  first run (tokenizing): ${f(r.coldMs)} ms`);
console.log(`  cached: median ${f(r.medianMs)} ms, p95 ${f(r.p95Ms)} ms, max ${f(r.maxMs)} ms (frame budget 16 ms)`);
await server.close();
if (r.p95Ms >= 16) process.exitCode = 1;

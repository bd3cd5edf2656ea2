// `npm run looks:big` (not part of `npm test`: minutes of work and 300 MiB of temp disk): issue 27's looks on
// a generated ~300 MiB session and on a folder of the golden fixtures, each dropped onto the page as a real
// folder, at both sizes, in both languages and both themes (test/e2e/looks-big.ts). Screenshots go to
// test-results/big/. Build the app first (`npx vite build`): dist/ is used when it is up to date.
// LOOKS_BIG_MIB=<n> changes the session's size; LOOKS_BIG_ONLY=big or golden runs one of the two sweeps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport(path.join(root, 'test/e2e/looks-big.ts'), { configFile: false, logLevel: 'error' });
const started = Date.now();
const r = await module.looksBig(Number(process.env.LOOKS_BIG_MIB) || 300, process.env.LOOKS_BIG_ONLY || undefined);
for (const n of r.notes) console.log(n);
console.log(`looks:big: ${r.checked} views checked, ${r.failed.length} facts failed, ${r.problems.length} page problems, ${r.shots.length} screenshots in ${path.relative(root, module.BIG_RESULTS)}/ (${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const f of r.failed) console.log(`  failed: ${f}`);
for (const p of r.problems) console.log(`  problem: ${p}`);
process.exit(r.failed.length || r.problems.length ? 1 : 0);

// `node scripts/byte-pass.mjs [MiB] [runs]`: the large-file index's byte pass in Node (bench/byte-pass.ts), in ms per MiB of
// the 1 GiB open's data. With BYTE_PASS_BEFORE=<a source tree with src/ and bench/> the same pass of that tree runs
// interleaved with this one (each run a fresh process, the order alternating), and the ratio is printed per run.
// BYTE_PASS_MIX=transcript: messages shaped like an agent's transcript (bench/byte-pass.ts) instead of the open bench's.
import { build } from 'vite';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const mib = Number(process.argv[2]) || 256;
const runs = Number(process.argv[3]) || 7;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'byte-pass-'));

async function bundle(root, name) {
  // The before tree may predate bench/byte-pass.ts: this one is copied in.
  if (root !== process.cwd()) fs.copyFileSync('bench/byte-pass.ts', path.join(root, 'bench/byte-pass.ts'));
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { ssr: path.join(root, 'bench/byte-pass.ts'), outDir: path.join(out, name), emptyOutDir: true, target: 'node20', minify: false, rollupOptions: { output: { entryFileNames: 'pass.mjs', format: 'es' } } },
    ssr: { noExternal: true },
  });
  return path.join(out, name, 'pass.mjs');
}

const trees = [['after', await bundle(process.cwd(), 'after')]];
if (process.env.BYTE_PASS_BEFORE) trees.unshift(['before', await bundle(path.resolve(process.env.BYTE_PASS_BEFORE), 'before')]);
const data = path.join(out, 'data.bin');
const child = (mod, code) => spawnSync(process.execPath, ['--max-old-space-size=4096', '--input-type=module', '-e', `import * as m from ${JSON.stringify(mod)}; ${code}`], { encoding: 'utf8', maxBuffer: 1 << 20 });
let r = child(trees[0][1], `import fs from 'node:fs'; fs.writeFileSync(${JSON.stringify(data)}, m.largeBytes(${mib}, 272, ${JSON.stringify(process.env.BYTE_PASS_MIX ?? 'bench')}));`);
if (r.status) throw new Error(r.stderr);
// One run: the file read, a warm-up pass, then five passes; the fastest of the five (wall and CPU each), in ms/MiB:
// on a machine shared with other benchmarks a pass is only ever slowed by them, so the fastest is the pass's own cost.
const once = (mod) => {
  const r = child(mod, `import fs from 'node:fs'; const b = new Uint8Array(fs.readFileSync(${JSON.stringify(data)})); m.indexSlices(b); const xs = [0, 1, 2, 3, 4].map(() => m.indexSlices(b)); xs.sort((a, c) => a.ms - c.ms); const cs = xs.map((x) => x.cpu).sort((a, c) => a - c); console.log(JSON.stringify({ ms: xs[0].ms / ${mib}, cpu: cs[0] / ${mib}, check: xs[0].check }));`);
  if (r.status) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
};
const res = Object.fromEntries(trees.map(([n]) => [n, []]));
for (let i = 0; i < runs; i++) {
  const order = i % 2 ? [...trees].reverse() : trees;
  const row = {};
  for (const [n, mod] of order) row[n] = once(mod);
  for (const [n] of trees) res[n].push(row[n]);
  console.log(`run ${i + 1}: ${trees.map(([n]) => `${n} ${row[n].ms.toFixed(3)} ms/MiB (CPU ${row[n].cpu.toFixed(3)}; check ${row[n].check})`).join(', ')}${row.before ? `, after/before ${(row.after.ms / row.before.ms).toFixed(3)}` : ''}`);
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const med = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const p95 = (xs) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];
for (const [n] of trees) {
  for (const k of ['ms', 'cpu']) {
    const xs = res[n].map((x) => x[k]);
    console.log(`${n} (${k === 'ms' ? 'wall' : 'CPU'}): median ${med(xs).toFixed(3)} ms/MiB, p95 ${p95(xs).toFixed(3)}, range ${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`);
  }
}
if (res.before) {
  for (const k of ['ms', 'cpu']) {
    const ratio = res.after.map((a, i) => a[k] / res.before[i][k]);
    console.log(`after/before (${k === 'ms' ? 'wall' : 'CPU'}) per run: median ${med(ratio).toFixed(3)}, p95 ${p95(ratio).toFixed(3)}, range ${Math.min(...ratio).toFixed(3)}–${Math.max(...ratio).toFixed(3)}`);
  }
}
fs.rmSync(out, { recursive: true, force: true });

// `node scripts/byte-pass-chromium.mjs [MiB] [rounds]`: the large-file index's byte pass (bench/byte-pass.ts) in a
// Chromium page, in ms of CPU per MiB as Chromium's trace counts it (a task's `tdur`: time the thread ran, not time it
// waited for a core), so a change to the pass can be measured on a machine busy with other benchmarks. With
// BYTE_PASS_BEFORE=<a source tree with src/ and bench/> that tree's pass runs in the same page, rounds alternating,
// and the ratio is printed per round. BYTE_PASS_MIX=transcript: transcript-shaped text (as scripts/byte-pass.mjs).
import { build } from 'vite';
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const mib = Number(process.argv[2]) || 32;
const rounds = Number(process.argv[3]) || 9;
const mix = process.env.BYTE_PASS_MIX ?? 'bench';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'byte-pass-chromium-'));

/** One tree's pass as a script for the page: `globalThis[name](bytes)` indexes them; `largeBytes` makes the data. */
async function bundle(root, name) {
  // The before tree may predate bench/byte-pass.ts or its sliceChecksum: this one is copied in.
  if (root !== process.cwd()) fs.copyFileSync('bench/byte-pass.ts', path.join(root, 'bench/byte-pass.ts'));
  const entry = path.join(out, `${name}.ts`);
  fs.writeFileSync(entry, `import { largeBytes, sliceChecksum } from ${JSON.stringify(path.join(root, 'bench/byte-pass.ts'))};\nObject.assign(globalThis, { ${name}: sliceChecksum, largeBytes });\n`);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: { lib: { entry, formats: ['iife'], name: `pass_${name}`, fileName: () => `${name}.js` }, outDir: path.join(out, name), emptyOutDir: true, minify: false },
  });
  return fs.readFileSync(path.join(out, name, `${name}.js`), 'utf8');
}

const trees = [['after', await bundle(process.cwd(), 'after')]];
if (process.env.BYTE_PASS_BEFORE) trees.unshift(['before', await bundle(path.resolve(process.env.BYTE_PASS_BEFORE), 'before')]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const [, code] of trees) await page.addScriptTag({ content: code });
  // largeBytes uses Node's Buffer (from, copy) to join its batches: a small stand-in is enough.
  await page.evaluate(({ mib, mix }) => {
    const from = (s) => Object.assign(new TextEncoder().encode(s), { copy(to, at) { to.set(this, at); return this.length; } });
    globalThis.Buffer = { from };
    globalThis.data = globalThis.largeBytes(mib, 272, mix);
  }, { mib, mix });
  for (const [name] of trees) await page.evaluate((n) => globalThis[n](globalThis.data), name);
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  const order = [];
  const checks = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name] of r % 2 ? [...trees].reverse() : trees) {
      // Each pass runs in one task of the page's main thread, marked so the trace's task can be found.
      checks[name] = await page.evaluate(([n, k]) => (performance.mark(`byte-pass-${k}`), globalThis[n](globalThis.data)), [name, order.length]);
      order.push(name);
    }
  }
  await cdp.send('Tracing.end');
  await complete;
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined);
  const res = Object.fromEntries(trees.map(([n]) => [n, []]));
  order.forEach((name, k) => {
    const mark = events.find((e) => e.name === `byte-pass-${k}`);
    const task = mark && tasks.find((t) => t.tid === mark.tid && t.ts <= mark.ts && mark.ts <= t.ts + t.dur);
    if (!task) throw new Error(`pass ${k}: no task found in the trace`);
    res[name].push(task.tdur / 1000 / mib);
  });
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const med = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
  const p95 = (xs) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];
  for (const [n] of trees) {
    const xs = res[n];
    console.log(`${n} (CPU, ${mix}): median ${med(xs).toFixed(3)} ms/MiB, p95 ${p95(xs).toFixed(3)}, range ${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}; check ${checks[n]}`);
  }
  if (res.before) {
    const ratio = res.after.map((a, i) => a / res.before[i]);
    console.log(`after/before (CPU) per round: median ${med(ratio).toFixed(3)}, p95 ${p95(ratio).toFixed(3)}, range ${Math.min(...ratio).toFixed(3)}–${Math.max(...ratio).toFixed(3)}`);
  }
} finally {
  await browser.close();
  fs.rmSync(out, { recursive: true, force: true });
}

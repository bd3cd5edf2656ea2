/**
 * `node bench/cli-index-speed.mjs FILE RUNS name=dist-cli/cli.js …`: the CLI's `replay` (a count
 * window of 120, and a 65,536-token budget) and `tokens` of one big file on its line index, at v0.2
 * and main, as whole processes: each named build, and nanobot main's own SessionManager
 * (bench/cli_baseline.py, `source /tmp/nanobot-env-main.sh` first) on a copy laid out as main keeps
 * it, interleaved in each run (the order rotating). Prints user+sys CPU and peak RSS (/usr/bin/time),
 * medians with their ranges, each build's ratio to the first build and to nanobot, and whether every
 * build wrote the same bytes. For a before/after of a change on a shared machine (issue 39).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [file, runsArg, ...named] = process.argv.slice(2);
if (!file || !named.length) throw new Error('usage: node bench/cli-index-speed.mjs FILE RUNS name=path/to/cli.js …');
const runs = Number(runsArg);
const builds = named.map((s) => s.split('='));
const python = process.env.NANOBOT_PYTHON;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-speed-'));
const home = path.join(root, 'home');
fs.mkdirSync(home);
const baseline = path.resolve('bench/cli_baseline.py');
const env = { ...process.env, HOME: home, BENCH_NANOBOT: 'main', BENCH_WORKSPACE: path.join(root, 'workspace') };
let mainFile = null;
if (python && process.env.NANOBOT_SRC) {
  const r = spawnSync(python, [baseline, 'init', path.join(root, 'sessions-root')], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(r.stderr);
  const key = JSON.parse(fs.readFileSync(file, 'utf8').slice(0, 4096).split('\n')[0]).key;
  mainFile = path.join(r.stdout.trim().split('\n')[0], Buffer.from(key).toString('base64url') + '.jsonl');
  fs.copyFileSync(file, mainFile);
}

const cases = [];
for (const v of ['v0.2', 'main']) {
  cases.push({ label: `replay --max-messages 120 (${v})`, ours: ['replay', file, '--json', '--max-messages', '120', '--nanobot', v], nanobot: ['replay', mainFile, '120'] });
  cases.push({ label: `replay --max-tokens 65536 (${v})`, ours: ['replay', file, '--json', '--max-tokens', '65536', '--nanobot', v], nanobot: ['replay-budget', mainFile, '65536'] });
  cases.push({ label: `tokens (${v})`, ours: ['tokens', file, '--json', '--nanobot', v], nanobot: ['tokens', mainFile] });
}

function measure(cmd, args, out, e) {
  const fd = fs.openSync(out, 'w');
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', cmd, ...args], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', env: e });
  fs.closeSync(fd);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr.slice(-400)}`);
  const [u, s, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { cpu: Math.round((u + s) * 1000), mib: kb / 1024 };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs)} ms (${Math.min(...xs)}–${Math.max(...xs)})`;

console.log(`| case | ${builds.map(([n]) => `${n} CPU`).join(' | ')} | ${mainFile ? 'nanobot main CPU | ' : ''}${builds.slice(1).map(([n]) => `${n} ÷ ${builds[0][0]}`).join(' | ')} | ${mainFile ? builds.map(([n]) => `${n} ÷ nanobot`).join(' | ') + ' | ' : ''}peak RSS (MiB) | same bytes |`);
console.log(`|${' --- |'.repeat(1 + builds.length + (mainFile ? 1 : 0) + (builds.length - 1) + (mainFile ? builds.length : 0) + 2)}`);
for (const c of cases) {
  const got = Object.fromEntries([...builds.map(([n]) => n), 'nanobot'].map((n) => [n, []]));
  const outs = {};
  for (let r = 0; r < runs; r++) {
    const order = [...builds.map(([n, p]) => ({ n, run: (o) => measure('node', [p, ...c.ours], o) })), ...(mainFile ? [{ n: 'nanobot', run: (o) => measure(python, [baseline, ...c.nanobot], o, env) }] : [])];
    for (let k = 0; k < r % order.length; k++) order.push(order.shift());
    for (const { n, run } of order) {
      outs[n] = path.join(root, `${n}.out`);
      got[n].push(run(outs[n]));
    }
  }
  const cpu = (n) => got[n].map((x) => x.cpu);
  const first = builds[0][0];
  const same = builds.every(([n]) => fs.readFileSync(outs[n]).equals(fs.readFileSync(outs[first])));
  const cells = [c.label, ...builds.map(([n]) => fmt(cpu(n)))];
  if (mainFile) cells.push(fmt(cpu('nanobot')));
  for (const [n] of builds.slice(1)) cells.push(`${(median(cpu(n)) / median(cpu(first))).toFixed(2)}×`);
  if (mainFile) for (const [n] of builds) cells.push(`${(median(cpu(n)) / median(cpu('nanobot'))).toFixed(2)}×`);
  cells.push([...builds.map(([n]) => n), ...(mainFile ? ['nanobot'] : [])].map((n) => `${n} ${median(got[n].map((x) => x.mib)).toFixed(0)}`).join(', '));
  cells.push(same ? 'yes' : 'NO');
  console.log(`| ${cells.join(' | ')} |`);
}
fs.rmSync(root, { recursive: true, force: true });

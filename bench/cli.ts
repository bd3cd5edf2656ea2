/**
 * `npm run bench -- cli`: each CLI command as a whole process (time and peak RSS) against nanobot's
 * work in Python, measured in the same run, interleaved: nanobot's own SessionManager at the version
 * under test when NANOBOT_SRC is set (`eval "$(../shared/nanobot/setup.sh <v>)"`, any release from v0.1.4 or
 * v0.2, v0.3.0, main; BENCH_CLI_OPS=replay,tokens,format before 0.1.4.post6, whose code has no retention to trim by; main's files laid out as
 * main keeps them, under a sessions root outside the workspace), else bench/cli_baseline.py's
 * re-enactment; the baseline runs with HOME a scratch folder. Sessions of 1,000 / 10,000 messages
 * (BENCH_BIG=1 adds 50,000 and 150,000), each also trimmed to its last 500 (`trim --write` on a fresh
 * copy per run), and folders of 100 / 1,000 sessions (BENCH_BIG=1 adds 10,000), generated here. Each
 * figure says whether issue 31's goal holds or misses: ≤ 0.5× the baseline's whole-process time,
 * ≤ 1.0× its peak memory, ≤ 1.0× its time after its imports (from 10k messages). Both sides write to /dev/null
 * (nanobot's save writes a file; nothing is piped back to this process).
 * BENCH_CLI_BEFORE=path/to/an/older/cli.js also runs that build, interleaved in the same runs, so a
 * change's before and after are measured side by side.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './core';
import { rulesOf, versionNamed, type NanobotVersion } from '../src/core/nanobot/nanobot-version';
import { sessionBody, sessionHead } from './listing';
import { median, p95 } from './stats';

const repo = process.cwd();
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 5);
const timeBin = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/**
 * How each process is timed: bench/cli_rusage.py (wait4's CPU time in microseconds, and the wall time
 * from its fork) where a python3 runs it, else /usr/bin/time (CPU in hundredths of a second: ±10 ms
 * is a tenth of a small file's run, too coarse for a ratio to another build near 1.0×).
 */
const rusage = spawnSync('python3', ['-c', 'import os; os.wait4'], { stdio: 'ignore' }).status === 0 ? path.join(repo, 'bench/cli_rusage.py') : null;

/**
 * One whole process: its wall time, peak RSS and CPU time (user + system; with neither python3 nor
 * /usr/bin/time, none). On a busy machine the wall clock moves with the load; the CPU a process used moves far less.
 */
function measure(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Sample {
  const devNull = fs.openSync('/dev/null', 'w');
  const t = performance.now();
  const r = rusage
    ? spawnSync('python3', [rusage, cmd, ...args], { encoding: 'utf8', stdio: ['ignore', devNull, 'pipe'], env })
    : timeBin
      ? spawnSync(timeBin, ['-f', '%U %S %M', cmd, ...args], { encoding: 'utf8', stdio: ['ignore', devNull, 'pipe'], env })
      : spawnSync(process.execPath, ['-e', `const r=require('child_process').spawnSync(${JSON.stringify(cmd)},${JSON.stringify(args)},{stdio:'ignore'});process.stderr.write(String(require('process').resourceUsage().maxRSS))`], { encoding: 'utf8' });
  const ms = performance.now() - t;
  fs.closeSync(devNull);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-400)}`);
  const last = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  // The baseline says how long it ran after its imports (bench/cli_baseline.py).
  const after = /after-import-ms ([\d.]+)/.exec(r.stderr);
  const afterImport = after ? Number(after[1]) : NaN;
  if (rusage) return { ms: last[0]!, cpu: last[1]! + last[2]!, kb: last[3]!, afterImport };
  return timeBin ? { ms, kb: last[2]!, cpu: (last[0]! + last[1]!) * 1000, afterImport } : { ms, kb: last[0]!, cpu: NaN, afterImport };
}

const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** A session of `n` messages: the listing bench's metadata line, then its realistic 4-message blocks. */
function writeSession(file: string, n: number, i = 0): void {
  const block = sessionBody(1);
  const lines = block.split('\n').filter(Boolean);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, sessionHead(i)); // metadata + the first user message
  for (let k = 1; k < n; k += lines.length) fs.writeSync(fd, lines.slice(0, Math.min(lines.length, n - k)).join('\n') + '\n');
  fs.closeSync(fd);
}

interface Case {
  label: string;
  /** The command's arguments after the CLI's path. */
  ours: string[];
  base: string[];
  /** Before each run of either side (a write command gets a fresh copy of its file). */
  prepare?: () => void;
  /** The baseline's environment (nanobot main: its workspace). */
  env: NodeJS.ProcessEnv;
  /** Whether issue 31's goal on nanobot's time after its import applies (messages, from 10k on). */
  afterImportGoal?: boolean;
}

/** The file name a version gives a key (the version table's `fileStem`): base64url of its UTF-8 without padding, or v0.2's safe key. */
const fileName = (key: string, version: NanobotVersion) => (rulesOf(version).fileStem === 'base64url' ? Buffer.from(key).toString('base64url') : key.replaceAll(':', '_')) + '.jsonl';

/** Messages `trim` keeps in the bench: a window, as nanobot's own hard trims keep one. */
const TRIM_KEEP = 500;

/** The token budget of main's replay case: a 64k-token history, as a mid-sized model's loop gives. */
const BUDGET = 64_000;

/** A process's wall time (ms), peak RSS (KiB) and CPU time (ms; NaN without /usr/bin/time). */
type Sample = { ms: number; kb: number; cpu: number; afterImport: number };

/** Runs the CLI benchmark; figures are ratios to the Python baseline of the same run. */
export async function benchCli(): Promise<Figure[]> {
  const b = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
  if (b.status !== 0) throw new Error('build:cli failed');
  const cli = path.join(repo, 'dist-cli/cli.js');
  // The interpreter itself, not a launcher: a pyenv shim (bash and pyenv processes before Python
  // starts) added 0.3–1.5 s to every baseline run here, more than listing 10,000 sessions takes.
  const python = process.env.NANOBOT_PYTHON || spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout?.trim() || 'python3';
  const src = process.env.NANOBOT_SRC;
  // The nanobot version under test: BENCH_NANOBOT (a version or a release's tag), else the one NANOBOT_SRC holds
  // (setup.sh's folder nanobot-<tag or version>, e.g. /tmp/nanobot-v0.1.4 for release 0.1.4).
  const named = process.env.BENCH_NANOBOT ?? (src ? /nanobot-([\w.]+)$/.exec(path.resolve(src))?.[1] : undefined) ?? 'v0.2';
  const found = versionNamed(named);
  if (!found) throw new Error(`BENCH_NANOBOT: not a nanobot version: ${named}`);
  const version: NanobotVersion = found;
  const main = !!src && version === 'main';
  const tiktoken = spawnSync(python, ['-c', 'import tiktoken']).status === 0;
  const baseline = `${src ? `nanobot ${version}'s own SessionManager (NANOBOT_SRC=${src}${main ? ', sessions_root, <root>/<workspace id>/<base64url(key)>.jsonl' : ''})` : 'bench/cli_baseline.py (re-enactment: json.loads per line, listing.py)'} run by ${python}, HOME a scratch folder; tokens ${tiktoken ? "counted with tiktoken's cl100k" : 'not counted (no tiktoken here: that baseline is too fast)'}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cli-'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  const env = { ...process.env, HOME: home, BENCH_NANOBOT: main ? 'main' : version };
  /** A folder of sessions as the version under test keeps them, and the baseline's environment for it. */
  const sessionsFolder = (name: string): { dir: string; env: NodeJS.ProcessEnv; file: (i: number) => string } => {
    if (!main) {
      const dir = path.join(root, name, 'sessions');
      fs.mkdirSync(dir, { recursive: true });
      // Named as the version names them: v0.3.0's SessionManager moves a safe-key file to its base64url
      // name when it loads it (the first baseline run took the file from under every later run).
      return { dir, env, file: (i) => path.join(dir, fileName(`bench:s${i}`, version)) };
    }
    const caseEnv = { ...env, BENCH_WORKSPACE: path.join(root, name, 'workspace') };
    const r = spawnSync(python, [path.join(repo, 'bench/cli_baseline.py'), 'init', path.join(root, name, 'sessions-root')], { encoding: 'utf8', env: caseEnv });
    if (r.status !== 0) throw new Error(`nanobot main's SessionManager did not start: ${r.stderr.slice(-400)}`);
    const dir = r.stdout.trim().split('\n')[0]!;
    return { dir, env: caseEnv, file: (i) => path.join(dir, fileName(`bench:s${i}`, version)) };
  };
  const figures: Figure[] = [];
  /** One line per case for the table printed at the end (the figures above, side by side). */
  const table: string[] = [];
  const flags = ['--nanobot', version];
  try {
    const cases: Case[] = [];
    // BENCH_BIG=1 adds the sizes the goals name at their top: 150,000 messages and 10,000 sessions.
    const sizes = [1000, 10000, ...(process.env.BENCH_BIG ? [50000, 150000] : [])];
    for (const n of sizes) {
      const first = cases.length;
      const f = sessionsFolder(`m${n}`);
      const file = f.file(0);
      writeSession(file, n);
      const mb = (fs.statSync(file).size / 1e6).toFixed(1);
      const size = `${n.toLocaleString('en')} messages (${mb} MB)`;
      if (main) {
        // main's agent loop replays under a token budget with no count window; an explicit window of 120 too.
        cases.push({ label: `replay --max-tokens ${BUDGET} ${size}`, ours: ['replay', file, '--json', '--max-tokens', String(BUDGET), ...flags], base: ['replay-budget', file, String(BUDGET)], env: f.env });
        cases.push({ label: `replay --max-messages 120 ${size}`, ours: ['replay', file, '--json', '--max-messages', '120', ...flags], base: ['replay', file, '120'], env: f.env });
      } else cases.push({ label: `replay ${size}`, ours: ['replay', file, '--json', ...flags], base: ['replay', file], env: f.env });
      for (const op of ['tokens', 'format']) cases.push({ label: `${op} ${size}`, ours: [op, file, '--json', ...flags], base: [op, file], env: f.env });
      // `load` prints a summary of both lenses (the baseline: nanobot's load and its count); `--json`
      // prints both lenses whole (the baseline: the loaded session as one json.dumps document).
      cases.push({ label: `load ${size}`, ours: ['load', file, ...flags], base: ['load', file], env: f.env });
      cases.push({ label: `load --json ${size}`, ours: ['load', file, '--json', ...flags], base: ['load-json', file], env: f.env });
      // trim writes: each side trims its own copy, made afresh before every run.
      // Each copy stores its own key, so nanobot's get_or_create(key) loads and saves that copy (a copy
      // storing bench:s0 had v0.2's baseline trim the original file, and every later run a 500-message one).
      const ours = path.join(f.dir, fileName('bench:trim-ours', version));
      const base = path.join(f.dir, fileName('bench:trim-base', version));
      const copyAs = (to: string, key: string) => {
        const bytes = fs.readFileSync(file);
        const nl = bytes.indexOf(10);
        const head = bytes.subarray(0, nl).toString('utf8').replace('"key": "bench:s0"', `"key": ${JSON.stringify(key)}`);
        fs.writeFileSync(to, Buffer.concat([Buffer.from(head), bytes.subarray(nl)]));
      };
      cases.push({
        label: `trim to ${TRIM_KEEP} of ${size}, --write`,
        ours: ['trim', ours, String(TRIM_KEEP), '--write', ...flags],
        base: ['trim', base, String(TRIM_KEEP)],
        env: f.env,
        prepare: () => {
          copyAs(ours, 'bench:trim-ours');
          copyAs(base, 'bench:trim-base');
        },
      });
      for (const c of cases.slice(first)) c.afterImportGoal = n >= 10000;
    }
    for (const count of [100, 1000, ...(process.env.BENCH_BIG ? [10000] : [])]) {
      const f = sessionsFolder(`f${count}`);
      const body = sessionBody(20_000);
      for (let i = 0; i < count; i++) fs.writeFileSync(f.file(i), sessionHead(i) + body);
      cases.push({ label: `list ${count.toLocaleString('en')} sessions`, ours: ['list', f.dir, '--json', ...flags], base: ['list', f.dir], env: f.env });
    }
    const before = process.env.BENCH_CLI_BEFORE ? path.resolve(process.env.BENCH_CLI_BEFORE) : null;
    // BENCH_CLI_OPS=load,format runs only the cases whose label starts with one of them.
    const only = process.env.BENCH_CLI_OPS?.split(',');
    // What any process of each runtime costs before it does anything, measured in every run beside the
    // cases: a figure's RSS over an empty `node -e ""` is what the CLI itself holds.
    const emptyNode: Sample[] = [];
    const emptyPython: Sample[] = [];
    const empties = () => {
      emptyNode.push(measure(process.execPath, ['-e', '']));
      emptyPython.push(measure(python, ['-c', '']));
    };
    for (const c of cases.filter((c) => !only || only.some((o) => c.label.startsWith(o + ' ')))) {
      const ours: Sample[] = [];
      const base: Sample[] = [];
      const old: Sample[] = [];
      c.prepare?.();
      measure(process.execPath, [cli, ...c.ours]); // warm the disk cache for all
      for (let r = 0; r < RUNS; r++) {
        c.prepare?.();
        ours.push(measure(process.execPath, [cli, ...c.ours]));
        base.push(measure(python, [path.join(repo, 'bench/cli_baseline.py'), ...c.base], c.env));
        empties();
        if (before) {
          c.prepare?.();
          old.push(measure(process.execPath, [before, ...c.ours]));
        }
      }
      const tOurs = median(ours.map((x) => x.ms));
      const tBase = median(base.map((x) => x.ms));
      const mOurs = median(ours.map((x) => x.kb));
      const mBase = median(base.map((x) => x.kb));
      const holds = (x: number, goal = 1) => (x <= goal ? 'holds' : 'misses');
      // Each run's ratio to the baseline run beside it: on a busy machine the pairs share their load.
      const perRun = (xs: Sample[], k: keyof Sample) => {
        const r = xs.map((x, i) => x[k] / base[i]![k]);
        return `per-run ratio median ${median(r).toFixed(2)}×, p95 ${p95(r).toFixed(2)}× (${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)})`;
      };
      figures.push({ name: `${c.label}: time`, value: tOurs / tBase, unit: '× baseline', note: `median ${tOurs.toFixed(0)} ms (${spread(ours.map((x) => x.ms))}) vs ${tBase.toFixed(0)} ms (${spread(base.map((x) => x.ms))}), ${RUNS} runs; ${perRun(ours, 'ms')}; goal ≤ 0.5× ${holds(tOurs / tBase, 0.5)}` });
      const aBase = median(base.map((x) => x.afterImport));
      // The floor of this goal: an empty `node -e ""` of the same runs, beside nanobot's time after its import.
      const tNode = median(emptyNode.slice(-RUNS).map((x) => x.ms));
      const nodeFloor = tNode / aBase;
      if (Number.isFinite(aBase)) figures.push({ name: `${c.label}: time ÷ nanobot's after its import`, value: tOurs / aBase, unit: '× baseline', note: `our whole process ${tOurs.toFixed(0)} ms vs the baseline's ${aBase.toFixed(0)} ms after its imports (${spread(base.map((x) => x.afterImport))}); an empty node takes ${tNode.toFixed(0)} ms, ${nodeFloor.toFixed(2)}× that${nodeFloor >= 1 ? ': no Node process can meet this goal here' : ''}; ${c.afterImportGoal ? `goal ≤ 1.0× (from 10k messages) ${holds(tOurs / aBase)}` : 'no goal here (issue 31 sets this one from 10k messages)'}` });
      if (rusage || timeBin) {
        const cOurs = median(ours.map((x) => x.cpu));
        const cBase = median(base.map((x) => x.cpu));
        figures.push({ name: `${c.label}: CPU`, value: cOurs / cBase, unit: '× baseline', note: `user + system, median ${cOurs.toFixed(0)} ms (${spread(ours.map((x) => x.cpu))}) vs ${cBase.toFixed(0)} ms (${spread(base.map((x) => x.cpu))}); ${perRun(ours, 'cpu')}; empty node ${median(emptyNode.slice(-RUNS).map((x) => x.cpu)).toFixed(0)} ms vs empty python ${median(emptyPython.slice(-RUNS).map((x) => x.cpu)).toFixed(0)} ms` });
      }
      const mNode = median(emptyNode.slice(-RUNS).map((x) => x.kb));
      const mPy = median(emptyPython.slice(-RUNS).map((x) => x.kb));
      const overEmpty = `${(mOurs / mNode).toFixed(2)}× an empty node (${(mNode / 1024).toFixed(0)} MiB), ${((mOurs - mNode) / 1024).toFixed(0)} MiB over it vs the baseline's ${((mBase - mPy) / 1024).toFixed(0)} MiB over an empty python3 (${(mPy / 1024).toFixed(0)} MiB)`;
      // Node's own start is a floor no command goes under (≈ 40 MiB, 4.7× an empty Python): what each side holds above its runtime's empty process.
      const above = (mOurs - mNode) / (mBase - mPy);
      figures.push({ name: `${c.label}: peak RSS above the runtime's empty process`, value: above, unit: '× baseline', note: `${((mOurs - mNode) / 1024).toFixed(1)} MiB over an empty node vs ${((mBase - mPy) / 1024).toFixed(1)} MiB over an empty python (medians of this case's runs); goal ≤ 1.0× above the floor ${holds(above)}` });
      const cpuCell = rusage || timeBin ? (() => {
        const cOurs = median(ours.map((x) => x.cpu));
        const cBase = median(base.map((x) => x.cpu));
        return `${(cOurs / cBase).toFixed(2)}× (${cOurs.toFixed(0)} vs ${cBase.toFixed(0)} ms)`;
      })() : '—';
      const mib = (kb: number) => (kb / 1024).toFixed(1);
      table.push(
        `| ${c.label} | ${(tOurs / tBase).toFixed(2)}× (${spread(ours.map((x) => x.ms))} vs ${spread(base.map((x) => x.ms))} ms) | ${cpuCell} | ${Number.isFinite(aBase) ? `${(tOurs / aBase).toFixed(2)}× (empty node ${nodeFloor.toFixed(2)}×; ${aBase.toFixed(0)} ms)${c.afterImportGoal ? ` ${holds(tOurs / aBase)}` : ''}` : '—'} | ${(mOurs / mBase).toFixed(2)}× (${mib(mOurs)} vs ${mib(mBase)} MiB) | ${mib(mNode)} / ${mib(mPy)} MiB | ${above.toFixed(2)}× (${mib(mOurs - mNode)} vs ${mib(mBase - mPy)} MiB) | ${holds(tOurs / tBase, 0.5)} / ${holds(mOurs / mBase)} / ${holds(above)} |`,
      );
      figures.push({ name: `${c.label}: peak RSS`, value: mOurs / mBase, unit: '× baseline', note: `median ${(mOurs / 1024).toFixed(0)} MiB (${spread(ours.map((x) => x.kb / 1024))}) vs ${(mBase / 1024).toFixed(0)} MiB (${spread(base.map((x) => x.kb / 1024))}); ${perRun(ours, 'kb')}; ${overEmpty}; goal ≤ 1.0× ${holds(mOurs / mBase)}` });
      if (before) {
        const tOld = median(old.map((x) => x.ms));
        const mOld = median(old.map((x) => x.kb));
        figures.push({ name: `${c.label}: before (BENCH_CLI_BEFORE)`, value: tOld / tBase, unit: '× baseline time', note: `${(mOld / mBase).toFixed(2)}× its peak RSS (${(mOld / mNode).toFixed(2)}× an empty node); median ${tOld.toFixed(0)} ms (${spread(old.map((x) => x.ms))}), ${(mOld / 1024).toFixed(0)} MiB (${spread(old.map((x) => x.kb / 1024))}); time ${perRun(old, 'ms')}; the build under test ÷ this one, per run: ${(() => {
          const r = ours.map((x, i) => x.ms / old[i]!.ms);
          const c = ours.map((x, i) => x.cpu / old[i]!.cpu);
          return `time median ${median(r).toFixed(2)}×, p95 ${p95(r).toFixed(2)}×${rusage || timeBin ? `; CPU median ${median(c).toFixed(2)}×, p95 ${p95(c).toFixed(2)}×` : ''}`;
        })()}` });
      }
    }
    figures.push({ name: 'baseline', value: RUNS, unit: 'runs each', note: baseline });
    if (table.length) {
      // Node's own start is a floor no command goes under (an empty `node -e ""` is ~4.7× an empty
      // Python): beside each raw ratio, what each side holds above its runtime's empty process.
      console.log(
        [
          `\nThe CLI against ${baseline}; medians of ${RUNS} runs, interleaved; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`,
          `| command (--nanobot ${version}) | wall: ours ÷ nanobot (ranges) | CPU (user + system) | wall ÷ nanobot's time after its import (an empty node's ÷ it; that time), goal ≤ 1.0× from 10k messages | peak RSS, raw: ours ÷ nanobot | empty node / empty python | peak RSS above the floor: (ours − empty node) ÷ (nanobot − empty python) | goals: wall ≤ 0.5× / raw RSS ≤ 1.0× / above floor ≤ 1.0× |`,
          '| --- | --- | --- | --- | --- | --- | --- | --- |',
          ...table,
        ].join('\n'),
      );
    }
    if (emptyNode.length) {
      const kb = (xs: Sample[]) => median(xs.map((x) => x.kb));
      figures.push({ name: 'an empty process: node -e "" vs python3 -c ""', value: kb(emptyNode) / kb(emptyPython), unit: '× peak RSS', note: `${(kb(emptyNode) / 1024).toFixed(1)} MiB (${spread(emptyNode.map((x) => x.kb / 1024))}) vs ${(kb(emptyPython) / 1024).toFixed(1)} MiB, ${median(emptyNode.map((x) => x.ms)).toFixed(0)} ms vs ${median(emptyPython.map((x) => x.ms)).toFixed(0)} ms, ${emptyNode.length} runs each: no Node process is under ${(kb(emptyNode) / kb(emptyPython)).toFixed(1)}× an empty Python's memory` });
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  return figures;
}

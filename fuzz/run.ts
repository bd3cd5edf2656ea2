/**
 * `npm run fuzz -- --version v0.2|v0.3.0|main [--minutes N] [--seed S]`: the differential fuzzer.
 * fast-check makes a session key and file (fuzz/arbitraries.ts), nanobot's own code answers every
 * question the golden corpora ask about it (fuzz/oracle.py, one long-lived process), and the core's
 * answers are checked against them (fuzz/check.ts). A case whose mismatches are of a kind not met
 * before is shrunk and written with nanobot's answer to test/fuzz-found/pending/<version>/; cases
 * of known kinds are counted. At the end one line says how many cases were tried and found.
 *
 *   --replay DIR    check the cases of a corpus folder against the core (no Python): exit 1 on a mismatch
 *   --promote       replay the pending cases of --version; move the ones that pass to test/fuzz-found/<v>/
 *   --classify      recheck the pending cases of --version and rewrite their families (kinds, rule guessed)
 *   --keep N        also keep N passing cases (10 to 60 lines, under 64 KiB of answer) as regression cases
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { isNanobotVersion, type NanobotVersion } from '../src/core/nanobot-version';
import { fuzzCase, type FuzzCase } from './arbitraries';
import { caseContext, checkAgainst, kindsOf, type CheckResult } from './check';
import { guessRule } from './families';
import { addCase, caseNames, families, moveCase, readCase, setFamilies } from './found';
import { Oracle, OracleError } from './oracle-process';
import { show } from '../test/golden/compare';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const FOUND = join(REPO, 'test', 'fuzz-found');

interface Args {
  version?: NanobotVersion;
  minutes: number;
  seed: number;
  replay?: string;
  promote: boolean;
  classify: boolean;
  batch: number;
  shrinkSteps: number;
  /** Passing cases to keep in test/fuzz-found/<version>/ as regression cases (hostile files nanobot answered). */
  keep: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { minutes: 5, seed: Date.now() % 2 ** 31, promote: false, classify: false, batch: 100, shrinkSteps: 300, keep: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--version') {
      const v = next();
      if (!isNanobotVersion(v)) throw new Error(`--version: one of v0.2, v0.3.0, main (not ${v})`);
      a.version = v;
    } else if (arg === '--minutes') a.minutes = Number(next());
    else if (arg === '--seed') a.seed = Number(next());
    else if (arg === '--replay') a.replay = resolve(next());
    else if (arg === '--promote') a.promote = true;
    else if (arg === '--classify') a.classify = true;
    else if (arg === '--batch') a.batch = Number(next());
    else if (arg === '--shrink-steps') a.shrinkSteps = Number(next());
    else if (arg === '--keep') a.keep = Number(next());
    else throw new Error(`unknown argument ${arg}`);
  }
  return a;
}

const lineCount = (b: Uint8Array) => b.reduce((n, x) => n + (x === 10 ? 1 : 0), 0);
const sha8 = (c: FuzzCase) => createHash('sha256').update(c.key).update('\0').update(c.bytes).digest('hex').slice(0, 10);

function firstMismatch(r: CheckResult): string {
  if (r.crash) return `core threw ${r.crash}`;
  const m = r.mismatches[0];
  return m ? `${m.where.split(' ').slice(1).join(' ')}: nanobot ${show(m.expected).slice(0, 200)} / lens ${show(m.actual).slice(0, 200)}` : '';
}

/** Checks every case of a corpus folder (its nanobot answers as stored); returns the failing names. */
async function replay(dir: string, version: NanobotVersion, quiet = false): Promise<string[]> {
  const ctx = await caseContext(version);
  const failing: string[] = [];
  for (const name of caseNames(dir)) {
    const { g, bytes } = readCase(dir, name);
    const r = checkAgainst(g, bytes, ctx, name);
    if (r.crash || r.mismatches.length) {
      failing.push(name);
      if (!quiet) console.log(`${name}: ${kindsOf(r).join(', ')}\n  ${firstMismatch(r)}`);
    }
  }
  console.log(`replay ${dir} (${version}): ${caseNames(dir).length} cases, ${failing.length} failing`);
  return failing;
}

async function fuzz(version: NanobotVersion, args: Args): Promise<void> {
  const pendingDir = join(FOUND, 'pending', version);
  const fixedDir = join(FOUND, version);
  // Kinds already written down (pending) are counted, not shrunk again.
  const known = new Set(Object.values(families(pendingDir)).flatMap((f) => f.kinds));
  const ctx = await caseContext(version);
  const oracle = new Oracle(version);
  const started = Date.now();
  const deadline = started + args.minutes * 60_000;
  const stats = { tried: 0, generated: 0, shrinkRuns: 0, disagreed: 0, oracleErrors: 0, newFamilies: 0, byKind: new Map<string, number>() };
  const arb = fuzzCase(version);
  let seed = args.seed;
  let kept = 0;
  console.log(`fuzz ${version}: seed ${seed}, ${args.minutes} min, known kinds: ${[...known].join(', ') || 'none'}`);

  const ask = async (c: FuzzCase) => {
    try {
      return await oracle.ask(c.key, c.bytes, `${sha8(c)}.jsonl`);
    } catch (e) {
      if (!(e instanceof OracleError)) throw e;
      stats.oracleErrors++;
      if (stats.oracleErrors <= 5) console.log(`oracle error (${stats.oracleErrors}): ${e.message.slice(-700)}`);
      return null;
    }
  };

  while (Date.now() < deadline) {
    let shrinking = false;
    let steps = 0;
    const prop = fc.asyncProperty(arb, async (c) => {
      stats.tried++;
      if (shrinking && ++steps > args.shrinkSteps) return true; // keep the smallest found so far
      if (shrinking) stats.shrinkRuns++;
      else stats.generated++;
      const answer = await ask(c);
      if (!answer) return true;
      const r = checkAgainst(answer.case, c.bytes, ctx);
      const kinds = kindsOf(r);
      if (!kinds.length) {
        if (!shrinking && kept < args.keep && answer.text.length < 65_536 && lineCount(c.bytes) >= 10 && stats.generated % 7 === 0) {
          addCase(fixedDir, version, sha8(c), answer.text, c.bytes);
          kept++;
        }
        return true;
      }
      if (!shrinking) {
        stats.disagreed++;
        for (const k of kinds) stats.byKind.set(k, (stats.byKind.get(k) ?? 0) + 1);
      }
      const fresh = kinds.some((k) => !known.has(k));
      if (fresh) shrinking = true;
      return !fresh;
    });
    const left = deadline - Date.now();
    const out = await fc.check(prop, { seed, numRuns: args.batch, interruptAfterTimeLimit: Math.max(1000, left), markInterruptAsFailure: false });
    seed++;
    if (!out.failed || !out.counterexample) continue;
    const [c] = out.counterexample;
    const answer = await ask(c);
    if (!answer) continue;
    const r = checkAgainst(answer.case, c.bytes, ctx);
    const kinds = kindsOf(r);
    const name = sha8(c);
    addCase(pendingDir, version, name, answer.text, c.bytes, { kinds, rule: guessRule(c.bytes, kinds, version, c.key) ?? undefined, first: firstMismatch(r) });
    for (const k of kinds) known.add(k);
    stats.newFamilies++;
    console.log(`found ${name} (${kinds.join(', ')}) after ${out.numShrinks} shrinks: key ${JSON.stringify(c.key)}, ${c.bytes.length} bytes\n  ${firstMismatch(r)}`);
  }
  oracle.stop();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const kinds = [...stats.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  const line = `fuzz ${version}: ${stats.generated} cases generated (+${stats.shrinkRuns} shrink runs) in ${minutes} min, seed ${args.seed}; ${stats.disagreed} disagreed${kinds ? ` (${kinds})` : ''}; ${stats.newFamilies} new families written; ${stats.oracleErrors} oracle errors; ${kept} passing cases kept; pending ${caseNames(pendingDir).length}, fixed ${caseNames(fixedDir).length}`;
  console.log(line);
  appendFileSync(join(FOUND, 'RUNS.md'), `- ${new Date().toISOString().slice(0, 16)}Z ${line}\n`);
}

/** The version a corpus folder was made at (`profile` in its `_index.json`). */
function corpusVersion(dir: string): NanobotVersion {
  const profile = (JSON.parse(readFileSync(join(dir, '_index.json'), 'utf8')) as { profile?: unknown }).profile ?? 'v0.2';
  if (typeof profile !== 'string' || !isNanobotVersion(profile)) throw new Error(`${dir}: unknown profile`);
  return profile;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.replay) {
    const failing = await replay(args.replay, args.version ?? corpusVersion(args.replay));
    process.exit(failing.length ? 1 : 0);
  }
  if (!args.version) throw new Error('--version v0.2|v0.3.0|main is required');
  if (args.classify) {
    const pending = join(FOUND, 'pending', args.version);
    const ctx = await caseContext(args.version);
    const fams = families(pending);
    for (const name of caseNames(pending)) {
      const { g, bytes } = readCase(pending, name);
      const r = checkAgainst(g, bytes, ctx, name);
      const kinds = kindsOf(r);
      fams[name] = { ...fams[name], kinds, rule: kinds.length ? (guessRule(bytes, kinds, args.version, g.key as string) ?? undefined) : 'passes now (--promote)', first: firstMismatch(r) };
    }
    setFamilies(pending, fams);
    console.log(`classified ${Object.keys(fams).length} pending case(s) of ${args.version}`);
    return;
  }
  if (args.promote) {
    const pending = join(FOUND, 'pending', args.version);
    const failing = new Set(await replay(pending, args.version, true));
    const passing = caseNames(pending).filter((n) => !failing.has(n));
    for (const n of passing) moveCase(pending, join(FOUND, args.version), args.version, n);
    console.log(`promoted ${passing.length} case(s) to test/fuzz-found/${args.version}/; ${failing.size} still pending`);
    return;
  }
  await fuzz(args.version, args);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
});

/**
 * `npm run fuzz -- --nanobot VERSION [--minutes N] [--seed S]`: the differential fuzzer, at any version of the
 * version table (a release 0.1.4 … 0.2.2 by pip name or tag, v0.2, v0.3.0, main; `--version` says the same). At a
 * release the oracle records what its code lacks and leaves those answers out, so the checks skip them.
 * fast-check makes a session key and file (fuzz/arbitraries.ts), nanobot's own code answers every
 * question the golden corpora ask about it (fuzz/oracle.py, one long-lived process), and the core's
 * answers are checked against them (fuzz/check.ts). A case whose mismatches are of a kind not met
 * before is shrunk and written with nanobot's answer to test/fuzz-found/pending/<version>/; cases
 * of known kinds are counted. At the end one line says how many cases were tried and found.
 *
 *   --replay DIR    check the cases of a corpus folder against the core (no Python): exit 1 on a mismatch
 *   --promote       replay the pending cases of --version; move the ones that pass to test/fuzz-found/<v>/
 *   --reask         ask nanobot again for every pending case of --version (e.g. after --frames changed), then classify
 *   --classify      recheck the pending cases of --version and rewrite their families (kinds, rule guessed)
 *   --frames N      extra Python frames under each call into nanobot (default 0; RecursionError boundaries move with it)
 *   --keep N        also keep N passing cases (10 to 60 lines, under 64 KiB of answer) as regression cases
 *   --family F      small (generated files and folders), big (files from 1 MiB, fuzz/big-files.ts, the CLI's
 *                   commands on its line index against nanobot's), or all (default: a big file after every
 *                   three small batches); a big finding is kept as its spec in test/fuzz-found/big/<v>/
 *   --big-write SPEC OUT   write the file a big finding's spec stands for (to rerun the CLI on it by hand)
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { isNanobotVersion, NANOBOT_VERSIONS, versionNamed, type NanobotVersion } from '../src/core/nanobot/nanobot-version';
import { fuzzCase, fuzzFolder, type FuzzCase, type FuzzFolder } from './arbitraries';
import { caseContext, checkAgainst, checkFolder, kindsOf, type CheckResult } from './check';
import { guessRule } from './families';
import { addCase, addListing, caseNames, families, listingNames, moveCase, moveListing, readCase, readListing, setFamilies, type Family } from './found';
import { Oracle, OracleError, type OracleAnswer } from './oracle-process';
import { bigFileBytes, bigSpec, partLevels, replaySettings, type BigSpec } from './big-files';
import { checkBig } from './big-check';
import type { PyDict } from '../src/core/python/pyvalue';
import { show } from '../test/golden/compare';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** Where findings go: the repo's own corpus (`FUZZ_FOUND` points elsewhere, e.g. for a trial run). */
const FOUND = process.env.FUZZ_FOUND ? resolve(process.env.FUZZ_FOUND) : join(REPO, 'test', 'fuzz-found');

/**
 * Extra frames by default: none. The core's recursion figures are nanobot called from a script's top
 * level (CALLER_FRAMES in src/core/nanobot/nanobot-version.ts), and the oracle calls nanobot as from
 * there (its `top()` gives its own frames back to the recursion limit).
 */
const DEFAULT_FRAMES = 0;

interface Args {
  version?: NanobotVersion;
  minutes: number;
  seed: number;
  replay?: string;
  promote: boolean;
  classify: boolean;
  reask: boolean;
  batch: number;
  shrinkSteps: number;
  /** Passing cases to keep in test/fuzz-found/<version>/ as regression cases (hostile files nanobot answered). */
  keep: number;
  frames: number;
  family: 'small' | 'big' | 'all';
  bigWrite?: [string, string];
}

function parseArgs(argv: string[]): Args {
  const a: Args = { minutes: 5, seed: Date.now() % 2 ** 31, promote: false, classify: false, reask: false, batch: 100, shrinkSteps: 300, keep: 0, frames: DEFAULT_FRAMES, family: 'all' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--version' || arg === '--nanobot') {
      const v = next();
      const named = versionNamed(v);
      if (!named) throw new Error(`${arg}: one of ${NANOBOT_VERSIONS.join(', ')} or a release's tag (not ${v})`);
      a.version = named;
    } else if (arg === '--minutes') a.minutes = Number(next());
    else if (arg === '--seed') a.seed = Number(next());
    else if (arg === '--replay') a.replay = resolve(next());
    else if (arg === '--promote') a.promote = true;
    else if (arg === '--classify') a.classify = true;
    else if (arg === '--reask') a.reask = true;
    else if (arg === '--batch') a.batch = Number(next());
    else if (arg === '--shrink-steps') a.shrinkSteps = Number(next());
    else if (arg === '--keep') a.keep = Number(next());
    else if (arg === '--frames') a.frames = Number(next());
    else if (arg === '--family') {
      const f = next();
      if (f !== 'small' && f !== 'big' && f !== 'all') throw new Error(`--family: small, big or all (not ${f})`);
      a.family = f;
    } else if (arg === '--big-write') a.bigWrite = [resolve(next()), resolve(next())];
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

/** Every case and listing scenario of a corpus folder, checked against its stored nanobot answers. */
async function recheck(dir: string, version: NanobotVersion): Promise<{ name: string; listing: boolean; r: CheckResult; bytes: Uint8Array; key: string }[]> {
  const ctx = await caseContext(version);
  const out = [];
  for (const name of caseNames(dir)) {
    const { g, bytes } = readCase(dir, name);
    out.push({ name, listing: false, r: checkAgainst(g, bytes, ctx, name), bytes, key: g.key as string });
  }
  for (const name of listingNames(dir)) {
    const { g, files } = readListing(dir, name);
    out.push({ name, listing: true, r: checkFolder(g, files, ctx, name), bytes: concatBytes(files.map((f) => f.bytes)), key: files[0]?.name ?? '' });
  }
  return out;
}

/** Checks every case of a corpus folder (its nanobot answers as stored); returns the failing names. */
async function replay(dir: string, version: NanobotVersion, quiet = false): Promise<string[]> {
  const all = await recheck(dir, version);
  const failing: string[] = [];
  for (const { name, r } of all) {
    if (r.crash || r.mismatches.length) {
      failing.push(name);
      if (!quiet) console.log(`${name}: ${kindsOf(r).join(', ')}\n  ${firstMismatch(r)}`);
    }
  }
  console.log(`replay ${dir} (${version}): ${all.length} cases, ${failing.length} failing`);
  return failing;
}

/** One thing the fuzzer generates and checks: a session file (and key), or a folder for the listing. */
interface Target<T> {
  label: string;
  arb: fc.Arbitrary<T>;
  name: (x: T) => string;
  ask: (x: T) => Promise<OracleAnswer>;
  check: (g: PyDict, x: T) => CheckResult;
  /** Writes the finding (family given) or a passing case kept for regression (no family). */
  save: (dir: string, x: T, text: string, family?: Family) => void;
  /** Worth keeping as a passing regression case. */
  keep: (x: T, text: string) => boolean;
  describe: (x: T) => string;
  bytesOf: (x: T) => Uint8Array;
  keyOf: (x: T) => string;
}

async function fuzz(version: NanobotVersion, args: Args): Promise<void> {
  const pendingDir = join(FOUND, 'pending', version);
  const fixedDir = join(FOUND, version);
  // Kinds already written down (pending) are counted, not shrunk again.
  const known = new Set(Object.values(families(pendingDir)).flatMap((f) => f.kinds));
  const ctx = await caseContext(version);
  const oracle = new Oracle(version, args.frames);
  const started = Date.now();
  const deadline = started + args.minutes * 60_000;
  const stats = { generated: 0, loaded: 0, folders: 0, shrinkRuns: 0, disagreed: 0, oracleErrors: 0, newFamilies: 0, byKind: new Map<string, number>(), big: 0, bigBytes: 0, bigChecks: 0, bigDisagreed: 0, bigByKind: new Map<string, number>() };
  let seed = args.seed;
  let kept = 0;
  console.log(`fuzz ${version}: seed ${seed}, ${args.minutes} min, ${args.frames} extra frames, known kinds: ${[...known].join(', ') || 'none'}`);

  const files: Target<FuzzCase> = {
    label: 'file',
    arb: fuzzCase(version),
    name: sha8,
    ask: (c) => oracle.ask(c.key, c.bytes, `${sha8(c)}.jsonl`),
    check: (g, c) => checkAgainst(g, c.bytes, ctx),
    save: (dir, c, text, family) => addCase(dir, version, sha8(c), text, c.bytes, family),
    keep: (c, text) => text.length < 65_536 && lineCount(c.bytes) >= 10,
    describe: (c) => `key ${JSON.stringify(c.key)}, ${c.bytes.length} bytes`,
    bytesOf: (c) => c.bytes,
    keyOf: (c) => c.key,
  };
  const folders: Target<FuzzFolder> = {
    label: 'folder',
    arb: fuzzFolder(version),
    name: (f) => 'ls-' + createHash('sha256').update(JSON.stringify(f.files.map((x) => [x.name, Buffer.from(x.bytes).toString('base64')]))).digest('hex').slice(0, 10),
    ask: (f) => oracle.askListing(f.files),
    check: (g, f) => checkFolder(g, f.files, ctx),
    save: (dir, f, text, family) => addListing(dir, version, folders.name(f), text, f.files, family),
    keep: () => false,
    describe: (f) => `${f.files.length} files: ${f.files.map((x) => JSON.stringify(x.name)).join(', ')}`,
    bytesOf: (f) => concatBytes(f.files.map((x) => x.bytes)),
    keyOf: (f) => f.files[0]?.name ?? '',
  };

  const ask = async <T>(t: Target<T>, x: T) => {
    try {
      return await t.ask(x);
    } catch (e) {
      if (!(e instanceof OracleError)) throw e;
      if (Date.now() >= deadline) return null; // the last request, cut off at the end
      stats.oracleErrors++;
      if (stats.oracleErrors <= 5) console.log(`oracle error (${stats.oracleErrors}): ${e.message.slice(-700)}`);
      return null;
    }
  };

  async function batch<T>(t: Target<T>): Promise<void> {
    let shrinking = false;
    let steps = 0;
    const prop = fc.asyncProperty(t.arb, async (x) => {
      if (shrinking && ++steps > args.shrinkSteps) return true; // keep the smallest found so far
      if (shrinking) stats.shrinkRuns++;
      else if (t === (files as unknown)) stats.generated++;
      else stats.folders++;
      const answer = await ask(t, x);
      if (!answer) return true;
      // How many generated files nanobot loads at all: at a release whose load gives up on any bad line, the
      // rest only check that both give up (a run's "0 disagreed" says how much it covered).
      if (!shrinking && t === (files as unknown) && (answer.case.load as PyDict | null)?.result) stats.loaded++;
      const kinds = kindsOf(t.check(answer.case, x));
      if (!kinds.length) {
        if (!shrinking && kept < args.keep && t.keep(x, answer.text) && stats.generated % 7 === 0) {
          t.save(fixedDir, x, answer.text);
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
    if (!out.failed || !out.counterexample) return;
    const [x] = out.counterexample;
    const answer = await ask(t, x);
    if (!answer) return;
    const r = t.check(answer.case, x);
    const kinds = kindsOf(r);
    if (!kinds.length) return;
    t.save(pendingDir, x, answer.text, { kinds, rule: guessRule(t.bytesOf(x), kinds, version, t.keyOf(x)) ?? undefined, first: firstMismatch(r) });
    for (const k of kinds) known.add(k);
    stats.newFamilies++;
    console.log(`found ${t.name(x)} (${kinds.join(', ')}) after ${out.numShrinks} shrinks: ${t.describe(x)}\n  ${firstMismatch(r)}`);
  }

  // Big files: one at a time, never shrunk (each is a MiB or more); a finding is kept as its spec.
  const bigDir = join(FOUND, 'big', version);
  // Kinds of the big findings already kept are counted, not kept again.
  for (const f of existsSync(bigDir) ? readdirSync(bigDir).filter((n) => n.endsWith('.json')) : []) {
    for (const m of (JSON.parse(readFileSync(join(bigDir, f), 'utf8')) as { mismatches: { kind: string; paths: string }[] }).mismatches) known.add(`big ${m.kind} [${m.paths}]`);
  }
  const bigArb = bigSpec(version);
  const settings = replaySettings(version);
  async function big(): Promise<void> {
    const [spec] = fc.sample(bigArb, { seed: seed++, numRuns: 1 }) as [BigSpec];
    const bytes = bigFileBytes(spec);
    let answer;
    try {
      answer = await oracle.askBig(spec.key, bytes, settings);
    } catch (e) {
      if (!(e instanceof OracleError)) throw e;
      if (Date.now() < deadline) stats.oracleErrors++;
      if (stats.oracleErrors <= 5) console.log(`oracle error on a big file: ${e.message.slice(-700)}`);
      return;
    }
    const r = await checkBig(bytes, spec.key, version, answer, settings);
    stats.big++;
    stats.bigBytes += bytes.length;
    stats.bigChecks += r.checks;
    if (!r.mismatches.length) return;
    stats.bigDisagreed++;
    const kinds = [...new Set(r.mismatches.map((m) => `${m.kind} [${m.paths}]`))].sort();
    for (const k of kinds) stats.bigByKind.set(k, (stats.bigByKind.get(k) ?? 0) + 1);
    const fresh = kinds.filter((k) => !known.has(`big ${k}`));
    if (!fresh.length) return; // a kind met before is counted, not kept again
    for (const k of kinds) known.add(`big ${k}`);
    const name = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 10);
    mkdirSync(bigDir, { recursive: true });
    writeFileSync(join(bigDir, `${name}.json`), JSON.stringify({ spec, parts: spec.parts.map((p) => `${p.kind}${partLevels(version, p) ? ` (${partLevels(version, p)} levels)` : ''} @ ${p.place}`), bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), nanobot_raises: answer.raises ?? null, mismatches: r.mismatches }, null, 1) + '\n');
    stats.newFamilies++;
    console.log(`big ${name} (${bytes.length} bytes; ${spec.parts.map((p) => `${p.kind}${partLevels(version, p) ? `(${partLevels(version, p)})` : ''}@${p.place}`).join(', ')}): ${fresh.join(', ')}\n  ${r.mismatches.find((m) => fresh.includes(`${m.kind} [${m.paths}]`))!.detail}`);
  }

  for (let round = 0; Date.now() < deadline; round++) {
    // Three batches of files, then one of folders; with --family all a big file after every three batches.
    if (args.family === 'big') await big();
    else if (round % 4 === 3) await batch(folders);
    else await batch(files);
    if (args.family === 'all' && round % 3 === 2 && Date.now() < deadline) await big();
  }
  oracle.stop();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const kinds = [...stats.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  const line = `fuzz ${version}: ${stats.generated} files (${stats.loaded} loaded by nanobot) and ${stats.folders} folders generated (+${stats.shrinkRuns} shrink runs) in ${minutes} min, seed ${args.seed}, ${args.frames} extra frames; ${stats.disagreed} disagreed${kinds ? ` (${kinds})` : ''}; ${stats.newFamilies} new families written; ${stats.oracleErrors} oracle errors; ${kept} passing cases kept; pending ${caseNames(pendingDir).length + listingNames(pendingDir).length}, fixed ${caseNames(fixedDir).length + listingNames(fixedDir).length}`;
  const bigKinds = [...stats.bigByKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  const bigLine = stats.big ? `; big files: ${stats.big} (${(stats.bigBytes / 2 ** 20).toFixed(1)} MiB, ${stats.bigChecks} command checks), ${stats.bigDisagreed} disagreed${bigKinds ? ` (${bigKinds})` : ''}` : '';
  console.log(line + bigLine);
  appendFileSync(join(FOUND, 'RUNS.md'), `- ${new Date().toISOString().slice(0, 16)}Z ${line}${bigLine}\n`);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length + 1;
    out[at - 1] = 10;
  }
  return out;
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
  if (args.bigWrite) {
    const [from, to] = args.bigWrite;
    const spec = (JSON.parse(readFileSync(from, 'utf8')) as { spec: BigSpec }).spec;
    writeFileSync(to, bigFileBytes(spec));
    console.log(`${to}: the file of ${from} (key ${JSON.stringify(spec.key)}, nanobot ${spec.version})`);
    return;
  }
  if (!args.version) throw new Error('--nanobot VERSION (or --version) is required: a release 0.1.4 … 0.2.2 (or its tag), v0.2, v0.3.0 or main');
  if (args.reask) {
    // Every recorded case, pending or fixed: nanobot's answers depend on --frames.
    const pending = join(FOUND, 'pending', args.version);
    const fixed = join(FOUND, args.version);
    const oracle = new Oracle(args.version, args.frames);
    let asked = 0;
    for (const dir of [pending, fixed]) {
      for (const name of caseNames(dir)) {
        const { g, bytes } = readCase(dir, name);
        const answer = await oracle.ask(g.key as string, bytes, g.fixture as string);
        addCase(dir, args.version, name, answer.text, bytes);
        asked++;
      }
      for (const name of listingNames(dir)) {
        const { files } = readListing(dir, name);
        addListing(dir, args.version, name, (await oracle.askListing(files)).text, files);
        asked++;
      }
    }
    oracle.stop();
    // A fixed case that no longer passes under the new answers goes back to pending.
    const failing = new Set(await replay(fixed, args.version, true));
    for (const n of failing) {
      if (caseNames(fixed).includes(n)) moveCase(fixed, pending, args.version, n);
      else moveListing(fixed, pending, args.version, n);
    }
    console.log(`asked nanobot again (${args.frames} extra frames) for ${asked} case(s) of ${args.version}; ${failing.size} fixed case(s) back to pending`);
  }
  if (args.classify || args.reask) {
    const pending = join(FOUND, 'pending', args.version);
    if (!existsSync(pending)) {
      console.log(`no pending case of ${args.version} to classify`);
      return;
    }
    const fams = families(pending);
    for (const { name, r, bytes, key } of await recheck(pending, args.version)) {
      const kinds = kindsOf(r);
      fams[name] = { ...fams[name], kinds, rule: kinds.length ? (guessRule(bytes, kinds, args.version, key) ?? undefined) : 'passes now (--promote)', first: firstMismatch(r) };
    }
    setFamilies(pending, fams);
    console.log(`classified ${Object.keys(fams).length} pending case(s) of ${args.version}`);
    return;
  }
  if (args.promote) {
    const pending = join(FOUND, 'pending', args.version);
    const failing = new Set(await replay(pending, args.version, true));
    const passing = [...caseNames(pending), ...listingNames(pending)].filter((n) => !failing.has(n));
    for (const n of passing) {
      if (caseNames(pending).includes(n)) moveCase(pending, join(FOUND, args.version), args.version, n);
      else moveListing(pending, join(FOUND, args.version), args.version, n);
    }
    console.log(`promoted ${passing.length} case(s) to test/fuzz-found/${args.version}/; ${failing.size} still pending`);
    return;
  }
  await fuzz(args.version, args);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
});

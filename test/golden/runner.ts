/**
 * The golden runner: every field of every case nanobot's own code answered, compared with the core
 * at the corpus's nanobot version (`profile` in its `_index.json`; absent means v0.2).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { isNanobotVersion, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict } from '../../src/core/python/pyvalue';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { readGolden } from '../golden-values';
import { checkCase, checkListing, type CaseContext } from './case';
import { newTally, show, type Tally } from './compare';

export interface CorpusRun {
  version: NanobotVersion;
  cases: number;
  tally: Tally;
}

/** The version a corpus was made at. */
export function corpusVersion(dir: string): NanobotVersion {
  const profile = (readGolden('_index.json', dir) as PyDict).profile ?? 'v0.2';
  if (!isNanobotVersion(profile)) throw new Error(`${dir}: unknown profile ${String(profile)}`);
  return profile;
}

/** Runs every case and listing scenario of a corpus; returns the tally. */
export async function runCorpus(dir: string): Promise<CorpusRun> {
  const version = corpusVersion(dir);
  const index = readGolden('_index.json', dir) as PyDict;
  const NOW = index.frozen_now as string;
  const MTIME = index.fixed_mtime_iso as string;
  const names = index.fixtures as string[];
  const divergent = new Set(((index.stock_js_tiktoken_divergent_texts as PyDict[]) ?? []).map((d) => d.text as string));
  const count = await loadTokenizer();
  const ctx: CaseContext = { version, now: NOW, mtime: MTIME, count, divergent };
  const tally = newTally();
  let cases = 0;

  function runCase(name: string, t: Tally) {
    const g = readGolden(`cases/${name}.json`, dir) as PyDict;
    checkCase(t, name, g, new Uint8Array(readFileSync(resolve(dir, 'fixtures', g.fixture as string))), ctx);
  }

  function runListingScenarios(t: Tally) {
    if (!existsSync(resolve(dir, '_listing.json'))) return; // a corpus of cases only (the fuzzer's findings)
    const golden = readGolden('_listing.json', dir) as PyDict;
    for (const scenario of Object.keys(golden)) {
      cases++;
      const g = golden[scenario] as PyDict;
      const folder = resolve(dir, 'fixtures', 'listing', scenario);
      const files = new Map(readdirSync(folder).sort().map((f) => [f, new Uint8Array(readFileSync(resolve(folder, f)))] as const));
      checkListing(t, `listing/${scenario}`, g, files, ctx);
    }
  }

  for (const name of names) {
    cases++;
    runCase(name, tally);
  }
  runListingScenarios(tally);
  return { version, cases, tally };
}

/** Fails with the first mismatch of each kind, or passes; prints the one summary line. */
export function expectNoMismatches(label: string, run: CorpusRun): void {
  const { tally } = run;
  console.log(`golden ${label} (${run.version}): ${run.cases} cases, ${tally.checks} checks, ${tally.mismatches.length} mismatches`);
  const kinds = new Map<string, typeof tally.mismatches>();
  for (const m of tally.mismatches) {
    const kind = (m.where.split(' ')[1] ?? m.where).replace(/\[.*/, '');
    kinds.set(kind, [...(kinds.get(kind) ?? []), m]);
  }
  const firsts = [...kinds.values()].map((ms) => ms[0]!);
  const shown = [...firsts, ...tally.mismatches].slice(0, 8).map((m) => `\n--- ${m.where}\nexpected: ${show(m.expected)}\nactual:   ${show(m.actual)}`);
  const byKind = [...kinds].map(([k, ms]) => `${k}: ${ms.length} (${[...new Set(ms.map((m) => m.where.split(' ')[0]))].slice(0, 8).join(' ')})`).join('; ');
  expect(tally.mismatches.length, `first mismatches:${shown.join('')}\nby kind: ${byKind}`).toBe(0);
}

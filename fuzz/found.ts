/**
 * The fuzzer's findings as corpora in the golden format, one per version:
 * `test/fuzz-found/<version>/` (cases the code passes: replayed by test/fuzz-found.test.ts) and
 * `test/fuzz-found/pending/<version>/` (cases it does not pass yet, each with its family in
 * `_families.json` and the README). Each holds `_index.json`, `cases/<name>.json` (nanobot's answer,
 * exactly as fuzz/oracle.py wrote it) and `fixtures/<name>.jsonl` (the file); a listing finding is
 * `fixtures/listing/<name>/` (the folder) and its answer in `_listing.json` (made from `listing/<name>.json`).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';
import type { PyDict } from '../src/core/python/pyvalue';
import { readGolden } from '../test/golden-values';
import { FIXED_MTIME_ISO, FROZEN_NOW } from './check';

export interface Family {
  /** What the mismatches are about (`load.result`, `history` …). */
  kinds: string[];
  /** The issue's rule, when known (filled in by hand). */
  rule?: string;
  /** A first mismatch, for the README. */
  first: string;
}

const index = (dir: string) => join(dir, '_index.json');

/** The names of a corpus's cases (none when the folder does not exist). */
export function caseNames(dir: string): string[] {
  if (!existsSync(index(dir))) return [];
  return (JSON.parse(readFileSync(index(dir), 'utf8')) as { fixtures: string[] }).fixtures;
}

function writeIndex(dir: string, version: NanobotVersion, names: string[]): void {
  const body = { format_version: 1, profile: version, frozen_now: FROZEN_NOW, fixed_mtime_iso: FIXED_MTIME_ISO, note: 'found by npm run fuzz (fuzz/run.ts): nanobot own answers', fixtures: names };
  writeFileSync(index(dir), JSON.stringify(body, null, 1) + '\n');
}

export function families(dir: string): Record<string, Family> {
  const f = join(dir, '_families.json');
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as Record<string, Family>) : {};
}

export function setFamilies(dir: string, fams: Record<string, Family>): void {
  writeFamilies(dir, fams);
}

function writeFamilies(dir: string, fams: Record<string, Family>): void {
  writeFileSync(join(dir, '_families.json'), JSON.stringify(fams, null, 1) + '\n');
  const lines = [
    '# Pending fuzz findings',
    '',
    'Cases `npm run fuzz` found where Session Lens and nanobot disagree and the code does not pass yet, with',
    "nanobot's own answer (`cases/`) and the file (`fixtures/`). `npm run fuzz -- --version <v> --promote` moves",
    'the ones the code passes into `test/fuzz-found/<v>/`, which `test/fuzz-found.test.ts` replays.',
    '',
    '| case | mismatching fields | rule of issue 28 (guessed) | first mismatch |',
    '| --- | --- | --- | --- |',
    ...Object.entries(fams).map(([n, f]) => `| \`${n}\` | ${f.kinds.join(', ')} | ${f.rule ?? 'none of them?'} | ${f.first.replaceAll('|', '\\|').replaceAll('\n', ' ').slice(0, 160)} |`),
    '',
  ];
  writeFileSync(join(dir, 'README.md'), lines.join('\n'));
}

/** Adds one case to a corpus folder. */
export function addCase(dir: string, version: NanobotVersion, name: string, caseText: string, bytes: Uint8Array, family?: Family): void {
  mkdirSync(join(dir, 'cases'), { recursive: true });
  mkdirSync(join(dir, 'fixtures'), { recursive: true });
  writeFileSync(join(dir, 'fixtures', `${name}.jsonl`), bytes);
  writeFileSync(join(dir, 'cases', `${name}.json`), caseText + '\n');
  const names = caseNames(dir);
  if (!names.includes(name)) writeIndex(dir, version, [...names, name]);
  if (family) writeFamilies(dir, { ...families(dir), [name]: family });
}

/** One case of a corpus: nanobot's answer (parsed), its text and the file's bytes. */
export function readCase(dir: string, name: string): { g: PyDict; text: string; bytes: Uint8Array } {
  const text = readFileSync(join(dir, 'cases', `${name}.json`), 'utf8').trimEnd();
  const g = readGolden(`cases/${name}.json`, dir) as PyDict;
  return { g, text, bytes: new Uint8Array(readFileSync(join(dir, 'fixtures', g.fixture as string))) };
}

/** Moves a case from one corpus folder to another. */
export function moveCase(from: string, to: string, version: NanobotVersion, name: string): void {
  const { text, bytes } = readCase(from, name);
  addCase(to, version, name, text, bytes);
  rmSync(join(from, 'cases', `${name}.json`));
  rmSync(join(from, 'fixtures', `${name}.jsonl`));
  const rest = caseNames(from).filter((n) => n !== name);
  const fams = families(from);
  delete fams[name];
  if (rest.length || listingNames(from).length) {
    writeIndex(from, version, rest);
    writeFamilies(from, fams);
  } else rmSync(from, { recursive: true, force: true });
}

/** The names of a corpus's listing scenarios. */
export function listingNames(dir: string): string[] {
  const d = join(dir, 'listing');
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort() : [];
}

/** Rewrites `_listing.json` from the scenarios' own answers (texts kept exactly as nanobot's oracle wrote them). */
function writeListingIndex(dir: string): void {
  const names = listingNames(dir);
  const f = join(dir, '_listing.json');
  if (!names.length) {
    rmSync(f, { force: true });
    return;
  }
  const parts = names.map((n) => `${JSON.stringify(n)}: ${readFileSync(join(dir, 'listing', `${n}.json`), 'utf8').trimEnd()}`);
  writeFileSync(f, `{\n${parts.join(',\n')}\n}\n`);
}

/** Adds one listing scenario (a folder and nanobot's answer) to a corpus folder. */
export function addListing(dir: string, version: NanobotVersion, name: string, text: string, files: { name: string; bytes: Uint8Array }[], family?: Family): void {
  const folder = join(dir, 'fixtures', 'listing', name);
  mkdirSync(folder, { recursive: true });
  mkdirSync(join(dir, 'listing'), { recursive: true });
  for (const f of files) writeFileSync(join(folder, f.name), f.bytes);
  writeFileSync(join(dir, 'listing', `${name}.json`), text + '\n');
  writeListingIndex(dir);
  if (!existsSync(index(dir))) writeIndex(dir, version, []);
  if (family) writeFamilies(dir, { ...families(dir), [name]: family });
}

/** One listing scenario of a corpus: nanobot's answer, its text and the folder's files. */
export function readListing(dir: string, name: string): { g: PyDict; text: string; files: { name: string; bytes: Uint8Array }[] } {
  const text = readFileSync(join(dir, 'listing', `${name}.json`), 'utf8').trimEnd();
  const g = readGolden(`listing/${name}.json`, dir) as PyDict;
  const folder = join(dir, 'fixtures', 'listing', name);
  const files = readdirSync(folder).sort().map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(folder, f))) }));
  return { g, text, files };
}

/** Moves a listing scenario from one corpus folder to another. */
export function moveListing(from: string, to: string, version: NanobotVersion, name: string): void {
  const { text, files } = readListing(from, name);
  addListing(to, version, name, text, files);
  rmSync(join(from, 'fixtures', 'listing', name), { recursive: true, force: true });
  rmSync(join(from, 'listing', `${name}.json`));
  writeListingIndex(from);
  const fams = families(from);
  delete fams[name];
  if (caseNames(from).length || listingNames(from).length) writeFamilies(from, fams);
  else rmSync(from, { recursive: true, force: true });
}

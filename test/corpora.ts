/**
 * The golden corpora and the session files in them, for the tests that sweep every fixture. Each
 * corpus comes from `corpusDir` (../shared beside the repo, else the packed copy), so a fresh clone runs
 * the same sweeps instead of skipping them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';
import { corpusDir } from './golden-values';

/** Each corpus folder's name with the nanobot version that made it. */
export const CORPORA: readonly (readonly [string, NanobotVersion])[] = [
  ['golden-0.1.4', '0.1.4'],
  ['golden-0.1.4.post1', '0.1.4.post1'],
  ['golden-0.1.4.post2', '0.1.4.post2'],
  ['golden-0.1.4.post3', '0.1.4.post3'],
  ['golden-0.1.4.post4', '0.1.4.post4'],
  ['golden-0.1.4.post5', '0.1.4.post5'],
  ['golden-0.1.4.post6', '0.1.4.post6'],
  ['golden-0.1.5', '0.1.5'],
  ['golden-0.1.5.post1', '0.1.5.post1'],
  ['golden-0.1.5.post2', '0.1.5.post2'],
  ['golden-0.1.5.post3', '0.1.5.post3'],
  ['golden-0.2.0', '0.2.0'],
  ['golden-0.2.1', '0.2.1'],
  ['golden-0.2.2', '0.2.2'],
  ['golden', 'v0.2'],
  ['golden-v0.3', 'v0.3.0'],
  ['golden-main', 'main'],
];

/** Every `.jsonl` file under `dir`, at any depth (listing scenarios nest their folders). */
export function sessionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sessionFiles(p) : name.endsWith('.jsonl') ? [p] : [];
  });
}

/**
 * The pip releases' corpora (named by the release: `golden-0.2.1`, `golden-0.1.4.post1`) hold `golden`'s own
 * fixtures, answered by each release's code. Their golden tests check every case; the sweeps (the line index,
 * the large view) take their fixtures in turn, the k-th release of n every n-th fixture from the k-th, so the
 * releases together cover every fixture once, and a release added to CORPORA joins the turn instead of adding
 * a whole sweep.
 */
const RELEASES = CORPORA.map(([c]) => c).filter((c) => /^golden-\d+\.\d+\.\d+(\.post\d+)?$/.test(c));
const IN_TURN: Readonly<Record<string, readonly [number, number]>> = Object.fromEntries(RELEASES.map((c, k) => [c, [k, RELEASES.length]]));

/** A corpus's fixture files for a sweep (absolute paths); throws when there are none, so a sweep never passes empty. */
export function fixturePaths(corpus: string): string[] {
  const dir = join(corpusDir(corpus), 'fixtures');
  const [k, n] = IN_TURN[corpus] ?? [0, 1];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .filter((_, i) => i % n === k)
    .map((f) => join(dir, f));
  if (files.length === 0) throw new Error(`${dir}: no fixtures`);
  return files;
}

/** How many corpora take this one's fixtures in turn (1: it takes all of them). */
export function releasesInTurn(corpus: string): number {
  return IN_TURN[corpus]?.[1] ?? 1;
}

/**
 * Every session file of a corpus's fixtures, the listing scenarios' nested folders included, for a sweep: a
 * release's corpus gives its share in turn, as fixturePaths does (throws when there are none).
 */
export function sweepFiles(corpus: string): string[] {
  const [k, n] = IN_TURN[corpus] ?? [0, 1];
  const files = sessionFiles(join(corpusDir(corpus), 'fixtures'))
    .sort()
    .filter((_, i) => i % n === k);
  if (files.length === 0) throw new Error(`${corpus}: no session files`);
  return files;
}

/** For a list of corpora (by default CORPORA), each distinct fixture (by its bytes) with those that hold it, in order; made once per process. */
const holdersAmong = new Map<string, Map<string, string[]>>();

const digests = new Map<string, string>();
const digest = (file: string) => {
  let h = digests.get(file);
  if (!h) digests.set(file, (h = createHash('sha1').update(readFileSync(file)).digest('hex')));
  return h;
};

/**
 * The corpora share most of their fixtures: golden-v0.3 and golden-main hold golden's files answered by
 * their own version's code, and the release corpora hold golden's in turn. Where a sweep checks a rule
 * that is the same at every version (the index of a file cut into 1-byte chunks equals the index of the
 * file in one piece), checking a fixture once is enough: each distinct fixture is taken by one of the
 * corpora that hold it, picked in turn by its bytes, so every version still takes a share and the part
 * costs the same however many versions CORPORA lists. The rest of the sweep stays on every fixture. A sweep
 * over some of the corpora names them (`among`), so that its own corpora share every fixture.
 */
export function fixturesInTurn(corpus: string, among: readonly string[] = CORPORA.map(([c]) => c)): string[] {
  const key = among.join();
  let holders = holdersAmong.get(key);
  if (!holders) {
    holdersAmong.set(key, (holders = new Map()));
    for (const c of among) for (const f of fixturePaths(c)) holders.set(digest(f), [...(holders.get(digest(f)) ?? []), c]);
  }
  return fixturePaths(corpus).filter((f) => {
    const h = digest(f);
    const cs = holders.get(h)!;
    return cs[Number.parseInt(h.slice(0, 8), 16) % cs.length] === corpus;
  });
}

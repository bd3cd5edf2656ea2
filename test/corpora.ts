/**
 * The golden corpora and the session files in them, for the tests that sweep every fixture. Each
 * corpus comes from `corpusDir` (../shared beside the repo, else the packed copy), so a fresh clone runs
 * the same sweeps instead of skipping them.
 */
import { readdirSync, statSync } from 'node:fs';
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
 * The release corpora hold `golden`'s own fixtures, answered by each 0.2.x release's code. Their golden tests
 * check every case; the sweeps (the line index, the large view) take their fixtures in turn, a third each, so
 * the three together cover every fixture once instead of tripling the sweeps' time.
 */
const IN_TURN: Readonly<Record<string, readonly [number, number]>> = { 'golden-0.2.0': [0, 3], 'golden-0.2.1': [1, 3], 'golden-0.2.2': [2, 3] };

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

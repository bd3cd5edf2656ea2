/**
 * What the app reads off a version verdict before any evidence is gathered: the version whose rules apply, and
 * versions said as runs. Apart from the judge (version-evidence.ts), which loads only when a folder is judged.
 */
import { NANOBOT_VERSIONS, VERSION_RULES, VERSION_WITHOUT_EVIDENCE, type NanobotVersion } from './nanobot-version';
import type { CandidateFit, ChoiceWhy, VersionVerdict } from './version-evidence';

/** Ranks of a fit, most sense first: clues fitted, sessions listed, decisive clues fitted, newer. */
export const RANKS: { why: ChoiceWhy; of: (f: CandidateFit) => number }[] = [
  { why: 'fits-most', of: (f) => f.fits },
  { why: 'lists-most', of: (f) => f.listed },
  { why: 'decisive', of: (f) => f.decisive },
  { why: 'newest', of: (f) => NANOBOT_VERSIONS.indexOf(f.version) },
];

/**
 * The version whose rules apply under a verdict: the one that fits all evidence, else the one the
 * folder makes the most sense under in a conflict, else (a range) the candidate that fits the most: clues, then
 * sessions its listing reads, then what only one nanobot writes; among those the version assumed without evidence
 * (v0.2: every 0.2.x folder fits it), else the newest (null: no candidate at all).
 */
export function verdictVersion(v: VersionVerdict): NanobotVersion | null {
  const settled = v.version ?? v.decided;
  if (settled) return settled;
  const fits = v.fits.filter((f) => v.candidates.includes(f.version));
  if (fits.length === 0) return v.candidates[0] ?? null;
  // The ranks of a conflict but the last ('newest'): the tie among the best goes to v0.2, else the newest.
  const cmp = (a: CandidateFit, b: CandidateFit) => RANKS.slice(0, -1).reduce((d, r) => d || r.of(a) - r.of(b), 0);
  const top = fits.reduce((m, f) => (cmp(f, m) > 0 ? f : m));
  const best = fits.filter((f) => cmp(f, top) === 0);
  const tops = best.map((f) => f.version);
  return tops.includes(VERSION_WITHOUT_EVIDENCE) ? VERSION_WITHOUT_EVIDENCE : tops[tops.length - 1]!;
}

/**
 * Versions as runs, in the table's order: consecutive pip releases (0.2.0, 0.2.1, 0.2.2) become one
 * [first, last] range, so a verdict says "0.2.0–0.2.2" where the clues allow any of them.
 */
export function versionRuns(vs: readonly NanobotVersion[]): [NanobotVersion, NanobotVersion][] {
  const release = (v: NanobotVersion) => VERSION_RULES[v].tag !== null && VERSION_RULES[v].tag !== v;
  const runs: [NanobotVersion, NanobotVersion][] = [];
  for (const v of NANOBOT_VERSIONS.filter((x) => vs.includes(x))) {
    const last = runs[runs.length - 1];
    if (last && release(v) && release(last[1]) && NANOBOT_VERSIONS.indexOf(last[1]) === NANOBOT_VERSIONS.indexOf(v) - 1) last[1] = v;
    else runs.push([v, v]);
  }
  return runs;
}


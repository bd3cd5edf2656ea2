/** The names `--nanobot` takes, as the help and its errors list them: read from the version table. */
import { NANOBOT_VERSIONS, VERSION_RULES, type NanobotVersion } from '../core/nanobot/nanobot-version';

/**
 * One line per family, read from the table so the help never goes stale when a release is added: a release with
 * its posts (0.1.4 … 0.1.4.post6), releases without posts side by side (0.2.0, 0.2.1, 0.2.2), then the commits.
 */
export function versionFamilies(): string[] {
  const release = (v: NanobotVersion) => VERSION_RULES[v].tag === `v${v}`;
  const base = (v: string) => v.replace(/\.post\d+$/, '');
  const families: NanobotVersion[][] = [];
  for (const v of NANOBOT_VERSIONS.filter(release)) {
    const last = families[families.length - 1];
    if (last && base(last[0]!) === base(v)) last.push(v);
    else families.push([v]);
  }
  const lines: NanobotVersion[][] = [];
  for (const f of families) {
    const last = lines[lines.length - 1];
    if (f.length === 1 && last?.every((v) => families.some((g) => g.length === 1 && g[0] === v))) last.push(f[0]!);
    else lines.push([...f]);
  }
  // v0.3.0 is named by its tag; the two commits that are no release also by their hash.
  const commits = NANOBOT_VERSIONS.filter((v) => !release(v)).map((v) => (VERSION_RULES[v].tag === null ? `${v} (commit ${VERSION_RULES[v].commit}, ${VERSION_RULES[v].date})` : v));
  return [...lines.map((f) => f.join(', ')), commits.join(', ')];
}

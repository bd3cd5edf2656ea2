/** A version verdict as one English line, from its codes through the English catalog: what the tests read. */
import { versionRuns, type NanobotVersion, type VersionVerdict } from '../src/core/nanobot/version-evidence';
import en from '../src/ui/i18n/en/shell';

const alternatives = (versions: readonly NanobotVersion[]) => {
  const vs = versionRuns(versions).map(([a, b]) => (a === b ? a : `${a}–${b}`));
  return vs.length <= 1 ? vs.join('') : `${vs.slice(0, -1).join(', ')} or ${vs[vs.length - 1]}`;
};

export function verdictLine(v: VersionVerdict): string {
  const t = en.workspace;
  const texts = (kinds: readonly string[]) => v.evidence.filter((e) => kinds.includes(e.kind)).map((e) => t.evidence(e)).join('; ');
  if (v.status === 'conflicting' && v.decided) return `conflicting evidence (${alternatives(v.candidates)}): ${v.decided}'s rules apply, decided by ${texts(v.decidedBy)}; against it: ${texts(v.against)}`;
  const head = v.status === 'recognised' ? `nanobot ${v.version}` : v.status === 'unknown' ? 'nanobot version unknown' : v.status === 'conflicting' ? `conflicting evidence (${alternatives(v.candidates)})` : `${alternatives(v.candidates)} (ambiguous)`;
  return `${head}: ${t.reasons(v)}`;
}

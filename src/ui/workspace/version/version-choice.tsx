/**
 * Which nanobot version the app uses, chosen by a person, the one way a version is written, and the
 * verdict in a few words for the workspace's header (the rest of the version panel loads on use).
 */
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { versionRuns } from '../../../core/nanobot/verdict';
import type { VersionVerdict } from '../../../core/nanobot/version-evidence';
import { chosenVersion, navigate, route } from '../../shell/router';
import { ui } from '../../i18n/text';
import { activeVersion, verdict } from '../model';

/** Switches the version (null: back to the detected one), keeping the rest of the link. */
export function chooseVersion(v: NanobotVersion | null): void {
  chosenVersion.value = v;
  const r = route.peek();
  const { nanobot: _old, ...params } = r.params;
  navigate({ ...r, params: v ? { ...params, nanobot: v } : params }, { replace: true });
}

/** The one way a version is written across the app and both languages (the version table's label). */
export const versionName = (v: NanobotVersion): string => rulesOf(v).label;

/** Versions a clue allows, consecutive releases said as one range ("nanobot 0.2.0–0.2.2"), joined by `or`. */
export const versionNames = (vs: readonly NanobotVersion[], or: string): string =>
  versionRuns(vs)
    .map(([a, b]) => (a === b ? versionName(a) : `${versionName(a)}–${b}`))
    .join(or);

/** The words after the version's name: chosen by the person, or what the evidence amounts to. */
export function statusWords(v: VersionVerdict | null, chosen: boolean, short: boolean): string {
  const t = ui().workspace;
  if (chosen) return t.chosen;
  if (!v) return '';
  if (v.status === 'recognised') return t.recognised;
  if (v.status === 'conflicting') return ui().decide.conflictShort;
  return short ? t.ambiguousShort : t.ambiguous;
}

export const isChosen = () => chosenVersion.value !== null && chosenVersion.value !== undefined;

/** The verdict in a few words, for the workspace's one-line header: "nanobot main (recognised)". */
export function VersionSummary() {
  const active = activeVersion.value;
  return (
    <span class="version-summary" data-version={active}>
      <strong>{versionName(active)}</strong>
      {statusWords(verdict.value, isChosen(), true)}
    </span>
  );
}

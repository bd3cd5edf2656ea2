/**
 * The nanobot version in force, in one line: the verdict from the files on disk with its evidence,
 * and a control to choose another version (it goes into the link as `nanobot=`).
 */
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { VersionVerdict } from '../../core/nanobot/version-evidence';
import { chosenVersion, navigate, route } from '../router';
import { activeVersion, detectedVersion, verdict } from './model';
import { ui } from '../i18n/text';

/** Switches the version (null: back to the detected one), keeping the rest of the link. */
export function chooseVersion(v: NanobotVersion | null): void {
  chosenVersion.value = v;
  const r = route.peek();
  const { nanobot: _old, ...params } = r.params;
  navigate({ ...r, params: v ? { ...params, nanobot: v } : params }, { replace: true });
}

/** Why the verdict is what it is; a conflict names the decisive evidence and what speaks against it (from the core's codes). */
function reasonsOf(v: VersionVerdict): string {
  const t = ui().workspace;
  if (v.status !== 'conflicting') return t.reasons(v);
  const texts = (kinds: readonly string[]) => v.evidence.filter((e) => kinds.includes(e.kind)).map((e) => t.evidence(e)).join(t.listSep);
  if (v.decided) return t.conflictDecided(rulesOf(v.decided).label, texts(v.decidedBy), texts(v.against));
  return t.conflictUndecided(v.evidence.filter((e) => e.points.length < NANOBOT_VERSIONS.length).map((e) => t.evidence(e)).join(t.listSep));
}

/** The verdict in a few words, for the workspace's one-line header: "nanobot main (recognised)". */
export function VersionSummary() {
  const v = verdict.value;
  const active = activeVersion.value;
  const chosen = chosenVersion.value !== null && chosenVersion.value !== undefined;
  const t = ui().workspace;
  return (
    <span class="version-summary" data-version={active}>
      <strong>{rulesOf(active).label}</strong>
      {chosen ? t.chosen : !v ? '' : v.status === 'recognised' ? t.recognised : v.status === 'conflicting' ? t.conflictingShort : t.ambiguousShort}
    </span>
  );
}

/** The verdict's reasons, every piece of evidence and the override: the header's details, one click away. */
export function VersionLine() {
  const v = verdict.value;
  const active = activeVersion.value;
  const detected = detectedVersion.value;
  const chosen = chosenVersion.value !== null && chosenVersion.value !== undefined;
  const t = ui().workspace;
  return (
    <div class="version-line" data-version={active}>
      <p>
        <strong>{rulesOf(active).label}</strong>
        {chosen ? t.chosen : !v ? '' : v.status === 'recognised' ? t.recognised : v.status === 'conflicting' ? t.conflicting : t.ambiguous}
        {v && <>{t.colon}<span class="muted">{reasonsOf(v)}</span></>}
      </p>
      {v && v.evidence.length > 0 && (
        <div class="version-evidence">
          <p>{t.evidenceN(v.evidence.length)}</p>
          <ul>
            {v.evidence.map((e, i) => (
              <li key={i}>
                {t.evidence(e)} <span class="muted">→ {e.points.map((p) => rulesOf(p).label).join(t.or)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label class="field version-picker">
        <span>{t.version}</span>
        <select value={chosen ? active : 'auto'} onChange={(e) => chooseVersion(e.currentTarget.value === 'auto' ? null : (e.currentTarget.value as NanobotVersion))}>
          <option value="auto">{t.auto(rulesOf(detected).label)}</option>
          {NANOBOT_VERSIONS.map((x) => (
            <option key={x} value={x}>
              {rulesOf(x).label} ({rulesOf(x).date})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

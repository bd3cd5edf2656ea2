/**
 * The nanobot version in force, in one line: the verdict from the files on disk with its evidence,
 * and a control to choose another version (it goes into the link as `nanobot=`).
 */
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../core/nanobot-version';
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

/** The verdict in a few words, for the workspace's one-line header: "nanobot main (recognised)". */
export function VersionSummary() {
  const v = verdict.value;
  const active = activeVersion.value;
  const chosen = chosenVersion.value !== null && chosenVersion.value !== undefined;
  const t = ui().workspace;
  return (
    <span class="version-summary" data-version={active}>
      <strong>{rulesOf(active).label}</strong>
      {chosen ? t.chosen : v?.version ? t.recognised : v ? t.ambiguousShort : ''}
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
        {chosen ? t.chosen : v?.version ? t.recognised : v ? t.ambiguous : ''}
        {v && <>{t.colon}<span class="muted">{t.reasons(v)}</span></>}
      </p>
      {v && v.evidence.length > 0 && (
        <div class="version-evidence">
          <p>{t.evidenceN(v.evidence.length)}</p>
          <ul>
            {v.evidence.map((e) => (
              <li key={e.kind + e.text}>
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

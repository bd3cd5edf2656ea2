/**
 * The nanobot version in force, in one line: the verdict from the files on disk with its evidence,
 * and a control to choose another version (it goes into the link as `nanobot=`).
 */
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../core/nanobot-version';
import { chosenVersion, navigate, route } from '../router';
import { activeVersion, detectedVersion, verdict } from './model';

/** Switches the version (null: back to the detected one), keeping the rest of the link. */
export function chooseVersion(v: NanobotVersion | null): void {
  chosenVersion.value = v;
  const r = route.peek();
  const { nanobot: _old, ...params } = r.params;
  navigate({ ...r, params: v ? { ...params, nanobot: v } : params }, { replace: true });
}

/** The summary's reasons, without the verdict it starts with ("nanobot main: …"). */
function reasons(summary: string): string {
  const at = summary.indexOf(': ');
  return at >= 0 ? summary.slice(at + 2) : summary;
}

/** "nanobot main: a session namespace of /home/me/ws; 3 files hold provider_state" + the override. */
export function VersionLine() {
  const v = verdict.value;
  const active = activeVersion.value;
  const detected = detectedVersion.value;
  const chosen = chosenVersion.value !== null && chosenVersion.value !== undefined;
  return (
    <div class="version-line" data-version={active}>
      <p>
        <strong>{rulesOf(active).label}</strong>
        {chosen ? ' (chosen)' : v?.version ? ' (recognised)' : v ? ' (ambiguous: the oldest candidate is shown)' : ''}
        {v && <>: <span class="muted">{reasons(v.summary)}</span></>}
      </p>
      {v && v.evidence.length > 0 && (
        <details class="version-evidence">
          <summary>Evidence ({v.evidence.length})</summary>
          <ul>
            {v.evidence.map((e) => (
              <li key={e.kind + e.text}>
                {e.text} <span class="muted">→ {e.points.map((p) => rulesOf(p).label).join(' or ')}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <label class="field version-picker">
        <span>nanobot version</span>
        <select value={chosen ? active : 'auto'} onChange={(e) => chooseVersion(e.currentTarget.value === 'auto' ? null : (e.currentTarget.value as NanobotVersion))}>
          <option value="auto">auto: {rulesOf(detected).label}</option>
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

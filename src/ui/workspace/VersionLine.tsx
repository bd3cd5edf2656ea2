/**
 * The nanobot version in force, in one line: the verdict from the files on disk with its evidence,
 * what each version would mean for the folder, and a control to choose another version (it goes
 * into the link as `nanobot=`).
 */
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { CandidateFit, VersionVerdict } from '../../core/nanobot/version-evidence';
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

/** The one way a version is written across the app and both languages (the version table's label). */
export const versionName = (v: NanobotVersion): string => rulesOf(v).label;

/** Why a conflict went to the version it did, in words, from the core's rank and the winner's numbers. */
export function choiceText(v: VersionVerdict): string | null {
  const fit = v.decided && v.chosenBy ? v.fits.find((f) => f.version === v.decided) : undefined;
  if (!fit || !v.chosenBy) return null;
  return ui().decide.choice(v.chosenBy, fit.fits, fit.clues, fit.listed, fit.listed + fit.hidden);
}

/** Why the verdict is what it is; a conflict says why the version in use makes the most sense, what fits it and what speaks against it. */
function reasonsOf(v: VersionVerdict): string {
  const t = ui().workspace;
  if (v.status !== 'conflicting') return t.reasons(v);
  const texts = (kinds: readonly string[]) => v.evidence.filter((e) => kinds.includes(e.kind)).map((e) => t.evidence(e)).join(t.listSep);
  const why = choiceText(v);
  if (v.decided && why) return ui().decide.decided(versionName(v.decided), why, texts(v.decidedBy), texts(v.against));
  return t.conflictUndecided(v.evidence.filter((e) => e.points.length < NANOBOT_VERSIONS.length).map((e) => t.evidence(e)).join(t.listSep));
}

/** The words after the version's name: chosen by the person, or what the evidence amounts to. */
function statusWords(v: VersionVerdict | null, chosen: boolean, short: boolean): string {
  const t = ui().workspace;
  if (chosen) return t.chosen;
  if (!v) return '';
  if (v.status === 'recognised') return t.recognised;
  if (v.status === 'conflicting') return ui().decide.conflictShort;
  return short ? t.ambiguousShort : t.ambiguous;
}

const isChosen = () => chosenVersion.value !== null && chosenVersion.value !== undefined;

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

/** Every version side by side: the clues it fits and what its listing shows or leaves out, with a way to use it. */
export function VersionCompare({ fits, active }: { fits: readonly CandidateFit[]; active: NanobotVersion }) {
  const d = ui().decide;
  return (
    <div class="version-compare">
      <p class="muted small">{d.compareLead}</p>
      <div class="table-scroll">
        <table class="compare-table">
          <caption class="visually-hidden">{d.compare}</caption>
          <thead>
            <tr>
              <th scope="col">{d.cols.version}</th>
              <th scope="col">{d.cols.clues}</th>
              <th scope="col">{d.cols.listed}</th>
              <th scope="col">{d.cols.hidden}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {fits.map((f) => (
              <tr key={f.version} data-version={f.version} class={f.version === active ? 'in-use' : undefined}>
                <th scope="row">{versionName(f.version)}</th>
                <td>{d.of(f.fits, f.clues)}</td>
                <td>{d.of(f.listed, f.listed + f.hidden)}</td>
                <td>{ui().common.count(f.hidden)}</td>
                <td>
                  {f.version === active ? (
                    <span class="chip">{d.inUse}</span>
                  ) : (
                    <button type="button" class="btn small" aria-label={d.useLabel(versionName(f.version))} onClick={() => chooseVersion(f.version === detectedVersion.peek() ? null : f.version)}>
                      {d.use}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * A conflict said on the page itself, not only in the header's details: which version is used and
 * why, and what each version would mean, one click away.
 */
export function VersionConflictNote() {
  const v = verdict.value;
  if (!v || v.status !== 'conflicting' || !v.decided || isChosen()) return null;
  const why = choiceText(v);
  if (!why) return null;
  const d = ui().decide;
  return (
    <div class="notice warn one-line version-conflict" role="note">
      <details>
        <summary>{d.conflictNote(versionName(v.decided), why)}</summary>
        <VersionCompare fits={v.fits} active={activeVersion.value} />
      </details>
    </div>
  );
}

/** The verdict's reasons, every piece of evidence, what each version would mean, and the override: the header's details, one click away. */
export function VersionLine() {
  const v = verdict.value;
  const active = activeVersion.value;
  const detected = detectedVersion.value;
  const chosen = isChosen();
  const t = ui().workspace;
  return (
    <div class="version-line" data-version={active}>
      <p>
        <strong>{versionName(active)}</strong>
        {statusWords(v, chosen, false)}
        {v && <>{t.colon}<span class="muted">{reasonsOf(v)}</span></>}
      </p>
      {v && v.fits.length > 0 && (
        <details class="version-fits" open={v.status === 'conflicting'}>
          <summary>{ui().decide.compare}</summary>
          <VersionCompare fits={v.fits} active={active} />
        </details>
      )}
      {v && v.evidence.length > 0 && (
        <div class="version-evidence">
          <p>{t.evidenceN(v.evidence.length)}</p>
          <ul>
            {v.evidence.map((e, i) => (
              <li key={i}>
                {t.evidence(e)} <span class="muted">→ {e.points.map(versionName).join(t.or)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label class="field version-picker">
        <span>{t.version}</span>
        <select value={chosen ? active : 'auto'} onChange={(e) => chooseVersion(e.currentTarget.value === 'auto' ? null : (e.currentTarget.value as NanobotVersion))}>
          <option value="auto">{t.auto(versionName(detected))}</option>
          {NANOBOT_VERSIONS.map((x) => (
            <option key={x} value={x}>
              {versionName(x)} ({rulesOf(x).date})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

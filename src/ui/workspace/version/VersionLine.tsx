/**
 * The nanobot version in force: the verdict from the files on disk with its evidence, what each
 * version would mean for the folder, and a control to choose another version (it goes into the link
 * as `nanobot=`). Loaded when the header's details or a conflict show it (the first screen's bundle
 * has only the one-line summary, version-choice.tsx).
 */
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { VersionVerdict } from '../../../core/nanobot/version-evidence';
import { chooseVersion, isChosen, statusWords, versionName, versionNames } from './version-choice';
import { VersionCompare } from './VersionCompare';
import type { StemNaming } from '../../../store/listing/layout';
import { activeVersion, detectedVersion, verdict } from '../model';
import { pg, ui } from '../../i18n/text';

/** Why a conflict went to the version it did, in words, from the core's rank and the winner's numbers. */
export function choiceText(v: VersionVerdict): string | null {
  const fit = v.decided && v.chosenBy ? v.fits.find((f) => f.version === v.decided) : undefined;
  if (!fit || !v.chosenBy) return null;
  return pg().decide.choice(v.chosenBy, fit.fits, fit.clues, fit.listed, fit.listed + fit.hidden);
}

/** Why the verdict is what it is; a conflict says why the version in use makes the most sense, what fits it and what speaks against it. */
function reasonsOf(v: VersionVerdict): string {
  const t = ui().workspace;
  if (v.status !== 'conflicting') return t.reasons(v);
  const texts = (kinds: readonly string[]) => v.evidence.filter((e) => kinds.includes(e.kind)).map((e) => t.evidence(e)).join(t.listSep);
  const why = choiceText(v);
  if (v.decided && why) return pg().decide.decided(versionName(v.decided), why, texts(v.decidedBy), texts(v.against));
  return t.conflictUndecided(v.evidence.filter((e) => e.points.length < NANOBOT_VERSIONS.length).map((e) => t.evidence(e)).join(t.listSep));
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
  const d = pg().decide;
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
          <summary>{pg().decide.compareTitle}</summary>
          <VersionCompare fits={v.fits} active={active} />
        </details>
      )}
      {v && v.evidence.length > 0 && (
        <div class="version-evidence">
          <p>{t.evidenceN(v.evidence.length)}</p>
          <ul>
            {v.evidence.map((e, i) => (
              <li key={i}>
                {t.evidence(e)} <span class="muted">→ {versionNames(e.points, t.or)}</span>
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

/**
 * How file names relate to session keys under the version in use (the heading follows the verdict,
 * not the folder's kind): a folder nanobot does not use keeps its "unknown naming".
 */
function namingText(n: StemNaming, version: NanobotVersion): { short: string; long: string } {
  const t = pg().decide.naming;
  if (n === 'unknown') return { short: t.unknown, long: t.unknownLong };
  const label = rulesOf(version).label;
  switch (rulesOf(version).stemKey) {
    case 'first-underscore':
      return { short: t.safeKey(label), long: t.safeKeyLong };
    case 'decoded-else-first-underscore':
      return { short: t.b64Either(label), long: t.b64EitherLong };
    case 'canonical-only':
      return { short: t.b64(label), long: t.b64Long };
  }
}

/** How the shown folder's files are named under the version in use, its long words one click away. */
export function NamingLine({ naming }: { naming: StemNaming }) {
  const n = namingText(naming, activeVersion.value);
  return (
    <details class="naming">
      <summary>{n.short}</summary>
      <p class="muted small">{n.long}</p>
    </details>
  );
}

/**
 * What the nanobot in use will do to the files beside an edit, where its version table says it differs: a save
 * that rewrites the file in place (`atomicSave`), and a failed load that starts an empty session its next save
 * writes over the file (`loadFailure`). Shown beside the edits, and in the File tab when this file is one it cannot load.
 */
import { rulesOf, type NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import { pg } from '../../../i18n/text';

/**
 * `fileLoads` undefined: beside the edits, both notes that apply. false: this file is one nanobot cannot load
 * as it is (the File tab), so its next save empties it; true: nothing to say.
 */
export function NanobotSaveNote({ version, fileLoads }: { version: NanobotVersion; fileLoads?: boolean }) {
  const rules = rulesOf(version);
  const t = pg().saveNote;
  const empties = rules.loadFailure === 'empty-session';
  const lines =
    fileLoads === undefined
      ? [...(rules.atomicSave ? [] : [t.notAtomic(rules.label)]), ...(empties ? [t.emptySession(rules.label)] : [])]
      : !fileLoads && empties
        ? [t.emptiesThis(rules.label)]
        : [];
  if (lines.length === 0) return null;
  return (
    <div class="sl-banner sl-warn nanobot-save-note" role="note">
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}

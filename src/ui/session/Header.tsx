/**
 * The whole document's part of the session header: its facts (title, key, message count) and the
 * banners a person must see first (nanobot loads nothing / takes the repair path / problems),
 * shown by the one page's header (SessionShell.tsx).
 */
import { sessionTitle } from '../../core/listing/title';
import type { OpenedSession } from '../../store/save/sessions';
import { lensState, loadErrorText, repairSkippedLines, replaySession } from './lens';
import { fill } from './parts/fill';
import { pg, ui } from '../i18n/text';
import { iso, visible } from '../parts/iso';
import { ReadOnce } from '../parts/ReadOnce';
import type { ShellReading } from './SessionShell';

export interface BannersProps {
  opened: OpenedSession;
  notice: string | null;
  onDismiss: () => void;
  onProblems: () => void;
  onLine: (line: number) => void;
  /** The workspace's name (read warnings fold to one line, remembered per workspace). */
  workspace?: string;
}

/** The header's facts of the whole document: nanobot's title, the key, the file, and the messages (nanobot's count where it differs). */
export function documentFacts(opened: OpenedSession): Pick<ShellReading, 'title' | 'sessionKey' | 'fileName' | 'size' | 'messages' | 'version'> {
  const messages = opened.recovered.messages.length;
  const loads = opened.nanobot.result?.messages.length;
  return {
    // nanobot's title; when its load lost the metadata (a damaged head), the title the file still holds.
    title: sessionTitle(replaySession(opened).session.metadata) || sessionTitle(opened.recovered.metadata),
    sessionKey: opened.key,
    fileName: opened.fileName,
    size: opened.bytes.length,
    messages: `${ui().common.count(messages)}${loads !== undefined && loads !== messages ? pg().session.nanobotLoads(loads) : ''}`,
    version: opened.version,
  };
}

/** The banners under the facts. */
export function Banners({ opened, notice, onDismiss, onProblems, onLine, workspace = '' }: BannersProps) {
  const t = pg().session;
  const state = lensState(opened);
  const skipped = repairSkippedLines(opened);
  const diags = opened.doc.diagnostics;
  const errors = diags.filter((d) => d.severity === 'error').length;
  const messages = opened.recovered.messages.length;
  const key = <code>{iso(visible(opened.key))}</code>;
  return (
    <>
      {notice && (
        <p class="sl-banner sl-info" role="status">
          {notice}{' '}
          <button type="button" class="sl-link" onClick={onDismiss}>{t.dismiss}</button>
        </p>
      )}
      {state === 'nothing' && (
        <ReadOnce ws={workspace} id="loads-nothing" class="sl-banner sl-danger" role="alert" summary={<>{fill(t.nothingSummary, { strong: <strong>{t.nothingStrong}</strong> })}</>}>
          {fill(t.nothingBody, { strong: <strong>{t.nothingStrong}</strong>, error: loadErrorText(opened), key, lost: <strong>{t.nothingLost(messages)}</strong> })}
        </ReadOnce>
      )}
      {state === 'repair' && (
        <ReadOnce ws={workspace} id="repair-path" class="sl-banner sl-warn" role="alert" summary={<>{fill(t.repairSummary, { strong: <strong>{t.repairStrong}</strong> })}</>}>
          {fill(t.repairLead, { error: loadErrorText(opened), strong: <strong>{t.repairStrong}</strong> })}
          {opened.nanobot.skipped > 0 ? (
            <>
              {t.repairSkips(opened.nanobot.skipped)}
              {skipped.length === opened.nanobot.skipped && (
                <>
                  {t.listColon}
                  {skipped.slice(0, 12).map((l, i) => (
                    <>
                      {i > 0 && t.listSep}
                      <button type="button" class="sl-link" key={l} onClick={() => onLine(l)}>{t.line(l + 1)}</button>
                    </>
                  ))}
                  {skipped.length > 12 && ' …'}
                </>
              )}
              {t.repairSkipsEnd}
            </>
          ) : (
            t.repairNoSkip
          )}
        </ReadOnce>
      )}
      {diags.length > 0 && (
        <p class="sl-banner sl-note">
          <button type="button" class="sl-link" onClick={onProblems}>
            {t.problems(diags.length, errors)}
          </button>
        </p>
      )}
    </>
  );
}

/**
 * The session header: title, key, file, size, message count and which lens is shown, with the
 * banners a person must see first (nanobot loads nothing / takes the repair path / problems).
 */
import { rulesOf } from '../../core/nanobot-version';
import { sessionTitle } from '../../core/title';
import type { OpenedSession } from '../../store/sessions';
import { lensState, loadErrorText, repairSkippedLines, replaySession } from './lens';
import { bytes, count, plural } from './text';
import { iso } from '../iso';
import { ReadOnce } from '../ReadOnce';

export interface HeaderProps {
  opened: OpenedSession;
  /** Which lens the active tab shows. */
  lens: string;
  notice: string | null;
  onDismiss: () => void;
  onProblems: () => void;
  onLine: (line: number) => void;
  /** Opens the Export tab. */
  onExport: () => void;
  /** The workspace's name (read warnings fold to one line, remembered per workspace). */
  workspace?: string;
}

/** Title block and banners. */
export function Header({ opened, lens, notice, onDismiss, onProblems, onLine, onExport, workspace = '' }: HeaderProps) {
  const state = lensState(opened);
  const title = sessionTitle(replaySession(opened).session.metadata);
  const skipped = repairSkippedLines(opened);
  const diags = opened.doc.diagnostics;
  const errors = diags.filter((d) => d.severity === 'error').length;
  const messages = opened.recovered.messages.length;
  return (
    <header class="sl-header">
      <div class="sl-title-row">
        <h2 class="sl-title">{title || <span class="sl-muted">(no title)</span>}</h2>
        <button type="button" class="sl-export-open" onClick={onExport}>Export / share…</button>
      </div>
      <dl class="sl-facts">
        <div><dt>key</dt><dd><code>{iso(opened.key)}</code></dd></div>
        <div><dt>file</dt><dd><code>{iso(opened.fileName)}</code></dd></div>
        <div><dt>size</dt><dd>{bytes(opened.bytes.length)}</dd></div>
        <div><dt>messages</dt><dd>{count(messages)}{opened.nanobot.result && opened.nanobot.result.messages.length !== messages ? ` (nanobot loads ${count(opened.nanobot.result.messages.length)})` : ''}</dd></div>
        <div><dt>rules of</dt><dd class="sl-version">{rulesOf(opened.version).label}</dd></div>
        <div><dt>showing</dt><dd>{lens}</dd></div>
      </dl>
      {notice && (
        <p class="sl-banner sl-info" role="status">
          {notice}{' '}
          <button type="button" class="sl-link" onClick={onDismiss}>Dismiss</button>
        </p>
      )}
      {state === 'nothing' && (
        <ReadOnce ws={workspace} id="loads-nothing" class="sl-banner sl-danger" role="alert" summary={<><strong>nanobot loads nothing from this file</strong>; its next save replaces it.</>}>
          <strong>nanobot loads nothing from this file</strong> ({loadErrorText(opened)}). It would start an empty session for{' '}
          <code>{iso(opened.key)}</code>, and its next save of that session <strong>replaces this whole file — all {plural(messages, 'message')} would be lost.</strong>{' '}
          Repair it (Edit tab) or keep nanobot away from it.
        </ReadOnce>
      )}
      {state === 'repair' && (
        <ReadOnce ws={workspace} id="repair-path" class="sl-banner sl-warn" role="alert" summary={<>nanobot takes the <strong>repair path</strong> for this file.</>}>
          nanobot’s strict load fails ({loadErrorText(opened)}), so it takes the <strong>repair path</strong>
          {opened.nanobot.skipped > 0 ? (
            <>
              {' '}and skips {plural(opened.nanobot.skipped, 'line')}
              {skipped.length === opened.nanobot.skipped && (
                <>
                  :{' '}
                  {skipped.slice(0, 12).map((l, i) => (
                    <>
                      {i > 0 && ', '}
                      <button type="button" class="sl-link" key={l} onClick={() => onLine(l)}>line {l + 1}</button>
                    </>
                  ))}
                  {skipped.length > 12 && ' …'}
                </>
              )}
              . Its next save writes the file without them.
            </>
          ) : (
            '; it reads every message, but replaces unreadable dates with the current time.'
          )}
        </ReadOnce>
      )}
      {diags.length > 0 && (
        <p class="sl-banner sl-note">
          <button type="button" class="sl-link" onClick={onProblems}>
            {plural(diags.length, 'problem')} found{errors ? ` (${plural(errors, 'error')})` : ''} — see the File tab
          </button>
        </p>
      )}
    </header>
  );
}

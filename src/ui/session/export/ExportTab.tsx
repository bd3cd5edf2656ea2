/**
 * Export and share: the session as stored, or the replay nanobot sends, as Markdown, one offline
 * HTML page or JSON. A redaction step masks what it finds first; the user sees the redacted
 * preview and the list, can unmask single items, and downloads (nothing leaves the page otherwise).
 */
import { useMemo, useState } from 'preact/hooks';
import { buildExport, type ExportFormat } from '../../../core/export/export';
import type { PyValue } from '../../../core/python/pyvalue';
import { sessionTitle } from '../../../core/listing/title';
import type { OpenedSession } from '../../../store/save/sessions';
import { Fold } from '../parts/Fold';
import { replaySession } from '../lens';
import { uptoFromParams } from '../replay/settings';
import { pg } from '../../i18n/text';
import { downloadText, exportFileName } from './download';
import { FindingsList } from './FindingsList';
import { exportFormats } from './formats';
import { ReplayEntries } from './ReplayEntries';
import { redactAll, useScan } from './scan';

export interface ExportTabProps {
  opened: OpenedSession;
  params: Record<string, string>;
  onParams: (params: Record<string, string>) => void;
}

/** Source and format pickers, then the redaction step over what was picked. */
export function ExportTab({ opened, params, onParams }: ExportTabProps) {
  const source = params.src === 'replay' ? 'replay' : 'session';
  const format: ExportFormat = params.fmt === 'html' || params.fmt === 'json' ? params.fmt : 'md';
  const set = (k: string, v: string) => onParams({ ...params, [k]: v });
  const { session } = replaySession(opened);
  const title = sessionTitle(session.metadata);
  // A link from the Replay tab "as of" a turn exports that same replay.
  const upto = uptoFromParams(params, session.messages.length);
  const t = pg().export;
  return (
    <section class="sl-export" aria-labelledby="sl-export-h">
      <h2 id="sl-export-h" class="sl-h">{t.heading}</h2>
      <p class="sl-muted">{t.local}</p>
      <fieldset class="sl-export-pick">
        <legend>{t.what}</legend>
        <label><input type="radio" name="sl-export-src" checked={source === 'session'} onChange={() => set('src', 'session')} /> {t.sourceSession(opened.recovered.messages.length)}</label>
        <label data-upto={upto ?? undefined}><input type="radio" name="sl-export-src" checked={source === 'replay'} onChange={() => set('src', 'replay')} /> {upto === null ? t.sourceReplay : t.sourceReplayUpto(upto - 1, upto, session.messages.length)}</label>
      </fieldset>
      <fieldset class="sl-export-pick">
        <legend>{t.format}</legend>
        {exportFormats().map((f) => (
          <label key={f.id}><input type="radio" name="sl-export-fmt" checked={format === f.id} onChange={() => set('fmt', f.id)} /> {f.label}</label>
        ))}
      </fieldset>
      {source === 'session' ? (
        <ExportBody opened={opened} title={title} messages={opened.recovered.messages} what={t.whatSession} notes={[]} format={format} replay={false} />
      ) : (
        <ReplayEntries opened={opened} params={params}>
          {(entries, note) => <ExportBody opened={opened} title={title} messages={entries} what={t.whatReplay} notes={[note]} format={format} replay={true} />}
        </ReplayEntries>
      )}
    </section>
  );
}

interface BodyProps {
  opened: OpenedSession;
  title: string;
  messages: PyValue[];
  what: string;
  notes: string[];
  format: ExportFormat;
  replay: boolean;
}

function ExportBody({ opened, title, messages, what, notes, format, replay }: BodyProps) {
  const scan = useScan(title, opened.key, messages);
  const [unmask, setUnmask] = useState<ReadonlySet<number>>(new Set());
  const [scanned, setScanned] = useState(scan);
  const t = pg().export;
  const words = t.doc();
  if (scanned !== scan) {
    setScanned(scan);
    if (unmask.size) setUnmask(new Set());
  }
  const built = useMemo(() => {
    if (!scan.done) return null;
    const r = redactAll(title, opened.key, messages, scan, unmask);
    return buildExport({ title: r.title, key: r.key, what, notes, messages: r.messages, words }, format);
  }, [scan, unmask, format, what, notes.join('\n'), t]);
  if (!scan.done) return <p class="sl-muted" role="status" aria-busy="true">{t.scanning(scan.searched, messages.length)}</p>;
  const keyMasked = scan.key.some((n) => !unmask.has(n.id));
  const ext = format === 'md' ? 'md' : format;
  const name = exportFileName(opened.fileName, keyMasked, replay, ext, { key: opened.key, createdAt: opened.recovered.createdAt });
  const toggle = (id: number) => {
    const next = new Set(unmask);
    if (!next.delete(id)) next.add(id);
    setUnmask(next);
  };
  return (
    <div class="sl-export-body">
      <h3 class="sl-h">{t.redaction}</h3>
      <FindingsList all={scan.all} unmask={unmask} onToggle={toggle} />
      <h3 class="sl-h">{t.preview}</h3>
      <div class="sl-export-preview" tabIndex={0} role="region" aria-label={t.previewLabel}>
        <Fold key={format} text={built!.text} limit={6000} lines={80} class="sl-code" />
      </div>
      <h3 class="sl-h">{t.save}</h3>
      <p>
        <button type="button" class="sl-primary" onClick={() => downloadText(built!.text, built!.mime, name)}>
          {t.download(name)}
        </button>{' '}
        <span class="sl-muted">{pg().session.bytes(new TextEncoder().encode(built!.text).length)}</span>
      </p>
    </div>
  );
}

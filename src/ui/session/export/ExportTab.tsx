/**
 * Export and share: the session as stored, or the replay nanobot sends, as Markdown, one offline
 * HTML page or JSON. A redaction step masks what it finds first; the user sees the redacted
 * preview and the list, can unmask single items, and downloads (nothing leaves the page otherwise).
 */
import { useMemo, useState } from 'preact/hooks';
import { buildExport, type ExportFormat } from '../../../core/export';
import type { PyValue } from '../../../core/pyvalue';
import { sessionTitle } from '../../../core/title';
import type { OpenedSession } from '../../../store/sessions';
import { Fold } from '../Fold';
import { replaySession } from '../lens';
import { bytes, count } from '../text';
import { downloadText, exportFileName } from './download';
import { FindingsList } from './FindingsList';
import { ReplayEntries } from './ReplayEntries';
import { redactAll, useScan } from './scan';

export interface ExportTabProps {
  opened: OpenedSession;
  params: Record<string, string>;
  onParams: (params: Record<string, string>) => void;
}

const FORMATS: { id: ExportFormat; label: string; ext: string }[] = [
  { id: 'md', label: 'Markdown', ext: 'md' },
  { id: 'html', label: 'HTML page (offline, no script)', ext: 'html' },
  { id: 'json', label: 'JSON (the messages exactly)', ext: 'json' },
];

/** Source and format pickers, then the redaction step over what was picked. */
export function ExportTab({ opened, params, onParams }: ExportTabProps) {
  const source = params.src === 'replay' ? 'replay' : 'session';
  const format: ExportFormat = params.fmt === 'html' || params.fmt === 'json' ? params.fmt : 'md';
  const set = (k: string, v: string) => onParams({ ...params, [k]: v });
  const title = sessionTitle(replaySession(opened).session.metadata);
  return (
    <section class="sl-export" aria-labelledby="sl-export-h">
      <h3 id="sl-export-h" class="sl-h">Export and share</h3>
      <p class="sl-muted">Everything happens in this page: the file is made here and saved by your browser’s download. Nothing is uploaded.</p>
      <fieldset class="sl-export-pick">
        <legend>What</legend>
        <label><input type="radio" name="sl-export-src" checked={source === 'session'} onChange={() => set('src', 'session')} /> The session as stored ({count(opened.recovered.messages.length)} messages)</label>
        <label><input type="radio" name="sl-export-src" checked={source === 'replay'} onChange={() => set('src', 'replay')} /> The replay: what nanobot sends to the model (the Replay tab’s settings)</label>
      </fieldset>
      <fieldset class="sl-export-pick">
        <legend>Format</legend>
        {FORMATS.map((f) => (
          <label key={f.id}><input type="radio" name="sl-export-fmt" checked={format === f.id} onChange={() => set('fmt', f.id)} /> {f.label}</label>
        ))}
      </fieldset>
      {source === 'session' ? (
        <ExportBody opened={opened} title={title} messages={opened.recovered.messages} what="Session as stored" notes={[]} format={format} replay={false} />
      ) : (
        <ReplayEntries opened={opened} params={params}>
          {(entries, note) => <ExportBody opened={opened} title={title} messages={entries} what="Replay: what nanobot sends to the model" notes={[note]} format={format} replay={true} />}
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
  if (scanned !== scan) {
    setScanned(scan);
    if (unmask.size) setUnmask(new Set());
  }
  const built = useMemo(() => {
    if (!scan.done) return null;
    const r = redactAll(title, opened.key, messages, scan, unmask);
    return buildExport({ title: r.title, key: r.key, what, notes, messages: r.messages }, format);
  }, [scan, unmask, format, what, notes.join('\n')]);
  if (!scan.done) return <p class="sl-muted" role="status" aria-busy="true">Looking for secrets and personal details… {count(scan.searched)} of {count(messages.length)} messages</p>;
  const keyMasked = scan.key.some((n) => !unmask.has(n.id));
  const ext = format === 'md' ? 'md' : format;
  const name = exportFileName(opened.fileName, keyMasked, replay, ext);
  const toggle = (id: number) => {
    const next = new Set(unmask);
    if (!next.delete(id)) next.add(id);
    setUnmask(next);
  };
  return (
    <div class="sl-export-body">
      <h4 class="sl-h">1. Redaction</h4>
      <FindingsList all={scan.all} unmask={unmask} onToggle={toggle} />
      <h4 class="sl-h">2. Preview (redacted, exactly what will be saved)</h4>
      <div class="sl-export-preview" tabIndex={0} role="region" aria-label="Preview of the export">
        <Fold key={format} text={built!.text} limit={6000} lines={80} class="sl-code" />
      </div>
      <h4 class="sl-h">3. Save</h4>
      <p>
        <button type="button" class="sl-primary" onClick={() => downloadText(built!.text, built!.mime, name)}>
          Download {name}
        </button>{' '}
        <span class="sl-muted">{bytes(new TextEncoder().encode(built!.text).length)}</span>
      </p>
    </div>
  );
}

/**
 * The Export tab of large-file mode: the full view's formats, redaction and file names, over a
 * file never read whole. The redaction search reads the messages in slices (findings counted, the
 * first ones listed for unmasking) and "Make the file" (the export as a Blob of parts) run in a
 * worker (large-export-client.ts), with progress and a way to cancel; the preview of the first
 * messages is made in the page. The bytes are those the
 * full view's Export tab would save (test/store/large-export.test.ts).
 */
import { dictGet, isDict } from '../../../core/python/pyvalue';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ExportFormat, ExportHead } from '../../../core/export/export';
import { exportKey, exportTitle, titleLine } from '../../../core/export/export-head';
import { maskToData, type Numbered } from '../../../core/export/export-redact';
import { SECRET_KINDS } from '../../../core/export/redact';
import type { IndexLoad } from '../../../core/index/index-load';
import { lastMetadataLine } from '../../../core/edit/large-edit';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { buildExportBlob, fileFeed, type ExportScan } from '../../../store/large/export/large-export';
import { buildLargeExport, scanLargeExport } from '../../../store/large/export/large-export-client';
import { readRecords } from '../../../store/large/read/large-records';
import { sliceEnd } from '../../../store/large/read/message-slices';
import { keyForFile } from '../../../store/listing/session-list';
import { pg } from '../../i18n/text';
import { downloadBlob, exportFileName } from '../export/download';
import { FindingsList } from '../export/FindingsList';
import { exportFormats } from '../export/formats';
import { maskFor, secretLabel } from '../export/scan';
import { Fold } from '../parts/Fold';
import { errorText } from '../../shell/status';

export interface LargeExportProps {
  file: Blob;
  index: LineIndex;
  load: IndexLoad;
  version: NanobotVersion;
  fileName: string;
  /** Findings listed at most (all are counted and masked). */
  listed?: number;
}

/** Findings a large file's list holds. */
export const LISTED_FINDINGS = 1000;
/** The preview's messages: those in the file's first bytes (at least one). */
const PREVIEW_BYTES = 64 * 1024;
/** Progress is shown a few times a second: a render per message would add up. */
const PROGRESS_MS = 200;

type RunOptions = { signal: AbortSignal; onProgress: (done: number) => void };
type Run<T> = { step: 'running'; done: number } | { step: 'done'; value: T } | { step: 'cancelled' } | { step: 'failed'; message: string };

/** Runs `work` (again when `deps` change or `again` is called), with throttled progress and a cancel. */
function useRun<T>(work: ((opts: RunOptions) => Promise<T>) | null, deps: unknown[]) {
  const [run, setRun] = useState<Run<T> | null>(null);
  const ctl = useRef<AbortController | null>(null);
  const start = () => {
    ctl.current?.abort();
    if (!work) return setRun(null);
    const c = (ctl.current = new AbortController());
    let shown = 0;
    setRun({ step: 'running', done: 0 });
    const onProgress = (done: number) => {
      if (performance.now() - shown < PROGRESS_MS) return;
      shown = performance.now();
      setRun({ step: 'running', done });
    };
    work({ signal: c.signal, onProgress }).then(
      (value) => !c.signal.aborted && setRun({ step: 'done', value }),
      (e) => setRun(c.signal.aborted ? { step: 'cancelled' } : { step: 'failed', message: errorText(e) }),
    );
  };
  useEffect(() => {
    start();
    return () => ctl.current?.abort();
  }, deps);
  return { run, start, cancel: () => ctl.current?.abort() };
}

/** The title and key the export states, from the two metadata records that give them. */
function useHead(p: LargeExportProps): { title: string; key: string; createdAt?: string } | null {
  const [head, setHead] = useState<{ title: string; key: string; createdAt?: string } | null>(null);
  useEffect(() => {
    let live = true;
    setHead(null);
    const read = (line: number) => (line < 0 ? Promise.resolve(null) : readRecords(p.file, p.index, [line]).then(([v]) => v ?? null));
    void Promise.all([read(titleLine(p.index, p.load)), read(lastMetadataLine(p.index))]).then(([t, k]) => {
      if (!live) return;
      const created = k && isDict(k) ? dictGet(k, 'created_at') : undefined;
      setHead({ title: exportTitle(t), key: exportKey(k, keyForFile(p.fileName, p.version)), ...(typeof created === 'string' ? { createdAt: created } : {}) });
    });
    return () => void (live = false);
  }, [p.file, p.index, p.load, p.fileName, p.version]);
  return head;
}

/** The large-file Export tab. */
export function LargeExport(p: LargeExportProps) {
  const [format, setFormat] = useState<ExportFormat>('md');
  const [unmask, setUnmask] = useState<ReadonlySet<number>>(new Set());
  const head = useHead(p);
  const total = p.index.messageCount;
  const scan = useRun<ExportScan>(head && ((o) => scanLargeExport(p.file, p.index, head.title, head.key, p.listed ?? LISTED_FINDINGS, o)), [head]);
  const t = pg().export;
  const tl = pg().largeExport;
  const doc = (count: number): ExportHead => ({ title: head!.title, key: head!.key, what: t.whatSession, notes: [], count, words: t.doc() });
  const mask = (n: Numbered) => (unmask.has(n.id) ? null : maskFor(n));
  // The whole file is made in a worker, told the masks as data (in the page if they cannot be).
  const labels = Object.fromEntries(SECRET_KINDS.map((k) => [k, secretLabel(k)]));
  const make = (o: RunOptions) => {
    const data = maskToData(t.mask, labels, unmask);
    return data ? buildLargeExport(p.file, p.index, doc(total), format, data, o) : buildExportBlob(doc(total), format, fileFeed(p.file, p.index), mask, o);
  };
  const ready = scan.run?.step === 'done';
  // The preview: the first messages, written as the file writes them.
  const shown = useMemo(() => (total ? sliceEnd(p.index, 0, PREVIEW_BYTES) : 0), [p.index]);
  const preview = useRun<string>(ready ? (o) => buildExportBlob(doc(total), format, fileFeed(p.file, { ...p.index, messageCount: shown }), mask, o).then((b) => b.text()) : null, [ready, format, unmask]);
  if (!head) return <p class="sl-muted" role="status" aria-busy="true">{tl.reading}</p>;
  const toggle = (id: number) => {
    const next = new Set(unmask);
    if (!next.delete(id)) next.add(id);
    setUnmask(next);
  };
  const s = scan.run;
  const keyMasked = s?.step === 'done' && s.value.key.some((n) => !unmask.has(n.id));
  const name = exportFileName(p.fileName, keyMasked, false, format, { key: head.key, ...(head.createdAt ? { createdAt: head.createdAt } : {}) });
  return (
    <section class="sl-export sl-large-export" aria-labelledby="sl-large-export-h">
      <h2 id="sl-large-export-h" class="sl-h">{t.heading}</h2>
      <p class="sl-muted">{t.local}</p>
      <fieldset class="sl-export-pick">
        <legend>{t.what}</legend>
        <label><input type="radio" name="sl-large-export-src" checked /> {t.sourceSession(total)}</label>
        <p class="sl-muted">{tl.replayNot}</p>
      </fieldset>
      <fieldset class="sl-export-pick">
        <legend>{t.format}</legend>
        {exportFormats().map((f) => (
          <label key={f.id}><input type="radio" name="sl-large-export-fmt" checked={format === f.id} onChange={() => setFormat(f.id)} /> {f.label}</label>
        ))}
      </fieldset>
      <h3 class="sl-h">{t.redaction}</h3>
      {s?.step === 'running' && <Progress text={t.scanning(s.done, total)} onCancel={scan.cancel} />}
      {s?.step === 'cancelled' && <Stopped onAgain={scan.start} />}
      {s?.step === 'failed' && <p class="sl-banner sl-danger" role="alert">{tl.failed(s.message)}</p>}
      {s?.step === 'done' && (
        <>
          <FindingsList all={s.value.listed} unmask={unmask} onToggle={toggle} counted={s.value} />
          <h3 class="sl-h">{tl.previewFirst(shown, total)}</h3>
          <div class="sl-export-preview" tabIndex={0} role="region" aria-label={t.previewLabel}>
            {preview.run?.step === 'done' ? <Fold key={format} text={preview.run.value} limit={6000} lines={80} class="sl-code" /> : <p class="sl-muted" aria-busy="true">…</p>}
          </div>
          <h3 class="sl-h">{t.save}</h3>
          {/* Its own state: progress re-renders only it, not the list and the preview. New choices, a new file to make. */}
          <Save key={`${format}|${[...unmask].join(',')}`} name={name} total={total} make={make} />
        </>
      )}
    </section>
  );
}

function Progress({ text, onCancel }: { text: string; onCancel: () => void }) {
  return (
    <p role="status" aria-busy="true">
      <span class="sl-muted">{text}</span>{' '}
      <button type="button" onClick={onCancel}>{pg().largeExport.cancel}</button>
    </p>
  );
}

function Stopped({ onAgain }: { onAgain: () => void }) {
  const tl = pg().largeExport;
  return (
    <p class="sl-banner sl-info" role="status">
      {tl.cancelled}{' '}
      <button type="button" onClick={onAgain}>{tl.again}</button>
    </p>
  );
}

interface SaveProps {
  name: string;
  total: number;
  make: (opts: RunOptions) => Promise<Blob>;
}

/** Make the file, then download it: the button, the progress (with a cancel), the download with its size. */
function Save({ name, total, make }: SaveProps) {
  const [making, setMaking] = useState(false);
  const build = useRun<Blob>(making ? make : null, [making]);
  const t = pg().export;
  const tl = pg().largeExport;
  const run = build.run;
  if (!making || !run) return <p><button type="button" class="sl-primary" onClick={() => setMaking(true)}>{tl.make}</button></p>;
  if (run.step === 'running') return <Progress text={tl.making(run.done, total)} onCancel={build.cancel} />;
  if (run.step === 'cancelled') return <Stopped onAgain={build.start} />;
  if (run.step === 'failed') return <p class="sl-banner sl-danger" role="alert">{tl.failed(run.message)}</p>;
  return (
    <p>
      <button type="button" class="sl-primary" onClick={() => downloadBlob(run.value, name)}>{t.download(name)}</button>{' '}
      <span class="sl-muted">{pg().session.bytes(run.value.size)}</span> <span class="sl-muted">{tl.made}</span>
    </p>
  );
}

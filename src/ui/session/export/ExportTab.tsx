/**
 * Export and share, at every size: the session as stored, or the replay nanobot sends (as the
 * Replay tab answers it), as Markdown, one offline HTML page or JSON. Everything is
 * read through the file's SessionSource: a redaction search over the messages (findings counted,
 * the first ones listed for unmasking; in the export worker at the line index), the redacted preview
 * of the first messages, then the file made as a Blob of parts (with progress and a cancel where it
 * is longer than the preview) and downloaded. Nothing leaves the page otherwise.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ExportFormat, ExportHead } from '../../../core/export/export';
import { maskToData, type Numbered } from '../../../core/export/export-redact';
import { SECRET_KINDS } from '../../../core/export/redact';
import type { PyDict } from '../../../core/python/pyvalue';
import type { SessionSource } from '../../../store/source/session-source';
import { heldExport, type ExportFacts, type ExportMask, type ExportPasses, type ExportRunOptions, type ExportScan } from '../../../store/source/export-answers';
import { Fold } from '../parts/Fold';
import { useAnswer } from '../parts/answer';
import { uptoFromParams } from '../replay/settings';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';
import { downloadBlob, exportFileName } from './download';
import { FindingsList } from './FindingsList';
import { exportFormats } from './formats';
import { ReplayEntries } from './ReplayEntries';
import { maskFor, secretLabel } from './scan';

export interface ExportTabProps {
  /** The file, as the page reads it. */
  source: SessionSource;
  params: Record<string, string>;
  onParams: (params: Record<string, string>) => void;
  /** Findings listed at most (all are counted and masked). */
  listed?: number;
}

/** Findings the list holds at most. */
export const LISTED_FINDINGS = 1000;
/** Progress is shown a few times a second: a render per message would add up. */
const PROGRESS_MS = 200;

type Run<T> = { step: 'running'; done: number } | { step: 'done'; value: T } | { step: 'cancelled' } | { step: 'failed'; message: string };

/** Runs `work` (again when `deps` change or `again` is called), with throttled progress and a cancel. */
function useRun<T>(work: ((opts: ExportRunOptions) => Promise<T>) | null, deps: unknown[]) {
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

/** Source and format pickers, then the redaction step over what was picked. */
export function ExportTab({ source, params, onParams, listed = LISTED_FINDINGS }: ExportTabProps) {
  const asked = useAnswer(() => source.exportFacts(), source);
  // How many messages the replay reads (nanobot's load's, else the recovered lens's): what a link's `upto` is checked against.
  const replayed = useAnswer(() => source.load(), source).value?.result?.count ?? asked.value?.messages ?? null;
  const replay = params.src === 'replay';
  const format: ExportFormat = params.fmt === 'html' || params.fmt === 'json' ? params.fmt : 'md';
  const set = (k: string, v: string) => onParams({ ...params, [k]: v });
  const sessionPasses = useMemo<ExportPasses>(() => ({ scan: source.exportScan.bind(source), blob: source.exportBlob.bind(source) }), [source]);
  const t = pg().export;
  const tl = pg().largeExport;
  if (asked.failed !== undefined) return <p class="sl-banner sl-danger" role="alert">{tl.failed(asked.failed)}</p>;
  const facts = asked.value;
  if (!facts) return <p class="sl-muted" role="status" aria-busy="true">{tl.reading}</p>;
  // A link from the Replay tab "as of" a turn exports that same replay.
  const upto = uptoFromParams(params, replayed ?? 0);
  const body = { facts, format, fileName: source.stat.fileName, listed };
  return (
    <section class="sl-export" aria-labelledby="sl-export-h">
      <h2 id="sl-export-h" class="sl-h">{t.heading}</h2>
      <p class="sl-muted">{t.local}</p>
      <fieldset class="sl-export-pick">
        <legend>{t.what}</legend>
        <label><input type="radio" name="sl-export-src" checked={!replay} onChange={() => set('src', 'session')} /> {t.sourceSession(facts.messages)}</label>
        <label data-upto={upto ?? undefined}><input type="radio" name="sl-export-src" checked={replay} onChange={() => set('src', 'replay')} /> {upto === null ? t.sourceReplay : t.sourceReplayUpto(upto - 1, upto, replayed!)}</label>
      </fieldset>
      <fieldset class="sl-export-pick">
        <legend>{t.format}</legend>
        {exportFormats().map((f) => (
          <label key={f.id}><input type="radio" name="sl-export-fmt" checked={format === f.id} onChange={() => set('fmt', f.id)} /> {f.label}</label>
        ))}
      </fieldset>
      {replay ? (
        <ReplayEntries source={source} params={params} upto={upto}>
          {(entries, note) => <ReplayBody {...body} entries={entries} note={note} />}
        </ReplayEntries>
      ) : (
        <ExportBody {...body} passes={sessionPasses} total={facts.messages} preview={facts.preview} what={t.whatSession} notes={[]} replay={false} />
      )}
    </section>
  );
}

interface BodyProps {
  facts: ExportFacts;
  format: ExportFormat;
  fileName: string;
  listed: number;
  passes: ExportPasses;
  /** Messages exported, and how many of the first the preview shows. */
  total: number;
  preview: number;
  what: string;
  notes: string[];
  replay: boolean;
}

/** The replay's entries (in hand) exported through the same passes. */
function ReplayBody(p: Omit<BodyProps, 'passes' | 'total' | 'preview' | 'what' | 'notes' | 'replay'> & { entries: PyDict[]; note: string }) {
  const passes = useMemo(() => heldExport(async () => p.entries), [p.entries]);
  return <ExportBody {...p} passes={passes} total={p.entries.length} preview={p.entries.length} what={pg().export.whatReplay} notes={[p.note]} replay={true} />;
}

/** The findings, the preview, and the file to save. */
function ExportBody({ facts, format, fileName, listed, passes, total, preview, what, notes, replay }: BodyProps) {
  const [unmask, setUnmask] = useState<ReadonlySet<number>>(new Set());
  const scan = useRun<ExportScan>((o) => passes.scan(facts.title, facts.key, listed, o), [passes]);
  // Other messages, other findings: none of them unmasked yet.
  const [scanned, setScanned] = useState(passes);
  if (scanned !== passes) {
    setScanned(passes);
    if (unmask.size) setUnmask(new Set());
  }
  const t = pg().export;
  const tl = pg().largeExport;
  const head = (count: number): ExportHead => ({ title: facts.title, key: facts.key, what, notes, count, words: t.doc() });
  // Masks as data where they can be (a worker is sent them), else as the page's function.
  const labels = Object.fromEntries(SECRET_KINDS.map((k) => [k, secretLabel(k)]));
  const mask: ExportMask = maskToData(t.mask, labels, unmask) ?? ((n: Numbered) => (unmask.has(n.id) ? null : maskFor(n)));
  const ready = scan.run?.step === 'done';
  // The preview: the first messages, written as the file writes them (the whole file when they are all of it).
  const shown = useRun<{ blob: Blob; text: string }>(ready ? (o) => passes.blob(head(total), format, mask, o, preview).then(async (blob) => ({ blob, text: await blob.text() })) : null, [ready, format, unmask, passes, notes.join('\n')]);
  const toggle = (id: number) => {
    const next = new Set(unmask);
    if (!next.delete(id)) next.add(id);
    setUnmask(next);
  };
  const s = scan.run;
  const keyMasked = s?.step === 'done' && s.value.key.some((n) => !unmask.has(n.id));
  const name = exportFileName(fileName, keyMasked, replay, format, { key: facts.key, ...(facts.createdAt ? { createdAt: facts.createdAt } : {}) });
  const all = preview >= total;
  const p = shown.run;
  return (
    <div class="sl-export-body">
      <h3 class="sl-h">{t.redaction}</h3>
      {s?.step === 'running' && <Progress text={t.scanning(s.done, total)} onCancel={scan.cancel} />}
      {s?.step === 'cancelled' && <Stopped onAgain={scan.start} />}
      {s?.step === 'failed' && <p class="sl-banner sl-danger" role="alert">{tl.failed(s.message)}</p>}
      {s?.step === 'done' && (
        <>
          <FindingsList all={s.value.listed} unmask={unmask} onToggle={toggle} counted={s.value} />
          <h3 class="sl-h">{all ? t.preview : tl.previewFirst(preview, total)}</h3>
          <div class="sl-export-preview" tabIndex={0} role="region" aria-label={t.previewLabel}>
            {p?.step === 'done' ? <Fold key={format} text={p.value.text} limit={6000} lines={80} class="sl-code" /> : p?.step === 'failed' ? <p class="sl-banner sl-danger" role="alert">{tl.failed(p.message)}</p> : <p class="sl-muted" aria-busy="true">…</p>}
          </div>
          <h3 class="sl-h">{t.save}</h3>
          {all ? (
            p?.step === 'done' && <Download blob={p.value.blob} name={name} />
          ) : (
            // Its own state: progress re-renders only it, not the list and the preview. New choices, a new file to make.
            <Save key={`${format}|${[...unmask].join(',')}`} name={name} total={total} make={(o) => passes.blob(head(total), format, mask, o)} />
          )}
        </>
      )}
    </div>
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

/** The download of a file made, with its size. */
function Download({ blob, name }: { blob: Blob; name: string }) {
  return (
    <p>
      <button type="button" class="sl-primary" onClick={() => downloadBlob(blob, name)}>{pg().export.download(name)}</button>{' '}
      <span class="sl-muted">{pg().session.bytes(blob.size)}</span>
    </p>
  );
}

interface SaveProps {
  name: string;
  total: number;
  make: (opts: ExportRunOptions) => Promise<Blob>;
}

/** Make the file, then download it: the button, the progress (with a cancel), the download with its size. */
function Save({ name, total, make }: SaveProps) {
  const [making, setMaking] = useState(false);
  const build = useRun<Blob>(making ? make : null, [making]);
  const tl = pg().largeExport;
  const run = build.run;
  if (!making || !run) return <p><button type="button" class="sl-primary" onClick={() => setMaking(true)}>{tl.make}</button></p>;
  if (run.step === 'running') return <Progress text={tl.making(run.done, total)} onCancel={build.cancel} />;
  if (run.step === 'cancelled') return <Stopped onAgain={build.start} />;
  if (run.step === 'failed') return <p class="sl-banner sl-danger" role="alert">{tl.failed(run.message)}</p>;
  return (
    <>
      <Download blob={run.value} name={name} />
      <p class="sl-muted">{tl.made}</p>
    </>
  );
}

/**
 * The File tab, one at every size, read through the session's source: both lenses, nanobot's save
 * note, the problems counted from the line index (with jumps to the first and next line of each),
 * the diagnostics, the metadata record nanobot loads explained, and the raw lines read as they come
 * into view. A problem, the metadata's line, "go to line" or a `line=` link brings a line into view and marks it.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Diagnostic } from '../../../core/lens/document';
import type { IndexHealth } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import type { SessionSource, SourceHealth, SourceLoad, SourceMeta } from '../../../store/source/session-source';
import { LensPanel } from './LensPanel';
import { sourceLensFacts } from './lens-facts';
import { FileHealth } from './FileHealth';
import { FileLines, type LineTarget } from './FileLines';
import { MetadataRecord } from './MetadataPanel';
import { showControls } from '../../parts/iso';
import { useAnswer } from '../parts/answer';
import { pg } from '../../i18n/text';
import { count } from '../text';
import { NanobotSaveNote } from '../edit/notes/NanobotSaveNote';

export interface FileTabProps {
  source: SessionSource;
  /** A 0-based line to open at (a `line=` link), or null. */
  line: number | null;
  /** A line was asked for here: the page puts it in its route. */
  onLine?: (line: number) => void;
}

/** Diagnostics listed (the rest counted). */
const LISTED = 200;

/** The line index's problems once counted (null until then) and how many lines are counted so far. */
function useLineHealth(source: SessionSource): { health: IndexHealth | null; done: number } {
  const [state, setState] = useState<{ source: SessionSource; health: IndexHealth | null; done: number }>({ source, health: null, done: 0 });
  useEffect(() => {
    let live = true;
    void source.lineHealth((done) => live && setState({ source, health: null, done })).then((health) => live && setState({ source, health, done: 0 }), () => undefined);
    return () => void (live = false);
  }, [source]);
  return state.source === source ? state : { health: null, done: 0 };
}

/** Lenses, save note, health, diagnostics, metadata, then the lines. */
export function FileTab({ source, line, onLine }: FileTabProps) {
  const nonce = useRef(1);
  const [target, setTarget] = useState<LineTarget | null>(line === null ? null : { line, nonce: 0 });
  const [seenLine, setSeenLine] = useState(line);
  // A new `line=` link while the tab is open moves to it.
  if (line !== seenLine) {
    setSeenLine(line);
    if (line !== null) setTarget({ line, nonce: nonce.current++ });
  }
  const indexed = useAnswer<LineIndex>(() => source.lineIndex(), source);
  const loaded = useAnswer<SourceLoad>(() => source.load(), source);
  const meta = useAnswer<SourceMeta | null>(() => source.meta(), source).value;
  const checked = useAnswer<SourceHealth>(() => source.health(), source);
  const [index, load, full] = [indexed.value, loaded.value, checked.value];
  // What stops the tab (the file cannot be read, or changed while read), said instead of its sections.
  const failed = indexed.failed ?? loaded.failed;
  const { health, done } = useLineHealth(source);
  const goto = (l: number) => {
    setTarget({ line: l, nonce: nonce.current++ });
    onLine?.(l);
  };
  // A line asked for brings the lines list into view; the list itself scrolls to the line.
  const lines = useRef<HTMLElement>(null);
  useEffect(() => {
    if (target && index) lines.current?.scrollIntoView?.({ block: 'start' });
  }, [target, !index]);
  const t = pg().file;
  const tl = pg().largeFile;
  // "Go to line": the typed line, when the file has it (a plain group, not a form: the page holds no form of its own).
  const goInput = useRef<HTMLInputElement>(null);
  const onGo = () => {
    const v = Number(goInput.current?.value);
    if (index && Number.isInteger(v) && v >= 1 && v <= index.count) goto(v - 1);
  };
  const diags = full?.diagnostics;
  const byLine = useMemo(() => {
    if (!diags) return undefined;
    const m = new Map<number, Diagnostic[]>();
    for (const d of diags) m.set(d.line, [...(m.get(d.line) ?? []), d]);
    return m;
  }, [diags]);
  const facts = index && load && health && meta !== undefined ? sourceLensFacts(load, index, health, meta, diags ? diags.length : null) : null;
  return (
    <section class="sl-file" aria-labelledby="sl-file-h">
      <h2 id="sl-file-h" class="sl-h">{t.heading}</h2>
      {failed ? (
        <p class="notice danger" role="alert">{failed}</p>
      ) : !index || !load ? (
        <p role="status" aria-busy="true">{tl.reading}</p>
      ) : (
        <>
          {facts && <LensPanel facts={facts} />}
          <NanobotSaveNote version={source.stat.version} fileLoads={load.result !== null && !load.error && load.path === 'normal'} />
          <FileHealth index={index} load={load} health={health} done={done} at={target?.line ?? -1} onLine={goto} />
          {checked.failed && <p class="notice danger" role="alert">{checked.failed}</p>}
          {diags && (
          <section aria-labelledby="sl-diag-h">
            <h3 id="sl-diag-h">{diags.length ? t.problems(diags.length) : t.noProblems}</h3>
            {diags.length > 0 && (
              <ul class="sl-diag-list">
                {diags.slice(0, LISTED).map((d, i) => (
                  <li key={i} class={`sl-sev-${d.severity}`}>
                    <button type="button" class="sl-link" onClick={() => goto(d.line)}>{t.lineAt(d.line + 1, d.column ?? 0)}</button>{' '}
                    <span class="sl-tag">{t.severity[d.severity]}</span> {showControls(t.diagnostic(d))}
                  </li>
                ))}
                {diags.length > LISTED && <li class="sl-muted">{t.more(diags.length - LISTED)}</li>}
              </ul>
            )}
          </section>
          )}
          {meta ? (
            <MetadataRecord line={meta.line} rec={meta.value} lastConsolidated={full ? (full.load.result && !full.load.error ? full.load.result.lastConsolidated : full.recovered.lastConsolidated) : load.result?.lastConsolidated ?? 0} onLine={goto} />
          ) : (
            meta === null && <p class="sl-banner sl-warn">{t.noMetadata}</p>
          )}
          <section ref={lines} aria-labelledby="sl-lines-h">
            <h3 id="sl-lines-h">{tl.lines(count(index.count))}</h3>
            <div class="sl-goto" role="group" aria-label={tl.goTo}>
              <label>
                {tl.goTo} <input ref={goInput} type="number" min={1} max={index.count} class="sl-goto-line" onKeyDown={(e) => e.key === 'Enter' && onGo()} />
              </label>{' '}
              <button type="button" class="btn" onClick={onGo}>{tl.go}</button>
            </div>
            <FileLines source={source} index={index} diagnostics={byLine} target={target} />
          </section>
        </>
      )}
    </section>
  );
}

/** The File tab: both lenses, the metadata record explained, every problem, and the raw lines. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Diagnostic } from '../../../core/lens/document';
import type { OpenedSession } from '../../../store/save/sessions';
import { replaySession } from '../lens';
import { LensPanel } from './LensPanel';
import { lensFactsOf } from './lens-facts';
import { LinesList } from './LinesList';
import { MetadataPanel } from './MetadataPanel';
import { showControls } from '../../parts/iso';
import { pg } from '../../i18n/text';
import { NanobotSaveNote } from '../edit/notes/NanobotSaveNote';

export interface FileTabProps {
  opened: OpenedSession;
  line: number | null;
  onLine: (line: number) => void;
}

/** Lens comparison, diagnostics, metadata, then the virtualized lines (scrolls to `line`). */
export function FileTab({ opened, line, onLine }: FileTabProps) {
  const [nonce, setNonce] = useState(0);
  const byLine = useMemo(() => {
    const m = new Map<number, Diagnostic[]>();
    for (const d of opened.doc.diagnostics) m.set(d.line, [...(m.get(d.line) ?? []), d]);
    return m;
  }, [opened]);
  const go = (l: number) => {
    onLine(l);
    setNonce(nonce + 1);
  };
  // A "line N" link (here, in the header, in Health) means that line: bring the lines list into
  // view; the list itself scrolls to the line.
  const lines = useRef<HTMLElement>(null);
  useEffect(() => {
    if (line !== null) lines.current?.scrollIntoView({ block: 'start' });
  }, [line, nonce]);
  const diags = opened.doc.diagnostics;
  const facts = useMemo(() => lensFactsOf(opened), [opened]);
  const t = pg().file;
  return (
    <section class="sl-file" aria-labelledby="sl-file-h">
      <h2 id="sl-file-h" class="sl-h">{t.heading}</h2>
      <LensPanel facts={facts} />
      <NanobotSaveNote version={opened.version} fileLoads={facts.state === 'normal'} />
      <section aria-labelledby="sl-diag-h">
        <h3 id="sl-diag-h">{diags.length ? t.problems(diags.length) : t.noProblems}</h3>
        {diags.length > 0 && (
          <ul class="sl-diag-list">
            {diags.slice(0, 200).map((d, i) => (
              <li key={i} class={`sl-sev-${d.severity}`}>
                <button type="button" class="sl-link" onClick={() => go(d.line)}>{t.lineAt(d.line + 1, d.column ?? 0)}</button>{' '}
                <span class="sl-tag">{t.severity[d.severity]}</span> {showControls(t.diagnostic(d))}
              </li>
            ))}
            {diags.length > 200 && <li class="sl-muted">{t.more(diags.length - 200)}</li>}
          </ul>
        )}
      </section>
      <MetadataPanel doc={opened.doc} lastConsolidated={replaySession(opened).session.lastConsolidated} onLine={go} />
      <section ref={lines} aria-labelledby="sl-lines-h">
        <h3 id="sl-lines-h">{t.lines(opened.doc.records.length)}</h3>
        <LinesList records={opened.doc.records} diagnostics={byLine} line={line} nonce={nonce} />
      </section>
    </section>
  );
}

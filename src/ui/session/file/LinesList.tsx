/**
 * The file's raw lines with numbers (virtualized). Long lines are cut for display with "show all";
 * lines with a diagnostic are highlighted, with the reason and the column marked.
 */
import { useState } from 'preact/hooks';
import type { Diagnostic, FileRecord } from '../../../core/document';
import { cut, recordText } from '../text';
import { pg } from '../../i18n/text';
import { VirtualList } from '../VirtualList';
import { closeIsolates, showControls } from '../../iso';

/** Characters of a line drawn before "show all". */
export const LINE_DISPLAY_MAX = 3000;

export interface LinesListProps {
  records: FileRecord[];
  diagnostics: Map<number, Diagnostic[]>;
  /** 0-based line to scroll to and highlight. */
  line: number | null;
  nonce: number;
}

/** How a line ends when not with "\n" (the control names are the same in every language). */
function eolText(eol: string): string | null {
  return eol === '\r\n' ? 'CRLF' : eol === '\r' ? 'CR' : eol === '' ? pg().file.noFinalNewline : null;
}

function Marked({ text, column }: { text: string; column?: number }) {
  if (!column || column > text.length + 1) return <>{text}</>;
  const at = column - 1;
  return (
    <>
      {text.slice(0, at)}
      <mark class="sl-col" title={pg().file.columnTitle(column)}>{text.slice(at, at + 1) || ' '}</mark>
      {text.slice(at + 1)}
    </>
  );
}

function Line({ rec, n, diags, hl }: { rec: FileRecord; n: number; diags: Diagnostic[]; hl: boolean }) {
  const [all, setAll] = useState(false);
  const text = recordText(rec);
  const shown = all ? { text, cut: false } : cut(text, LINE_DISPLAY_MAX);
  const bad = diags.some((d) => d.severity === 'error');
  const column = diags.find((d) => d.column)?.column;
  const t = pg().file;
  const eol = rec.eol !== '\n' ? eolText(rec.eol) : null;
  return (
    <div class={`sl-line sl-kind-${rec.kind} ${bad ? 'sl-line-bad' : diags.length ? 'sl-line-warn' : ''} ${hl ? 'sl-hl' : ''}`} data-line={n + 1}>
      <span class="sl-gutter" aria-label={t.lineLabel(n + 1)}>{n + 1}</span>
      <div class="sl-line-body">
        <span class="sl-tag">{t.kinds[rec.kind]}</span>
        {eol && <span class="sl-tag">{eol}</span>}
        <pre class="sl-text sl-code">
          <bdi><Marked text={closeIsolates(shown.text)} column={column} /></bdi>
          {shown.cut ? '…' : ''}
        </pre>
        {shown.cut && (
          <button type="button" class="sl-link" onClick={() => setAll(true)}>
            {t.showAllChars(text.length)}
          </button>
        )}
        {diags.map((d, i) => (
          <p key={i} class={`sl-diag sl-sev-${d.severity}`}>
            {t.severity[d.severity]}{pg().session.listColon}{showControls(t.diagnostic(d.kind, d.message))}
            {d.column ? t.column(d.column) : ''}
          </p>
        ))}
      </div>
    </div>
  );
}

/** Every line of the file as stored (blank ones too), each with its problems. */
export function LinesList(p: LinesListProps) {
  return (
    <VirtualList
      label={pg().file.linesLabel}
      count={p.records.length}
      estimateSize={(i) => Math.min(400, 40 + Math.ceil(Math.min(p.records[i]!.raw.length, LINE_DISPLAY_MAX) / 100) * 18)}
      scrollTo={p.line}
      scrollNonce={p.nonce}
      render={(i) => <Line rec={p.records[i]!} n={i} diags={p.diagnostics.get(i) ?? []} hl={i === p.line} />}
    />
  );
}

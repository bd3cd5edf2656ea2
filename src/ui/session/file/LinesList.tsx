/**
 * The file's raw lines with numbers (virtualized). Long lines are cut for display with "show all";
 * lines with a diagnostic are highlighted, with the reason and the column marked.
 */
import { useState } from 'preact/hooks';
import type { Diagnostic, FileRecord } from '../../../core/lens/document';
import { cut, recordText } from '../text';
import { pg } from '../../i18n/text';
import { VirtualList } from '../parts/VirtualList';
import { closeIsolates, showControls } from '../../parts/iso';
import { eolText, LINE_DISPLAY_MAX, lineHeight, RawLine } from './RawLine';

export { LINE_DISPLAY_MAX } from './RawLine';

export interface LinesListProps {
  records: FileRecord[];
  diagnostics: Map<number, Diagnostic[]>;
  /** 0-based line to scroll to and highlight. */
  line: number | null;
  nonce: number;
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
  const eol = eolText(rec.eol);
  return (
    <RawLine
      n={n}
      class={`sl-kind-${rec.kind} ${bad ? 'sl-line-bad' : diags.length ? 'sl-line-warn' : ''} ${hl ? 'sl-hl' : ''}`}
      tags={
        <>
          <span class="sl-tag">{t.kinds[rec.kind]}</span>
          {eol && <span class="sl-tag">{eol}</span>}
        </>
      }
      cut={shown.cut}
      after={
        <>
          {shown.cut && (
            <button type="button" class="sl-link" onClick={() => setAll(true)}>
              {t.showAllChars(text.length)}
            </button>
          )}
          {diags.map((d, i) => (
            <p key={i} class={`sl-diag sl-sev-${d.severity}`}>
              {t.severity[d.severity]}{pg().session.listColon}{showControls(t.diagnostic(d))}
              {d.column ? t.column(d.column) : ''}
            </p>
          ))}
        </>
      }
    >
      <Marked text={closeIsolates(shown.text)} column={column} />
    </RawLine>
  );
}

/** Every line of the file as stored (blank ones too), each with its problems. */
export function LinesList(p: LinesListProps) {
  return (
    <VirtualList
      label={pg().file.linesLabel}
      count={p.records.length}
      estimateSize={(i) => lineHeight(p.records[i]!.raw.length)}
      scrollTo={p.line}
      scrollNonce={p.nonce}
      render={(i) => <Line rec={p.records[i]!} n={i} diags={p.diagnostics.get(i) ?? []} hl={i === p.line} />}
    />
  );
}

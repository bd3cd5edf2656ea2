/**
 * The raw lines of a file at every size, as a virtual list in pages: each row's number, byte
 * offset, kind, terminator and problems come from the source's line index; its text is read when it
 * comes into view (`lineHeads`: the first bytes of neighbouring rows together), with bytes that are
 * not UTF-8 shown as `\xNN`, a problem's column marked, and a long line revealed in steps.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { badBytesText, textPieces, type TextPiece } from '../../../core/bytes/byte-text';
import { diagnosticsOfLine, type Diagnostic } from '../../../core/lens/document';
import { LINE_PROBLEM, lineProblems, LINE_PROBLEMS } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import { KIND_NAMES } from '../../../core/index/record-facts';
import type { SessionSource } from '../../../store/source/session-source';
import { pg } from '../../i18n/text';
import { closeIsolates, showControls } from '../../parts/iso';
import { eolText, LINE_DISPLAY_MAX, lineHeight, RawLine } from './RawLine';
import { VirtualList } from '../parts/VirtualList';
import { bytes as byteSize, count } from '../text';
import { PageNav } from '../parts/PageNav';

/** Lines per page of the list (as the conversation's pages: the browser's height limit, the virtualizer's per-row cost). */
const LINE_PAGE = 20_000;
/** Lines read per block (their heads in as few slices as their places allow). */
const BLOCK = 32;
/** Blocks kept read; older ones are dropped. */
const KEPT_BLOCKS = 64;
/** Each "show more" reads this many more bytes of a long line. */
const REVEAL_STEP = 32 * 1024;
/** A cut line up to this long is also offered whole ("show all", read in one slice); a longer one only in steps. */
const SHOW_ALL_MAX = 8 << 20;
/** How long after a jump the list keeps aiming at its line as rows are read and measured. */
const AIM_MS = 2000;

const EOLS = ['', '\n', '\r\n', '\r'];
/** Problems a row is marked for as an error (the others as a warning, or only tagged: blank, CR, CRLF). */
const BAD = LINE_PROBLEM.notRecord | LINE_PROBLEM.rejected | LINE_PROBLEM.invalidUtf8 | LINE_PROBLEM.bom;
const WARN = LINE_PROBLEM.missingRole | LINE_PROBLEM.invalidState;
/** Problems told by the row's kind or terminator tag already. */
const TAGGED = LINE_PROBLEM.blank | LINE_PROBLEM.crlf | LINE_PROBLEM.cr;

/** A line to bring into view (0-based); a new `nonce` scrolls again. */
export interface LineTarget {
  line: number;
  nonce: number;
}

/** Text pieces as text nodes, bytes that are not UTF-8 as marked `\xNN` (never HTML); the character at 1-based `column` of the text marked. */
function Pieces({ pieces, column }: { pieces: TextPiece[]; column?: number | undefined }) {
  const t = pg().largeFile;
  let at = 0;
  const text = (p: string, i: number) => {
    const from = at;
    at += p.length;
    const c = column ? column - 1 - from : -1;
    if (c < 0 || c >= p.length) return closeIsolates(p);
    return (
      <span key={i}>
        {p.slice(0, c)}
        <mark class="sl-col" title={pg().file.columnTitle(column!)}>{p.slice(c, c + 1)}</mark>
        {closeIsolates(p.slice(c + 1))}
      </span>
    );
  };
  return (
    <>
      {pieces.map((p, i) =>
        typeof p === 'string' ? (
          text(p, i)
        ) : (
          <mark key={i} class="sl-bad-bytes" title={t.badBytes}>
            {badBytesText(p)}
          </mark>
        ),
      )}
    </>
  );
}

interface LineRowProps {
  source: SessionSource;
  index: LineIndex;
  /** The file's diagnostics by line, once known (until then a line's reason is read from its own bytes). */
  diagnostics: Map<number, Diagnostic[]> | undefined;
  n: number;
  /** The line's first bytes, null while they are read. */
  head: Uint8Array | null;
  hl: boolean;
}

/** One raw line: tags from the index, text from its bytes, more of a long line on request. */
function LineRow({ source, index, diagnostics, n, head, hl }: LineRowProps) {
  const [more, setMore] = useState<Uint8Array | null>(null);
  const t = pg().largeFile;
  const f = pg().file;
  const bytes = more ?? head;
  const length = index.length[n]!;
  const problems = lineProblems(index, n);
  const kind = KIND_NAMES[index.kind[n]!]!;
  const eol = eolText(EOLS[index.eol[n]!]!);
  const tags = (
    <>
      <span class="sl-tag">{f.kinds[kind]}</span>
      {eol && <span class="sl-tag">{eol}</span>}
      <span class="sl-tag sl-muted">{t.offset(count(index.start[n]!))}</span>
      {LINE_PROBLEMS.filter((p) => problems & LINE_PROBLEM[p] & ~TAGGED).map((p) => (
        <span key={p} class="sl-tag sl-tag-problem">{t.tag[p as keyof typeof t.tag]}</span>
      ))}
    </>
  );
  const listed = diagnostics?.get(n) ?? [];
  const cls = `sl-kind-${kind} ${problems & BAD || listed.some((d) => d.severity === 'error') ? 'sl-line-bad' : problems & WARN || listed.length ? 'sl-line-warn' : ''} ${hl ? 'sl-hl' : ''}`;
  if (!bytes) {
    return (
      <RawLine n={n} class={`${cls} sl-line-pending`} tags={tags} cut={false}>
        <span aria-busy="true">{t.reading}</span>
      </RawLine>
    );
  }
  const whole = bytes.length >= length;
  const { pieces, used } = textPieces(bytes, whole);
  const reveal = (upTo: number) => void source.lineHeads([n], Math.min(length, upTo)).then(([b]) => b && setMore(b));
  // The line's diagnostics; until the file's are known, the reason a line is not a record (or a
  // message breaks the replay) read from its own bytes once the whole line is in (such lines are few and short).
  const diags = diagnostics ? listed : whole && problems & (BAD | WARN) ? diagnosticsOfLine(n, bytes, EOLS[index.eol[n]!]!, source.stat.version) : [];
  return (
    <RawLine
      n={n}
      class={cls}
      tags={tags}
      cut={used < length}
      after={
        <>
          {used < length && (length > SHOW_ALL_MAX || length - used > REVEAL_STEP) && (
            <button type="button" class="sl-link" onClick={() => reveal(bytes.length + REVEAL_STEP)}>
              {t.more(byteSize(Math.min(REVEAL_STEP, length - used)), byteSize(used), byteSize(length))}
            </button>
          )}
          {used < length && length <= SHOW_ALL_MAX && (
            <>
              {length - used > REVEAL_STEP && ' · '}
              <button type="button" class="sl-link" onClick={() => reveal(length)}>
                {f.showAll(byteSize(length))}
              </button>
            </>
          )}
          {diags.map((d, i) => (
            <p key={i} class={`sl-diag sl-sev-${d.severity}`}>
              {f.severity[d.severity]}{pg().session.listColon}{showControls(f.diagnostic(d))}
              {d.column ? f.column(d.column) : ''}
            </p>
          ))}
        </>
      }
    >
      <Pieces pieces={pieces} column={diags.find((d) => d.column)?.column} />
    </RawLine>
  );
}

export interface FileLinesProps {
  source: SessionSource;
  /** The source's line index. */
  index: LineIndex;
  /** The file's diagnostics by line (undefined while they are found). */
  diagnostics?: Map<number, Diagnostic[]> | undefined;
  target: LineTarget | null;
}

/** Every line of the file, a page at a time, read as it comes into view. */
export function FileLines({ source, index, diagnostics, target }: FileLinesProps) {
  const blocks = useRef(new Map<number, Uint8Array[]>());
  const pending = useRef(new Set<number>());
  const [, setTick] = useState(0);
  const pages = Math.max(1, Math.ceil(index.count / LINE_PAGE));
  const [page, setPage] = useState(() => (target ? Math.floor(target.line / LINE_PAGE) : 0));
  const first = page * LINE_PAGE;
  // A jump turns to the line's page; while the rows around it are read their heights change from
  // the guess, so each block read in the next moments aims at the line again.
  const [aim, setAim] = useState(0);
  const aimUntil = useRef(0);
  useEffect(() => {
    if (!target) return;
    setPage(Math.floor(target.line / LINE_PAGE));
    aimUntil.current = performance.now() + AIM_MS;
  }, [target]);
  useEffect(() => {
    blocks.current.clear();
    pending.current.clear();
  }, [source, index]);
  const estimate = useCallback((k: number) => lineHeight(index.length[first + k]!), [index, first]);

  const want = (b: number) => {
    if (blocks.current.has(b) || pending.current.has(b)) return;
    pending.current.add(b);
    const lines = Array.from({ length: Math.min(index.count, (b + 1) * BLOCK) - b * BLOCK }, (_, k) => b * BLOCK + k);
    void source.lineHeads(lines, LINE_DISPLAY_MAX).then(
      (heads) => {
        pending.current.delete(b);
        blocks.current.set(b, heads);
        while (blocks.current.size > KEPT_BLOCKS) blocks.current.delete(blocks.current.keys().next().value!);
        setTick((x) => x + 1);
        if (performance.now() < aimUntil.current) setAim((a) => a + 1);
      },
      () => pending.current.delete(b),
    );
  };

  const render = (k: number) => {
    const n = first + k;
    const b = Math.floor(n / BLOCK);
    const block = blocks.current.get(b);
    if (!block) want(b);
    return <LineRow key={n} source={source} index={index} diagnostics={diagnostics} n={n} head={block ? block[n - b * BLOCK]! : null} hl={n === target?.line} />;
  };

  const t = pg().largeFile;
  const targetRow = target && Math.floor(target.line / LINE_PAGE) === page ? target.line - first : null;
  const stopAiming = () => void (aimUntil.current = 0);
  return (
    <>
      {pages > 1 && <PageNav page={page} pages={pages} range={t.pageOf(count(first + 1), count(Math.min(index.count, first + LINE_PAGE)), count(index.count))} onPage={setPage} />}
      <div onWheel={stopAiming} onTouchStart={stopAiming} onKeyDown={stopAiming} onMouseDown={stopAiming}>
        <VirtualList key={page} count={Math.min(LINE_PAGE, index.count - first)} estimateSize={estimate} render={render} label={t.linesLabel} class="sl-file-lines" scrollTo={targetRow} scrollNonce={(target?.nonce ?? 0) * 1e6 + aim} />
      </div>
    </>
  );
}


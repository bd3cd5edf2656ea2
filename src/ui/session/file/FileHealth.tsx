/**
 * The File tab's health at every size: nanobot's load, and every problem the line index tells, with
 * how many lines have it and buttons that bring the first and the next of them into the raw list.
 */
import { fileProblemCount, LINE_PROBLEMS, nextFileProblemLine, nextProblemLine, type FileProblem, type IndexHealth, type LineProblem } from '../../../core/index/index-health';
import type { SourceLoad } from '../../../store/source/session-source';
import type { LineIndex } from '../../../core/index/line-index';
import { pg } from '../../i18n/text';
import { count } from '../text';
import { loadText } from '../load-text';

const FILE_PROBLEMS: FileProblem[] = ['missingMetadata', 'metadataNotFirst', 'duplicateMetadata', 'noFinalNewline'];

export interface FileHealthProps {
  index: LineIndex;
  load: SourceLoad;
  health: IndexHealth | null;
  /** Lines counted so far (while `health` is null). */
  done: number;
  /** The line the list is at (0-based; -1: none), where "next" starts. */
  at: number;
  onLine: (line: number) => void;
}

/** The counts and their jumps. */
export function FileHealth({ index, load, health, done, at, onLine }: FileHealthProps) {
  const t = pg().largeFile;
  const lineWord = pg().file.lineLabel;
  const jumps = (first: number, next: () => number, many: boolean) =>
    first < 0 ? null : (
      <>
        {' '}
        <button type="button" class="sl-link" onClick={() => onLine(first)}>{many ? t.first : lineWord(first + 1)}</button>
        {many && (
          <>
            {' · '}
            <button type="button" class="sl-link" onClick={() => { const n = next(); if (n >= 0) onLine(n); }}>{t.next}</button>
          </>
        )}
      </>
    );
  const lineRow = (p: LineProblem, n: number, first: number) => (
    <li key={p} data-problem={p}>
      {t.problem[p](n)}
      {jumps(first, () => nextProblemLine(index, p, at), n > 1)}
    </li>
  );
  const fileRow = (p: FileProblem, n: number) => (
    <li key={p} data-problem={p}>
      {t.problem[p](n)}
      {health && jumps(nextFileProblemLine(index, health, p, -1), () => nextFileProblemLine(index, health, p, at), n > 1)}
    </li>
  );
  const lines = health ? LINE_PROBLEMS.filter((p) => health.lines[p] > 0) : [];
  const files = health ? FILE_PROBLEMS.filter((p) => fileProblemCount(health, p) > 0) : [];
  return (
    <section class="sl-file-health" aria-labelledby="sl-health-h" data-testid="file-health">
      <h3 id="sl-health-h">{t.heading}</h3>
      <p class="sl-muted">{t.intro}</p>
      <p>
        {t.nanobot} {loadText(load)}
      </p>
      {!health ? (
        <p role="status" aria-busy="true">{t.counting(count(done), count(index.count))}</p>
      ) : lines.length + files.length === 0 ? (
        <p>{t.noProblems}</p>
      ) : (
        <ul class="sl-problem-list" aria-label={t.problems}>
          {files.map((p) => fileRow(p, fileProblemCount(health, p)))}
          {lines.map((p) => lineRow(p, health.lines[p], health.first[p]))}
        </ul>
      )}
    </section>
  );
}

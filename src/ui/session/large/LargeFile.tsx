/**
 * Large-file mode's File tab: the full view's two lenses (LensPanel, from the index's counts,
 * nanobot's load and the diagnostics read back in the background), the file's health counted from
 * its index (LargeHealth.tsx), the metadata record nanobot loads explained as the full view does, and the raw lines read on demand
 * (LargeLines.tsx); a health jump, "go to line" or a `line=` link brings a line into view and marks it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LargeLoad } from '../../../store/large/large-load';
import { diagnoseLarge } from '../../../store/large/large-diagnostics';
import { LensPanel } from '../file/LensPanel';
import { indexLensFacts } from '../file/lens-facts';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';
import { readRecords } from '../../../store/large/read/large-records';
import { MetadataRecord } from '../file/MetadataPanel';
import { pg } from '../../i18n/text';
import { count } from '../text';
import { LargeHealth } from './LargeHealth';
import { LargeLines, type LineTarget } from './LargeLines';
import { useIndexHealth } from './useIndexHealth';

export interface LargeFileProps {
  file: Blob;
  index: LineIndex;
  /** nanobot's load over the index, with its head (times, metadata) for the lenses. */
  load: LargeLoad;
  version: NanobotVersion;
  /** The file's name (the diagnostics name it, as the full view's do). */
  fileName?: string;
  /** A 0-based line to open at (a `line=` link), or null. */
  line: number | null;
}

/** Health, a line input, the lines. */
export function LargeFile({ file, index, load, version, fileName = 'session.jsonl', line }: LargeFileProps) {
  const nonce = useRef(1);
  const [target, setTarget] = useState<LineTarget | null>(line === null ? null : { line, nonce: 0 });
  const [seenLine, setSeenLine] = useState(line);
  // A new `line=` link while the tab is open moves to it.
  if (line !== seenLine) {
    setSeenLine(line);
    if (line !== null) setTarget({ line, nonce: nonce.current++ });
  }
  const goto = (l: number) => setTarget({ line: l, nonce: nonce.current++ });
  const { health, done } = useIndexHealth(index);
  const meta = useRecord(file, index, health ? health.metadata.last : -1);
  const problems = useProblemCount(file, index, version, fileName);
  const t = pg().largeFile;
  const onGo = (e: Event) => {
    e.preventDefault();
    const v = Number((e.currentTarget as HTMLFormElement).querySelector('input')!.value);
    if (Number.isInteger(v) && v >= 1 && v <= index.count) goto(v - 1);
  };
  return (
    <section class="sl-file sl-large-file" aria-label={t.tab}>
      <LargeHealth index={index} load={load} health={health} done={done} at={target?.line ?? -1} onLine={goto} />
      {/* Under the tab's h2 (the health section's), as in the full view: its h3 keeps the headings in order. */}
      {health && (meta !== undefined || health.metadata.last < 0) && <LensPanel facts={indexLensFacts(index, load, load.head, health, meta ?? null, problems)} />}
      {health && meta && <MetadataRecord line={health.metadata.last} rec={meta} lastConsolidated={load.lastConsolidated} onLine={goto} />}
      <section aria-labelledby="sl-large-lines-h">
        <h3 id="sl-large-lines-h">{t.lines(count(index.count))}</h3>
        <form class="sl-large-goto" onSubmit={onGo}>
          <label>
            {t.goTo} <input type="number" min={1} max={index.count} class="sl-large-goto-line" />
          </label>{' '}
          <button type="submit" class="btn">{t.go}</button>
        </form>
        <LargeLines file={file} index={index} version={version} target={target} />
      </section>
    </section>
  );
}

/** The value of record `line` read back (-1: none): undefined while it is read, null when it is not a record. */
function useRecord(file: Blob, index: LineIndex, line: number): PyDict | null | undefined {
  const [rec, setRec] = useState<{ line: number; value: PyDict | null } | null>(null);
  useEffect(() => {
    if (line < 0) return;
    let live = true;
    void readRecords(file, index, [line]).then(([v]) => live && setRec({ line, value: v ?? null }), () => live && setRec({ line, value: null }));
    return () => void (live = false);
  }, [file, index, line]);
  return line < 0 ? null : rec?.line === line ? rec.value : undefined;
}

/** The recovered lens's diagnostics, counted once per index in the background (null until then, or when the file cannot be read). */
function useProblemCount(file: Blob, index: LineIndex, version: NanobotVersion, fileName: string): number | null {
  const [n, setN] = useState<number | null>(() => problemCounts.get(index) ?? null);
  useEffect(() => {
    const known = problemCounts.get(index);
    if (known !== undefined) return void setN(known);
    let live = true;
    void diagnoseLarge(file, index, version, fileName).then((d) => {
      problemCounts.set(index, d.length);
      if (live) setN(d.length);
    }, () => undefined);
    return () => void (live = false);
  }, [file, index, version, fileName]);
  return n;
}

const problemCounts = new WeakMap<LineIndex, number>();

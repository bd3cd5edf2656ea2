/**
 * Large-file mode's File tab: the file's health counted from its index (LargeHealth.tsx), the
 * metadata record nanobot loads explained as the full view does, and the raw lines read on demand
 * (LargeLines.tsx); a health jump, "go to line" or a `line=` link brings a line into view and marks it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { IndexLoad } from '../../../core/index/index-load';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';
import { readRecords } from '../../../store/large/large-records';
import { MetadataRecord } from '../file/MetadataPanel';
import { pg } from '../../i18n/text';
import { count } from '../text';
import { LargeHealth } from './LargeHealth';
import { LargeLines, type LineTarget } from './LargeLines';
import { useIndexHealth } from './useIndexHealth';

export interface LargeFileProps {
  file: Blob;
  index: LineIndex;
  load: IndexLoad;
  version: NanobotVersion;
  /** A 0-based line to open at (a `line=` link), or null. */
  line: number | null;
}

/** Health, a line input, the lines. */
export function LargeFile({ file, index, load, version, line }: LargeFileProps) {
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
  const t = pg().largeFile;
  const onGo = (e: Event) => {
    e.preventDefault();
    const v = Number((e.currentTarget as HTMLFormElement).querySelector('input')!.value);
    if (Number.isInteger(v) && v >= 1 && v <= index.count) goto(v - 1);
  };
  return (
    <section class="sl-file sl-large-file" aria-label={t.tab}>
      <LargeHealth index={index} load={load} health={health} done={done} at={target?.line ?? -1} onLine={goto} />
      {health && health.metadata.last >= 0 && <LargeMetadata file={file} index={index} line={health.metadata.last} lastConsolidated={load.lastConsolidated} onLine={goto} />}
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

/** The metadata record nanobot loads (the last), read from its line and explained as the full view does. */
function LargeMetadata({ file, index, line, lastConsolidated, onLine }: { file: Blob; index: LineIndex; line: number; lastConsolidated: number; onLine: (line: number) => void }) {
  const [rec, setRec] = useState<PyDict | null>(null);
  useEffect(() => {
    let live = true;
    void readRecords(file, index, [line]).then(([v]) => live && setRec(v ?? null));
    return () => void (live = false);
  }, [file, index, line]);
  return rec ? <MetadataRecord line={line} rec={rec} lastConsolidated={lastConsolidated} onLine={onLine} /> : null;
}

/**
 * nanobot's replay of a large file: where it starts is found from the index alone; only the
 * messages from there to the end are read and decoded, and `getHistory` gives the exact answer
 * with absolute indices. When the version's rules reach further back than large-file mode reads
 * at once, it says so instead of guessing.
 */
import { useEffect, useState } from 'preact/hooks';
import type { IndexLoad } from '../../../core/index-load';
import { replayReach, replayWithTail, standIns } from '../../../core/index-replay';
import type { LineIndex } from '../../../core/line-index';
import type { NanobotVersion } from '../../../core/nanobot-version';
import type { PyDict } from '../../../core/pyvalue';
import type { DropReason, ReplayResult } from '../../../core/replay';
import { fateText } from '../replay/fates';
import { readRecords } from '../../../store/large-client';
import { pg } from '../../i18n/text';
import { VirtualList } from '../VirtualList';
import { count } from '../text';
import { LargeMessage } from './LargeMessage';

/** The most messages large-file mode reads to compute a replay. */
export const MAX_REPLAY_MESSAGES = 20_000;

type State =
  | { step: 'reading' }
  | { step: 'too-far'; reach: number }
  | { step: 'done'; result: ReplayResult; from: number }
  | { step: 'failed'; message: string };

const estimate = () => 90;

/** The Replay view of large-file mode (default settings of the version). */
export function LargeReplay({ file, index, load, version }: { file: Blob; index: LineIndex; load: IndexLoad; version: NanobotVersion }) {
  const [state, setState] = useState<State>({ step: 'reading' });
  useEffect(() => {
    let live = true;
    setState({ step: 'reading' });
    if (!load.loaded) return;
    const lines = load.messageLines;
    const stand = standIns(index, lines);
    const from = replayReach(stand, load.lastConsolidated, {}, version);
    if (lines.length - from > MAX_REPLAY_MESSAGES) {
      setState({ step: 'too-far', reach: lines.length - from });
      return;
    }
    readRecords(file, index, lines.subarray(from)).then(
      (values) => {
        if (!live) return;
        const tail = values.map((v) => v ?? ({} as PyDict));
        setState({ step: 'done', result: replayWithTail(stand, from, tail, load.lastConsolidated, {}, version), from });
      },
      (e) => live && setState({ step: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => void (live = false);
  }, [file, index, load, version]);

  const t = pg().large;
  if (!load.loaded) return <p class="notice">{t.replayNothing}</p>;
  if (state.step === 'reading') return <p class="sl-muted" aria-busy="true">{t.replayComputing}</p>;
  if (state.step === 'too-far') return <p class="notice warning">{t.replayTooFar(count(state.reach), count(MAX_REPLAY_MESSAGES))}</p>;
  if (state.step === 'failed') return <p class="notice danger">{pg().large.failed(state.message)}</p>;
  const { result, from } = state;
  const total = load.messageLines.length;
  const dropped = new Map<DropReason, number>();
  for (const f of result.fates) if (!f.kept) dropped.set(f.reason, (dropped.get(f.reason) ?? 0) + 1);
  return (
    <section class="sl-large-replay" aria-labelledby="sl-large-replay-h">
      <h3 id="sl-large-replay-h" class="sl-h">
        {t.replayHead(count(result.entries.length), count(total), version)}
      </h3>
      <p class="sl-muted">
        {t.replayDefaults} {t.replayFrom(count(from + 1), count(total - from))}
      </p>
      {result.error && <p class="notice danger">{t.replayError(result.error.type, result.error.message, count(result.error.message_index + 1))}</p>}
      <ul class="sl-large-dropped">
        {[...dropped].map(([reason, n]) => (
          <li key={reason}>{t.dropped(fateText(reason, version), count(n))}</li>
        ))}
      </ul>
      <VirtualList count={result.entries.length} estimateSize={estimate} label={t.replay} class="sl-large-list" render={(k) => <LargeMessage index={result.sources[k]!} line={load.messageLines[result.sources[k]!]} value={result.entries[k]!} id={`large-replay:${k}`} />} />
    </section>
  );
}

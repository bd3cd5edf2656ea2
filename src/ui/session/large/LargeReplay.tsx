/**
 * nanobot's replay of a large file: where it starts is found from the index alone; only the
 * messages from there to the end are read and decoded, and `getHistory` gives the exact answer
 * with absolute indices, all in a worker (large-replay-client.ts): the page receives the entries
 * as text and decodes only those in view. When the version's rules reach further back than
 * large-file mode reads at once, it says so instead of guessing.
 */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { fullViewOffered } from '../../../store/large/large-file';
import type { IndexLoad } from '../../../core/index/index-load';
import type { LargeReplayAnswer } from '../../../core/index/large-replay';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyLoads } from '../../../core/python/pyjson';
import { isDict, type PyDict } from '../../../core/python/pyvalue';
import { fateText } from '../replay/fates';
import { agentLoop } from '../replay/settings';
import { replayLarge } from '../../../store/large/large-replay-client';
import { pg } from '../../i18n/text';
import { VirtualList } from '../VirtualList';
import { count } from '../text';
import { errorText } from '../../status';
import { LargeMessage } from './LargeMessage';
import { rowHeight } from './row-height';
import { loadText } from './load-text';

/** The most messages large-file mode reads to compute a replay. */
export const MAX_REPLAY_MESSAGES = 20_000;

type State = { step: 'reading' } | LargeReplayAnswer | { step: 'failed'; message: string };

/** Decoded entries kept for the rows in and near view. */
const KEPT_ENTRIES = 512;

/** An entry's value from its `json.dumps` text, decoded once while it stays among the recent ones. */
function entryDecoder(texts: string[]): (k: number) => PyDict | null {
  const kept = new Map<number, PyDict | null>();
  return (k) => {
    let v = kept.get(k);
    if (v === undefined) {
      const r = pyLoads(texts[k]!);
      v = r.ok && isDict(r.value) ? r.value : null;
      kept.set(k, v);
      if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
    }
    return v;
  };
}


/** The Replay view of large-file mode: what the version's agent loop asks, as the full view's default. */
export function LargeReplay({ file, index, load, version }: { file: Blob; index: LineIndex; load: IndexLoad; version: NanobotVersion }) {
  const [state, setState] = useState<State>({ step: 'reading' });
  useEffect(() => {
    let live = true;
    setState({ step: 'reading' });
    if (!load.loaded) return;
    replayLarge(file, index, load, version, MAX_REPLAY_MESSAGES, agentLoop(version)).then(
      (answer) => live && setState(answer),
      (e) => live && setState({ step: 'failed', message: errorText(e) }),
    );
    return () => void (live = false);
  }, [file, index, load, version]);
  const entry = useMemo(() => (state.step === 'done' ? entryDecoder(state.entries) : null), [state]);
  const estimate = useCallback((k: number) => (state.step === 'done' ? rowHeight(state.entries[k]!.length) : rowHeight(0)), [state]);

  const t = pg().large;
  // nanobot's own call raises before any replay: say what it raises, as the header does.
  if (load.raises) return <p class="notice danger">{loadText(load)}</p>;
  if (!load.loaded) return <p class="notice">{t.replayNothing}</p>;
  if (state.step === 'reading') return <p class="sl-muted" aria-busy="true">{t.replayComputing}</p>;
  if (state.step === 'too-far') return <p class="notice warning">{t.replayTooFar(count(state.reach), count(MAX_REPLAY_MESSAGES))}</p>;
  if (state.step === 'failed') return <p class="notice danger">{pg().large.failed(state.message)}</p>;
  const { from, entries, sources, dropped, error } = state;
  const total = load.messageLines.length;
  return (
    <section class="sl-large-replay" aria-labelledby="sl-large-replay-h">
      <h2 id="sl-large-replay-h" class="sl-h">{pg().replay.heading}</h2>
      <p class="sl-headline">
        <strong>{t.replayHead(count(entries.length), count(total), version)}</strong>
      </p>
      <p class="sl-muted">
        {t.replayDefaults(fullViewOffered(file.size), count(agentLoop(version).maxTokens))} {t.replayFrom(count(from + 1), count(total - from))}
      </p>
      {error && <p class="notice danger">{t.replayError(error.type, error.message, count(error.message_index + 1))}</p>}
      <ul class="sl-large-dropped">
        {dropped.map(([reason, n]) => (
          <li key={reason}>{t.dropped(fateText(reason, version), count(n))}</li>
        ))}
      </ul>
      <VirtualList count={entries.length} estimateSize={estimate} label={t.replay} class="sl-large-list" render={(k) => <LargeMessage index={sources[k]!} line={load.messageLines[sources[k]!]} value={entry!(k)} id={`large-replay:${k}`} />} />
    </section>
  );
}

/**
 * The Context tab of a file read on its line index: the same tab as the full view's (`NextRequest`),
 * its replay computed by the replay worker at the agent loop's settings for the context window
 * (reading only the tail the window reaches) and its save traces by the traces worker.
 */
import { useMemo } from 'preact/hooks';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyLoads } from '../../../core/python/pyjson';
import { isDict, type PyDict } from '../../../core/python/pyvalue';
import { agentLoopOptions } from '../../../core/replay/budget';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import type { LargeLoad } from '../../../store/large/large-load';
import { replayLarge } from '../../../store/large/replay/large-replay-client';
import { tracesLarge } from '../../../store/large/traces/large-traces-client';
import { pg } from '../../i18n/text';
import { count } from '../text';
import { NextRequest, type TurnSession } from './ContextTab';

/** The most messages large-file mode reads to compute a replay (LargeReplay.tsx's, which is gone). */
const MAX_REPLAY_MESSAGES = 20_000;

/** The session as the Context tab reads it, from the index and nanobot's load over it. */
export function indexTurnSession(file: Blob, index: LineIndex, load: LargeLoad, version: NanobotVersion, path: string): TurnSession {
  const head = load.loaded && !load.raises ? load.head : null;
  return {
    version,
    path,
    head: head && { key: head.key, metadata: head.metadata, lastConsolidated: load.lastConsolidated },
    history: async (contextWindow) => {
      const a = await replayLarge(file, index, load, version, MAX_REPLAY_MESSAGES, agentLoopOptions(version, contextWindow));
      if (a.step === 'too-far') throw new Error(pg().large.replayTooFar(count(a.reach), count(MAX_REPLAY_MESSAGES)));
      // nanobot's get_history raising (a stored last_consolidated of "3" at 0.2.1): no request can be built.
      if (a.error) throw new Error(`${pg().replay.summary.raises}${a.error.type}: ${a.error.message}${pg().replay.summary.raisesThen}`);
      return a.entries.map((text) => {
        const r = pyLoads(text);
        return r.ok && isDict(r.value) ? r.value : ({} as PyDict);
      });
    },
    traces: () => tracesLarge(file, index, load, version),
  };
}

export interface IndexContextTabProps {
  file: Blob;
  index: LineIndex;
  load: LargeLoad;
  version: NanobotVersion;
  path: string;
  reader: StorageAdapter | null;
  params: Record<string, string>;
  onParams: (p: Record<string, string>) => void;
}

/** The Context tab over the index. */
export function IndexContextTab({ file, index, load, version, path, ...rest }: IndexContextTabProps) {
  const session = useMemo(() => indexTurnSession(file, index, load, version, path), [file, index, load, version, path]);
  return <NextRequest session={session} {...rest} />;
}

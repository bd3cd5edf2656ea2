/**
 * The Conversation tab of large-file mode: the find bar and the jumps of the full view above the
 * virtual list, all working from the index: message #N and the latest are positions in it, line N
 * is looked up in it, the first replayed message comes from the Replay tab's answer (computed in
 * its worker if the tab has not asked yet), and a permalink (`m=`, or `line=`) opens its message.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { IndexLoad } from '../../../../core/index/index-load';
import { messageAtLine } from '../../../../core/index/index-lookup';
import type { LineIndex } from '../../../../core/index/line-index';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import { replayLarge } from '../../../../store/large/replay/large-replay-client';
import { pg } from '../../../i18n/text';
import { JumpBar } from '../../find/JumpBar';
import { findOpen, openFind } from '../../find/state';
import { count } from '../../text';
import { LargeConversation, type LargeTarget } from './LargeConversation';
import { FindBar } from '../../find/FindBar';
import type { SessionSource } from '../../../../store/source/session-source';
import { agentLoop } from '../../replay/settings';
import { rawOverrides, RawOverridesContext } from '../../markdown/prefs';
import { RawSwitch } from '../../markdown/RawSwitch';

/** The most messages large-file mode reads to compute a replay (LargeReplay.tsx's, which is gone). */
const MAX_REPLAY_MESSAGES = 20_000;

export interface LargeConversationTabProps {
  /** The file as the page reads it, on the index built here (the find bar's matches come through it). */
  source: SessionSource;
  file: Blob;
  index: LineIndex;
  load: IndexLoad;
  version: NanobotVersion;
  /** The route's parameters: `m` (a permalink's 1-based message) or `line` (1-based file line). */
  params?: Record<string, string>;
}

/** The message a link points at: `line` (1-based) if it holds one, else `m` (1-based); null for none. */
export function linkedMessage(params: Record<string, string>, index: Pick<LineIndex, 'messages' | 'messageCount'>): number | null {
  const l = Number(params.line);
  if (Number.isInteger(l) && l >= 1) {
    const k = messageAtLine(index, l - 1);
    if (k >= 0) return k;
  }
  const m = Number(params.m);
  return params.m !== undefined && Number.isInteger(m) && m >= 1 && m <= index.messageCount ? m - 1 : null;
}

/** The tab: find bar (while open), jump controls, the list. */
export function LargeConversationTab({ source, file, index, load, version, params = {} }: LargeConversationTabProps) {
  const nonce = useRef(0);
  const [target, setTarget] = useState<LargeTarget | null>(() => {
    const k = linkedMessage(params, index);
    return k === null ? null : { message: k, nonce: nonce.current++ };
  });
  const goto = (message: number) => setTarget({ message, nonce: nonce.current++ });
  useEffect(() => {
    const k = linkedMessage(params, index);
    if (k !== null && k !== target?.message) goto(k);
  }, [params.m, params.line]);
  const onLine = (line: number): boolean => {
    const k = messageAtLine(index, line);
    if (k < 0) return false;
    goto(k);
    return true;
  };
  const firstReplayed = async (): Promise<number | null> => {
    if (!load.loaded) return null;
    const a = await replayLarge(file, index, load, version, MAX_REPLAY_MESSAGES, agentLoop(version));
    if (a.step === 'too-far') throw new Error(pg().large.replayTooFar(count(a.reach), count(MAX_REPLAY_MESSAGES)));
    return a.sources.length ? (load.messageLines[a.sources[0]!] ?? null) : null;
  };
  // Per-message raw choices, for as long as this file stays open (as in the full view).
  const overrides = useMemo(rawOverrides, [file]);
  const t = pg().conversation;
  return (
    <RawOverridesContext.Provider value={overrides}>
    <section class="sl-conversation sl-large-conversation" aria-label={t.heading}>
      {/* A card is read from the file and decoded first: the current match waits for it up to about 10 s (on a busy machine too). */}
      {findOpen.value && <FindBar source={source} onGoto={goto} card={(m) => `.sl-large-list article[data-large-index="${m}"]`} frames={600} />}
      <div class="sl-conv-tools">
        {!findOpen.value && (
          <button type="button" class="sl-link" title={t.findTitle} onClick={openFind}>
            {t.find}
          </button>
        )}
        <RawSwitch overrides={overrides} />
        <JumpBar total={index.messageCount} lines={index.count} firstReplayed={firstReplayed} onMessage={goto} onLine={onLine} />
      </div>
      <LargeConversation file={file} index={index} target={target} />
    </section>
    </RawOverridesContext.Provider>
  );
}

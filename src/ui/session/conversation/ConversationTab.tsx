/** The Conversation tab: every line of the file as a message card (virtualized), in file order. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { metadataIndex } from '../../../core/lens/document';
import { pyDumps } from '../../../core/python/pyjson';
import { dictGet } from '../../../core/python/pyvalue';
import type { OpenedSession } from '../../../store/save/sessions';
import { pg } from '../../i18n/text';
import { VirtualList } from '../parts/VirtualList';
import { CorruptRow, MarkerRow, ProviderRow, type StoredLastConsolidated } from './OtherRows';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { pySliceStart, replayLastConsolidated } from '../../../core/replay/replay';
import { replaySession } from '../lens';
import { MessageRow } from './MessageRow';
import { tracesOf } from './traces';
import { conversationModel } from './model';
import { loadMarkdown } from '../markdown/loader';
import { rawEverywhere, rawOverrides, RawOverridesContext } from '../markdown/prefs';
import { RawSwitch } from '../markdown/RawSwitch';
import { FindBar } from '../find/FindBar';
import { JumpTo } from '../find/JumpTo';
import { findOpen, openFind } from '../find/state';
import { copyPermalink } from './permalink';
import type { SessionSource } from '../../../store/source/session-source';

export interface ConversationTabProps {
  opened: OpenedSession;
  /** The file as the page reads it (the find bar's matches come through it). */
  source: SessionSource;
  /** 0-based file line to scroll to and highlight. */
  line: number | null;
  onOpenLine: (line: number) => void;
  onLine: (line: number) => void;
  /** Opens the session's archive entries (the Context tab), from the archived messages' boundary. */
  onArchive?: () => void;
}

function storedLastConsolidated(o: OpenedSession): StoredLastConsolidated | null {
  if (!o.doc.diagnostics.some((d) => d.kind === 'bad-last-consolidated')) return null;
  const mi = metadataIndex(o.doc);
  const v = mi >= 0 ? dictGet(o.doc.records[mi]!.value!, 'last_consolidated') : undefined;
  if (v === undefined) return null;
  const rules = rulesOf(o.version);
  if (rules.lastConsolidatedChecked) return { raw: pyDumps(v), unchecked: null, raises: false };
  // What nanobot's replay slices with (the one decision, replayLastConsolidated): a slice that raises raises at every turn.
  const s = replaySession(o).session;
  return { raw: pyDumps(v), unchecked: rules.label, raises: pySliceStart(replayLastConsolidated(s), s.messages.length) === null };
}

/** Messages, corrupt rows and the consolidation marker; tool results link to their calls. */
export function ConversationTab({ opened, source, line, onOpenLine, onLine, onArchive }: ConversationTabProps) {
  const { rows, pairing, rowOfLine, diagsByLine, orphans, unanswered, corrupt } = conversationModel(opened);
  const messages = opened.recovered.messages;
  const rawLc = useMemo(() => storedLastConsolidated(opened), [opened]);
  const [nonce, setNonce] = useState(0);
  const jump = (message: number) => {
    onLine(opened.recovered.messageRecords[message]!);
    setNonce((n) => n + 1);
  };
  const jumpLine = (l: number): boolean => {
    if (!rowOfLine.has(l)) return false;
    onLine(l);
    setNonce((n) => n + 1);
    return true;
  };
  const [copied, setCopied] = useState<(() => string) | null>(null);
  const copyLink = (message: number) => void copyPermalink(opened.key, message + 1).then((say) => setCopied(() => say));
  const keyOf = useMemo(() => (i: number) => { const r = rows[i]!; return 'line' in r ? r.line : 'marker'; }, [rows]);
  const target = line === null ? null : (rowOfLine.get(line) ?? null);
  const overrides = useMemo(rawOverrides, [opened]);
  const raw = rawEverywhere.value;
  const t = pg().conversation;
  useEffect(() => {
    if (!raw) void loadMarkdown();
  }, [raw]);
  return (
    <RawOverridesContext.Provider value={overrides}>
    <section class="sl-conversation" aria-labelledby="sl-conv-h">
      <h2 id="sl-conv-h" class="sl-h">{t.heading}</h2>
      <p class="sl-muted sl-summary">
        {t.summary(messages.length)}
        {corrupt ? ` · ${t.corrupt(corrupt)}` : ''}
        {orphans ? ` · ${t.orphans(orphans)}` : ''}
        {unanswered ? ` · ${t.unanswered(unanswered)}` : ''}
      </p>
      {findOpen.value && <FindBar source={source} onGoto={jump} card={(m) => `.sl-conversation article[data-message="${m}"]`} />}
      <div class="sl-conv-tools">
        {!findOpen.value && (
          <button type="button" class="sl-link" title={t.findTitle} onClick={openFind}>
            {t.find}
          </button>
        )}
        <RawSwitch overrides={overrides} />
        <JumpTo opened={opened} onMessage={jump} onLine={jumpLine} />
      </div>
      {copied && <p class="sl-muted sl-small" role="status">{copied()}</p>}
      {rows.length === 0 ? (
        <p class="sl-empty">{t.noMessages}</p>
      ) : (
        <VirtualList
          label={t.listLabel}
          count={rows.length}
          estimateSize={(i) => (rows[i]!.kind === 'marker' ? 60 : 140)}
          getKey={keyOf}
          scrollTo={target}
          scrollNonce={nonce}
          render={(i) => {
            const r = rows[i]!;
            if (r.kind === 'marker') return <MarkerRow archived={r.archived} total={r.lens === 'nanobot' ? opened.nanobot.result!.messages.length : messages.length} stored={rawLc} lens={r.lens} onArchive={onArchive} />;
            if (r.kind === 'corrupt') return <CorruptRow line={r.line} record={opened.doc.records[r.line]!} diagnostics={diagsByLine.get(r.line) ?? []} onOpenLine={onOpenLine} />;
            if (r.kind === 'provider_state') return <ProviderRow line={r.line} />;
            return <MessageRow m={messages[r.message]!} index={r.message} line={r.line} record={opened.doc.records[r.line]!} pairing={pairing} highlighted={r.line === line} onJump={jump} onCopyLink={copyLink} traces={tracesOf(opened, r.message)} />;
          }}
        />
      )}
    </section>
    </RawOverridesContext.Provider>
  );
}

/**
 * The Context tab: the whole next request nanobot would send for this session (src/core/turn), part
 * by part with nanobot's token counts; what saving changed, on the messages that carry it; and the
 * session's archive entries in memory/history.jsonl. nanobot's own texts are counted, never shown.
 * One tab at every size, read through the session's source (`turnSession`): nanobot's load, its
 * agent-loop replay (the line index streams it) and the save traces (the index's in a worker).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { agentLoopOptions } from '../../../core/replay/budget';
import { type NanobotVersion, rulesOf } from '../../../core/nanobot/nanobot-version';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { estimateMessageTokens, type TextTokenCounter } from '../../../core/tokens/tokens';
import { assembleTurn, type Turn, type TurnPart, type WorkspaceSnapshot } from '../../../core/turn/build';
import { entriesOfSession } from '../../../core/turn/memory';
import type { PyError } from '../../../core/python/pyjson';
import type { PyDict, PyValue } from '../../../core/python/pyvalue';
import type { MessageTraces } from '../../../store/large/traces/trace-answers';
import type { SessionSource, SourceLoad } from '../../../store/source/session-source';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { looksLikeWorkspace, readWorkspace, rememberedWorkspacePath, rememberWorkspacePath, workspaceFolderName, workspaceOfSession } from '../../../store/adapter/workspace-snapshot';
import { groupDigits } from '../../i18n/numbers';
import { pg } from '../../i18n/text';
import { messageHref } from '../../shell/router';
import { loadText } from '../load-text';
import { useAnswer } from '../parts/answer';

export interface ContextTabProps {
  /** The session, whatever its size (the whole document, or its line index). */
  source: SessionSource;
  reader: StorageAdapter | null;
  params: Record<string, string>;
  onParams: (p: Record<string, string>) => void;
}

/** nanobot's session as the request is built on it: its key, metadata and last_consolidated. */
interface TurnHead {
  key: string;
  metadata: PyValue;
  lastConsolidated: number;
}

/** What the Context tab reads of a session, whatever its size: answers of its source, as values. */
export interface TurnSession {
  version: NanobotVersion;
  /** The session file's path: its workspace is the folder above `sessions/`. */
  path: string;
  /**
   * nanobot's load: the session's head (an empty session under its key where nanobot loads
   * nothing, as `get_or_create` starts one), and the load itself (what the tab says of it). The
   * head is null where the load raises: no request is built.
   */
  head: () => Promise<{ load: SourceLoad; head: TurnHead | null }>;
  /** The agent loop's replay for `contextWindow`, its token budget walked with `count`: the entries sent, or the exception get_history raises. */
  history: (contextWindow: number, count: TextTokenCounter) => Promise<{ entries: PyDict[] } | { raises: PyError }>;
  /** What saving changed: each message of nanobot's load that carries a trace, with its traces. */
  traces: () => Promise<MessageTraces[]>;
}

/** The session as the Context tab reads it, from its source (one reading at every size). */
function turnSession(source: SessionSource): TurnSession {
  const { version, path } = source.stat;
  return {
    version,
    path,
    head: async () => {
      const load = await source.load();
      if (load.error) return { load, head: null };
      const s = load.result;
      return { load, head: s ? { key: s.key, metadata: s.metadata, lastConsolidated: s.lastConsolidated } : { key: load.key, metadata: {}, lastConsolidated: 0 } };
    },
    history: async (contextWindow, count) => {
      const { replay } = await source.replay(agentLoopOptions(version, contextWindow), { count: (e) => estimateMessageTokens(e, count, version) });
      // nanobot's get_history raising (a stored last_consolidated of "3" at 0.2.1): no request can be built.
      if (replay?.error) {
        const { message_index: _at, ...raises } = replay.error;
        return { raises };
      }
      return { entries: replay ? replay.entries : [] };
    },
    traces: () => source.traces(),
  };
}

/**
 * The workspace's absolute path as nanobot writes it into its instructions: asked once per workspace
 * and remembered; until then the folder's name stands in. Null where the workspace is not opened.
 */
function useWorkspacePath(path: string, reader: StorageAdapter | null): { path: string | null; given: boolean; set: (p: string) => void } {
  const dir = workspaceOfSession(path);
  const initial = () => (reader && dir !== null ? rememberedWorkspacePath(reader, dir) : null);
  const [given, setGiven] = useState<string | null>(initial);
  useEffect(() => setGiven(initial()), [path, reader]);
  const fallback = reader && dir !== null ? workspaceFolderName(reader, dir) : null;
  return {
    path: given ?? fallback,
    given: given !== null,
    set: (p: string) => {
      const path = p.trim();
      if (!reader || dir === null || !path) return;
      rememberWorkspacePath(reader, dir, path);
      setGiven(path);
    },
  };
}

/** The workspace of the session, read once per opened file (null: not in the opened folder). */
function useWorkspace(path: string, generation: unknown, reader: StorageAdapter | null): WorkspaceSnapshot | null | undefined {
  const [ws, setWs] = useState<WorkspaceSnapshot | null | undefined>(undefined);
  useEffect(() => {
    const dir = workspaceOfSession(path);
    if (!reader || dir === null) return setWs(null);
    let live = true;
    readWorkspace(reader, dir, null).then(
      (w) => live && setWs(looksLikeWorkspace(w) ? w : null),
      () => live && setWs(null),
    );
    return () => void (live = false);
  }, [path, generation, reader]);
  return ws;
}

function PartRow({ part }: { part: TurnPart }) {
  const t = pg().turn;
  const name = part.kind === 'bootstrap' ? part.sources[0]! : t.parts[part.kind]!;
  const notes = part.notes.map((n) => t.notes[n] ?? n);
  return (
    <tr class={`sl-turn-part sl-turn-${part.kind}`} data-kind={part.kind} data-tokens={part.tokens} data-sources={part.sources.join(' ')}>
      <th scope="row">
        <bdi>{name}</bdi>
        {notes.length > 0 && <div class="sl-turn-note">{notes.join(' · ')}</div>}
        {part.machine.length > 0 && (
          <div class="sl-turn-machine">
            {t.machine} {part.machine.map((m) => t.machineSlots[m] ?? m).join('; ')}
          </div>
        )}
        {part.text !== null && part.kind !== 'current-message' && (
          <details>
            <summary>{t.showText}</summary>
            <pre class="sl-turn-text">{part.text}</pre>
          </details>
        )}
      </th>
      <td>{part.sources.length ? part.sources.map((s) => <bdi key={s}>{s} </bdi>) : part.builtinTokens ? t.nanobotText : ''}</td>
      <td class="sl-num">
        {part.exact ? '' : '≈'}
        {groupDigits(part.tokens)}
        {part.builtinTokens > 0 && <div class="sl-turn-note">{t.builtin(part.builtinTokens)}</div>}
        {part.kind === 'history' && part.count !== undefined && <div class="sl-turn-note">{t.messages(part.count)}</div>}
      </td>
    </tr>
  );
}

function TurnTable({ turn }: { turn: Turn }) {
  const t = pg().turn;
  const window = turn.contextWindow;
  return (
    <>
      <table class="sl-turn-table">
        <thead>
          <tr>
            <th scope="col">{t.part}</th>
            <th scope="col">{t.source}</th>
            <th scope="col">{t.tokens}</th>
          </tr>
        </thead>
        <tbody>
          {turn.parts.map((p, i) => (
            <PartRow key={i} part={p} />
          ))}
        </tbody>
      </table>
      <p class="sl-turn-placement">
        {t.parts['runtime-context']}: {t.placement[turn.runtimeContext]}
      </p>
      {(turn.figures === 'stand-in' || !turn.nanobotCounts) && <p class="sl-turn-stand-in">{t.standIn(turn.figures === 'stand-in' ? rulesOf(turn.figuresFrom).label : null, turn.nanobotCounts)}</p>}
      <p class="sl-turn-total" data-total={turn.total} data-spread={turn.spread ?? ''}>
        <strong>{t.total(turn.total, turn.exact ? 0 : turn.spread)}</strong>
        {window ? t.ofWindow(((100 * turn.total) / window).toFixed(1)) : ''}
      </p>
      {turn.unknown.length > 0 && (
        <>
          <p>{t.unknownLead}</p>
          <ul class="sl-turn-unknown">
            {turn.unknown.map((u, i) => (
              <li key={i} data-slot={u.slot}>
                {t.unknownSlots[u.slot] ?? u.slot}: {t.unknownSize(u.tokens, u.spread)}
              </li>
            ))}
          </ul>
        </>
      )}
      {window ? <progress max={window} value={Math.min(turn.total, window)} /> : null}
      {turn.leftOut.length > 0 && (
        <>
          <h3>{t.leftOut}</h3>
          <ul class="sl-turn-leftout">
            {turn.leftOut.map((l) => (
              <li key={l.file}>
                <bdi>{l.file}</bdi>: {t.leftOutReason[l.reason]}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The whole next request, what saving changed, the archive entries: at every size. */
export function ContextTab({ source, reader, params, onParams }: ContextTabProps) {
  const src = useMemo(() => turnSession(source), [source]);
  const t = pg().turn;
  const { version } = src;
  const loaded = useAnswer(src.head, src);
  const session = loaded.value?.head ?? null;
  // nanobot's tokenizer, loaded once.
  const tokenizer = useAnswer(loadTokenizer, null);
  const count = tokenizer.value ?? null;
  const failed = tokenizer.failed !== undefined;
  const [message, setMessage] = useState(params.message ?? '');
  const [windowText, setWindowText] = useState(params.window ?? '');
  const ws = useWorkspace(src.path, src, reader);
  const wsPath = useWorkspacePath(src.path, reader);
  const [pathText, setPathText] = useState<string | null>(null);
  // The version's default config window (65,536 up to 0.2.1, 200,000 after); the replay is the agent loop's for it.
  const defaultWindow = rulesOf(version).defaultContextWindow;
  const contextWindow = /^\d{1,12}$/.test(windowText) && Number(windowText) > 0 ? Number(windowText) : defaultWindow;
  // The replay, asked again for each session, tokenizer and window (an answer to an earlier one is dropped).
  const history = useAnswer(useMemo(() => (count && session ? () => src.history(contextWindow, count) : null), [src, count, contextWindow, session]));
  const current = history.value ?? null;
  const replay = current && 'entries' in current ? current : null;
  // What stops the request: the load's raise, the replay's, or a read that failed.
  const stopped = loaded.failed ?? (loaded.value && !session ? loadText(loaded.value.load) : null) ?? history.failed ?? (current && 'raises' in current ? t.historyRaises(current.raises.type, current.raises.message) : null);
  const turn = useMemo(() => {
    if (!count || !replay || ws === undefined || !session) return null;
    try {
      const workspace = ws && { ...ws, path: wsPath.path };
      return assembleTurn({ version, workspace, history: replay.entries, message, sessionKey: session.key, contextWindow, metadata: session.metadata }, count);
    } catch {
      return null;
    }
  }, [count, replay, ws, wsPath.path, message, version, contextWindow, session]);
  // A link from the archived messages (`show=archive`) lands on this session's archive entries.
  useEffect(() => {
    if (params.show !== 'archive' || !turn) return;
    const h = document.getElementById('sl-turn-archive');
    h?.scrollIntoView?.({ block: 'start' });
    h?.focus({ preventScroll: true });
  }, [params.show, !!turn]);
  // The session's save traces, once found (none when they cannot be read).
  const found = useAnswer(src.traces, src);
  const traces = found.value ?? (found.failed !== undefined ? [] : null);
  const keep = (p: Record<string, string>) => onParams({ ...params, ...p });
  const archived = session?.lastConsolidated ?? 0;
  const own = turn?.memory && session ? entriesOfSession(turn.memory, session.key) : [];
  const linkParams = Object.fromEntries(Object.entries(params).filter(([k]) => k === 'file' || k === 'folder'));
  return (
    <section class="sl-turn" aria-labelledby="sl-turn-h">
      <h2 id="sl-turn-h">{t.title}</h2>
      <p>{t.lead(rulesOf(version).label)}</p>
      <div class="sl-turn-controls">
        <label>
          {t.message}
          <textarea rows={2} value={message} title={t.messageHint} onInput={(e) => setMessage((e.target as HTMLTextAreaElement).value)} onChange={() => keep({ message })} />
        </label>
        <label>
          {t.contextWindow}
          <input type="text" inputMode="numeric" placeholder={String(defaultWindow)} value={windowText} onInput={(e) => setWindowText((e.target as HTMLInputElement).value.trim())} onChange={() => keep({ window: windowText })} />
        </label>
        {ws && (
          <label>
            {t.workspacePath}
            <input
              type="text"
              class="sl-turn-path"
              spellcheck={false}
              value={pathText ?? wsPath.path ?? ''}
              title={t.workspacePathHint}
              onInput={(e) => setPathText((e.target as HTMLInputElement).value)}
              onChange={(e) => {
                wsPath.set((e.target as HTMLInputElement).value);
                setPathText(null);
              }}
            />
          </label>
        )}
      </div>
      {ws && !wsPath.given && <p class="sl-turn-path-ask">{t.workspacePathAsk}</p>}
      {ws === null && <p class="notice">{t.noWorkspace}</p>}
      {turn?.raises && (
        <p class="notice danger" role="alert">
          {t.raises(turn.raises.type, turn.raises.message)}
        </p>
      )}
      {loaded.value && session && !loaded.value.load.result && <p class="notice">{loadText(loaded.value.load)}</p>}
      {stopped !== null && (
        <p class="notice danger" role="alert">
          {stopped}
        </p>
      )}
      {failed || stopped !== null ? null : turn ? <TurnTable turn={turn} /> : <p aria-busy="true">{t.loading}</p>}

      <h3 id="sl-turn-traces">{t.traces}</h3>
      {traces === null ? (
        <p aria-busy="true">{t.loading}</p>
      ) : traces.length ? (
        <>
          <p>{t.tracesLead}</p>
          <ul class="sl-turn-traces">
            {traces.flatMap(([i, list]) =>
              list.map((tr, j) => (
                <li key={`${i}-${j}`} data-trace={tr.code}>
                  <a href={session ? messageHref(session.key, i + 1, linkParams) : undefined}>{t.messageN(i + 1)}</a>: {t.trace[tr.code]}
                </li>
              )),
            )}
          </ul>
        </>
      ) : (
        <p>{t.noTraces}</p>
      )}

      <h3 id="sl-turn-archive" tabIndex={-1}>
        {t.archive}
      </h3>
      {archived > 0 && <p>{t.archiveLead(archived)}</p>}
      {own.length ? (
        <ul class="sl-turn-archive">
          {own.map((e) => (
            <li key={e.cursor} data-cursor={e.cursor}>
              <strong>#{e.cursor}</strong> <bdi>{e.timestamp}</bdi> — <bdi>{e.content}</bdi> <em>({e.cursor > (turn?.memory?.dreamCursor ?? 0) ? t.unprocessed : t.processed})</em>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t.noArchive}</p>
      )}
    </section>
  );
}

/**
 * The workspace's Memory page: memory/MEMORY.md, memory/history.jsonl (the archive consolidation
 * writes the summarised prefix of sessions into) and the Dream cursor, read-only, with their health
 * by nanobot's own rules (src/core/turn/memory.ts). Every entry links to its session.
 */
import { useMemo } from 'preact/hooks';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { memoryHealth, readMemory, type MemoryView } from '../../../core/turn/memory';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import type { WorkspaceSnapshot } from '../../../core/turn/build';
import { readWorkspace } from '../../../store/adapter/workspace-snapshot';
import { useAnswer } from '../../session/parts/answer';
import { groupDigits } from '../../i18n/numbers';
import { pg } from '../../i18n/text';
import { sessionHref } from '../../shell/router';

export interface MemoryPageProps {
  adapter: StorageAdapter;
  /** The workspace folder relative to the opened folder ('' for the folder itself). */
  dir: string;
  version: NanobotVersion;
}

/** The page's content for a workspace already read (what the component test renders). */
export function MemoryContent({ ws, version }: { ws: WorkspaceSnapshot; version: NanobotVersion }) {
  const t = pg().memory;
  const mem = ws.files.get('memory/MEMORY.md');
  const history = ws.files.get('memory/history.jsonl');
  if (mem === undefined && history === undefined && !ws.files.has('memory/.dream_cursor') && !ws.legacyHistory) return <p class="empty-state">{t.none}</p>;
  const view: MemoryView = readMemory({ memory: mem ?? null, history: history ?? null, dreamCursor: ws.files.get('memory/.dream_cursor') ?? null, legacyHistory: !!ws.legacyHistory }, version);
  const health = memoryHealth(view);
  return (
    <>
      <p class={`sl-memory-health ${health}`} role="status" data-health={health}>
        <strong>{t.health[health]}</strong>
      </p>
      {view.issues.length > 0 && (
        <ul class="sl-memory-issues">
          {view.issues.map((i, n) => (
            <li key={n} data-code={i.code}>
              {t.issue[i.code]!(i as never)}
            </li>
          ))}
        </ul>
      )}
      <h3>memory/MEMORY.md</h3>
      {mem === undefined ? <p>{t.noMemoryMd}</p> : <pre class="sl-memory-md">{mem}</pre>}
      <h3>memory/history.jsonl</h3>
      <p>{t.entries(view.entries.length, view.latestCursor)}</p>
      <p data-dream-cursor={view.dreamCursor}>{t.dream(view.dreamCursor, view.dreamCursorFile, view.unprocessed.length)}</p>
      {view.entries.length > 0 && (
        <table class="sl-memory-table">
          <thead>
            <tr>
              <th scope="col">{t.cursor}</th>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.session}</th>
              <th scope="col">{t.content}</th>
            </tr>
          </thead>
          <tbody>
            {view.entries.map((e) => (
              <tr key={e.line} class={e.cursor > view.dreamCursor ? 'unprocessed' : 'processed'}>
                <td class="sl-num">{groupDigits(e.cursor)}</td>
                <td>
                  <bdi>{e.timestamp}</bdi>
                </td>
                <td>{e.sessionKey === null ? t.noKey : <a href={sessionHref(e.sessionKey, { show: 'archive' }, 'context')}><bdi>{e.sessionKey}</bdi></a>}</td>
                <td>
                  <bdi>{e.content}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function MemoryPage({ adapter, dir, version }: MemoryPageProps) {
  const t = pg().memory;
  // A read that fails says why, in the page's place (a read that never answered left "…" for ever).
  const ws = useAnswer(useMemo(() => () => readWorkspace(adapter, dir, null), [adapter, dir]));
  return (
    <section class="sl-memory" aria-labelledby="sl-memory-h">
      <h2 id="sl-memory-h">{t.title}</h2>
      <p>{t.lead}</p>
      {ws.value ? (
        <MemoryContent ws={ws.value} version={version} />
      ) : ws.failed !== undefined ? (
        <p class="notice danger" role="alert">
          {ws.failed}
        </p>
      ) : (
        <p aria-busy="true">…</p>
      )}
    </section>
  );
}

/** One message of the file: role, time, content, tool pairing, reasoning, attachments, flags, raw JSON. */
import { pyDumps } from '../../../core/python/pyjson';
import { dictGet, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import type { ToolPairs } from '../../../store/source/conversation/rows';
import { RawJson } from '../parts/RawJson';
import { Content } from './Content';
import { Attachments, Flags, Reasoning } from './Extras';
import { ToolAnswer, ToolCalls } from './ToolCalls';
import { pg } from '../../i18n/text';
import { formatTime } from '../../parts/format';
import type { SaveTrace } from '../../../core/turn/save-traces';

export interface MessageRowProps {
  m: PyDict;
  index: number;
  /** Its 0-based file line (unknown for the first cards shown while a big file is indexed). */
  line?: number;
  /** Reads a file line's bytes (the raw JSON toggle); absent: no toggle. */
  read?: (line: number) => Promise<Uint8Array>;
  /** The tool calls paired over the whole file; absent: the card stands alone. */
  pairs?: ToolPairs;
  highlighted?: boolean;
  onJump?: (message: number) => void;
  /** Text without Markdown (the first cards, shown while a big file is indexed: cheap to lay out). */
  plain?: boolean;
  /** Copies this message's permalink. */
  onCopyLink?: (message: number) => void;
  /** What saving the turn changed on this message (what the model saw then, what later turns see). */
  traces?: SaveTrace[];
}

/** Content with no text at all ('' or null). */
const noText = (v: PyValue | undefined) => v === '' || v === null;

/** A turn that calls tools or reasons says what it does there: its empty text needs no "(empty)". */
function doesMore(m: PyDict): boolean {
  const calls = dictGet(m, 'tool_calls');
  const reasoning = dictGet(m, 'reasoning_content');
  return (Array.isArray(calls) && calls.length > 0) || (typeof reasoning === 'string' && reasoning !== '') || dictGet(m, 'thinking_blocks') !== undefined;
}

/** A message card; `role` is shown as stored (a missing role is flagged: nanobot's replay raises on it). */
export function MessageRow(p: MessageRowProps) {
  const t = pg().conversation;
  const onJump = p.onJump ?? (() => {});
  const role = dictGet(p.m, 'role');
  const roleText = role === undefined ? pg().session.noRole : typeof role === 'string' ? role : pyDumps(role);
  const ts = dictGet(p.m, 'timestamp');
  return (
    <article class={`sl-msg sl-role-${typeof role === 'string' ? role.replace(/[^a-z]/gi, '') : 'x'} ${p.highlighted ? 'sl-hl' : ''}`} aria-label={t.messageLabel(p.index + 1, roleText)} data-message={p.index}>
      <header class="sl-msg-head">
        <span class={`sl-role ${role === undefined ? 'sl-tag-danger' : ''}`}>{roleText}</span>
        <span class="sl-muted">{p.line === undefined ? `#${p.index + 1}` : t.position(p.index + 1, p.line + 1)}</span>
        {p.onCopyLink && (
          <button type="button" class="sl-link sl-permalink" title={t.copyLinkTitle} onClick={() => p.onCopyLink!(p.index)}>
            {t.copyLink}
          </button>
        )}
        {ts !== undefined && (
          // One date style across the app (the list's, in the interface language); the stored value on hover.
          <time class="sl-muted" title={typeof ts === 'string' ? ts : pyDumps(ts)} {...(typeof ts === 'string' ? { dateTime: ts } : {})}>
            {formatTime(ts)}
          </time>
        )}
        {role === 'tool' && <ToolAnswer index={p.index} pairs={p.pairs} onJump={onJump} />}
        {dictGet(p.m, 'name') !== undefined && role !== 'tool' && <span class="sl-tag">name={pyDumps(dictGet(p.m, 'name')!)}</span>}
      </header>
      <Flags m={p.m} />
      {p.traces && p.traces.length > 0 && (
        <ul class="sl-traces" aria-label={pg().turn.traces}>
          {p.traces.map((tr, i) => (
            <li key={i} class="sl-trace" data-trace={tr.code}>
              {pg().turn.trace[tr.code]}
            </li>
          ))}
        </ul>
      )}
      {!p.plain && <Reasoning m={p.m} />}
      {!(noText(dictGet(p.m, 'content')) && doesMore(p.m)) && <Content value={dictGet(p.m, 'content')} id={p.line === undefined ? `head:${p.index}` : String(p.line)} plain={p.plain} code={role === 'tool'} />}
      <Attachments m={p.m} />
      {!p.plain && <ToolCalls m={p.m} index={p.index} pairs={p.pairs} onJump={onJump} />}
      {p.read && p.line !== undefined && <RawJson line={p.line} read={p.read} />}
    </article>
  );
}

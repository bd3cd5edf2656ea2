/**
 * One message card of large-file mode: its role, file line and content, through the same content
 * component as the full view (text is never rendered as HTML). `value` null: not a record.
 */
import { pyDumps } from '../../../../core/python/pyjson';
import { dictGet, type PyDict } from '../../../../core/python/pyvalue';
import { pg } from '../../../i18n/text';
import { Content } from '../../conversation/Content';
import { Reasoning } from '../../conversation/Extras';
import { doesMore, noText } from '../../conversation/MessageRow';
import { count } from '../../text';
import { LargeCalls } from './LargeCalls';

export interface LargeMessageProps {
  /** 0-based position in the list shown (messages, or replay entries). */
  index: number;
  /** 0-based file line, when the card stands for one. */
  line?: number;
  value: PyDict | null;
  id: string;
  /** Text without Markdown (the first cards, shown while the file is indexed: cheap to lay out). */
  plain?: boolean;
}

/** The role as text: strings as they are, anything else as JSON (a stored role may be any value). */
function roleText(v: PyDict): string {
  const role = dictGet(v, 'role');
  return role === undefined ? pg().large.noRole : typeof role === 'string' ? role : pyDumps(role);
}

/** A message card. */
export function LargeMessage({ index, line, value, id, plain }: LargeMessageProps) {
  const t = pg().large;
  const role = value ? dictGet(value, 'role') : undefined;
  const calls = value ? dictGet(value, 'tool_calls') : undefined;
  return (
    <article class={`sl-msg sl-role-${typeof role === 'string' ? role.replace(/[^a-z]/gi, '') : 'x'}`} data-large-index={index}>
      <header class="sl-msg-head">
        <span class="sl-muted">#{count(index + 1)}</span>
        <span class="sl-role">{value ? roleText(value) : '?'}</span>
        {line !== undefined && <span class="sl-muted">{t.line(count(line + 1))}</span>}
        {Array.isArray(calls) && calls.length > 0 && <span class="sl-muted">tool_calls × {count(calls.length)}</span>}
      </header>
      {value && !plain && <Reasoning m={value} />}
      {!value ? (
        <p class="sl-muted">{t.notObject}</p>
      ) : (
        // As the full view's card: a turn that calls tools or reasons needs no "(empty)" for its empty text.
        !(noText(dictGet(value, 'content')) && doesMore(value)) && <Content value={dictGet(value, 'content')} id={id} plain={plain} code={role === 'tool'} />
      )}
      {value && !plain && <LargeCalls value={value} />}
    </article>
  );
}

/** A card whose record is still being read. */
export function PendingMessage({ index }: { index: number }) {
  return (
    <article class="sl-msg" aria-busy="true" data-large-index={index}>
      <header class="sl-msg-head">
        <span class="sl-muted">#{count(index + 1)}</span>
        <span class="sl-muted">{pg().large.loadingRow}</span>
      </header>
    </article>
  );
}

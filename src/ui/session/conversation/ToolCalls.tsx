/** Tool calls with the result that answers each one, and tool results with the call they answer (paired over the whole file: rows.ts). */
import { pyStr } from '../../../core/python/pyrepr';
import { dictGet, isDict, type PyDict } from '../../../core/python/pyvalue';
import { callIds, callName, type ToolPairs } from '../../../store/source/conversation/rows';
import { Fold } from '../parts/Fold';
import { iso } from '../../parts/iso';
import { Hl } from '../find/Hl';
import { pg } from '../../i18n/text';
import { fill } from '../parts/fill';

export interface ToolProps {
  m: PyDict;
  index: number;
  /** The pairing; absent: the card is shown alone (the first messages of a file still being indexed). */
  pairs?: ToolPairs;
  onJump: (message: number) => void;
}

/** A call's arguments as the card shows them: a text as it is, any other value as Python's str(). */
function argumentsOf(c: unknown): string {
  if (!isDict(c)) return '';
  const fn = dictGet(c, 'function');
  const args = isDict(fn) ? dictGet(fn, 'arguments') : dictGet(c, 'arguments');
  return typeof args === 'string' ? args : args === undefined ? '' : pyStr(args);
}

/** The calls an assistant message declares; each links to its result or is marked unanswered. */
export function ToolCalls({ m, index, pairs, onJump }: ToolProps) {
  const tc = dictGet(m, 'tool_calls');
  if (dictGet(m, 'role') !== 'assistant' || !Array.isArray(tc) || tc.length === 0) return null;
  const results = pairs?.results.get(index);
  const ids = callIds(m);
  const t = pg().conversation;
  return (
    <ul class="sl-calls" aria-label={t.toolCalls}>
      {tc.map((c, i) => {
        const { name, placeholder } = callName(c);
        const args = argumentsOf(c);
        const result = results?.[i] ?? null;
        return (
          <li key={i} class="sl-call">
            <div class="sl-call-head">
              <span class="sl-call-name">{placeholder ? t[placeholder] : <Hl text={name} />}</span>
              {ids[i] && <code class="sl-muted">{iso(ids[i]!)}</code>}
              {!pairs ? null : result !== null ? (
                <button type="button" class="sl-link" onClick={() => onJump(result)}>
                  {t.resultIn(result + 1)}
                </button>
              ) : (
                <span class="sl-tag sl-tag-warn">{t.unansweredCall}</span>
              )}
            </div>
            {args && <Fold text={args} limit={600} lines={8} class="sl-code" />}
          </li>
        );
      })}
    </ul>
  );
}

/** For a tool message: which call it answers, or that it is an orphan. */
export function ToolAnswer({ index, pairs, onJump }: Omit<ToolProps, 'm'>) {
  if (!pairs) return null;
  const a = pairs.calls.get(index);
  const t = pg().conversation;
  if (!a) return <span class="sl-tag">{t.noCallId}</span>;
  if (a.call === null) return <span class="sl-tag sl-tag-danger" title={t.orphanTitle}>{t.orphan}</span>;
  const call = a.call;
  return (
    <span class="sl-answer">
      {fill(t.resultOf, {
        name: <span class="sl-call-name">{a.placeholder ? t[a.placeholder] : iso(a.name ?? '')}</span>,
        call: (
          <button type="button" class="sl-link" onClick={() => onJump(call)}>
            {t.callIn(call + 1)}
          </button>
        ),
      })}
    </span>
  );
}

/** Tool calls with the result that answers each one, and tool results with the call they answer. */
import { Fold } from '../parts/Fold';
import type { Pairing } from '../parts/pairing';
import { iso } from '../../parts/iso';
import { Hl } from '../find/Hl';
import { pg } from '../../i18n/text';
import { fill } from '../parts/fill';

export interface ToolProps {
  index: number;
  pairing: Pairing;
  onJump: (message: number) => void;
}

/** The calls an assistant message declares; each links to its result or is marked unanswered. */
export function ToolCalls({ index, pairing, onJump }: ToolProps) {
  const calls = pairing.calls.get(index);
  if (!calls) return null;
  const t = pg().conversation;
  return (
    <ul class="sl-calls" aria-label={t.toolCalls}>
      {calls.map((c, i) => (
        <li key={i} class="sl-call">
          <div class="sl-call-head">
            <span class="sl-call-name">{c.placeholder ? t[c.placeholder] : <Hl text={c.name} />}</span>
            {c.id && <code class="sl-muted">{iso(c.id)}</code>}
            {c.result !== null ? (
              <button type="button" class="sl-link" onClick={() => onJump(c.result!)}>
                {t.resultIn(c.result + 1)}
              </button>
            ) : (
              <span class="sl-tag sl-tag-warn">{t.unansweredCall}</span>
            )}
          </div>
          {c.arguments && <Fold text={c.arguments} limit={600} lines={8} class="sl-code" />}
        </li>
      ))}
    </ul>
  );
}

/** For a tool message: which call it answers, or that it is an orphan. */
export function ToolAnswer({ index, pairing, onJump }: ToolProps) {
  const a = pairing.answers.get(index);
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

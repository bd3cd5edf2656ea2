/** Tool calls with the result that answers each one, and tool results with the call they answer. */
import { Fold } from '../Fold';
import type { Pairing } from '../pairing';
import { iso } from '../../iso';
import { Hl } from '../find/Hl';

export interface ToolProps {
  index: number;
  pairing: Pairing;
  onJump: (message: number) => void;
}

/** The calls an assistant message declares; each links to its result or is marked unanswered. */
export function ToolCalls({ index, pairing, onJump }: ToolProps) {
  const calls = pairing.calls.get(index);
  if (!calls) return null;
  return (
    <ul class="sl-calls" aria-label="Tool calls">
      {calls.map((c, i) => (
        <li key={i} class="sl-call">
          <div class="sl-call-head">
            <span class="sl-call-name"><Hl text={c.name} /></span>
            {c.id && <code class="sl-muted">{iso(c.id)}</code>}
            {c.result !== null ? (
              <button type="button" class="sl-link" onClick={() => onJump(c.result!)}>
                result: message #{c.result + 1}
              </button>
            ) : (
              <span class="sl-tag sl-tag-warn">unanswered call</span>
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
  if (!a) return <span class="sl-tag">no tool_call_id</span>;
  if (a.call === null) return <span class="sl-tag sl-tag-danger" title="replay cuts everything up to and including an orphan tool result">orphan result: no earlier call with this id</span>;
  return (
    <span class="sl-answer">
      result of <span class="sl-call-name">{iso(a.name ?? '')}</span>{' '}
      <button type="button" class="sl-link" onClick={() => onJump(a.call!)}>
        call in message #{a.call + 1}
      </button>
    </span>
  );
}

/**
 * The tool calls of a large file's assistant card: each function's name and arguments, the texts the
 * find searches besides the content, so a match in them is shown and marked. Which result answers a
 * call is not shown here: that pairing needs every message, which large-file mode does not hold.
 */
import { callTexts } from '../../../../core/find/find-text';
import type { PyDict } from '../../../../core/python/pyvalue';
import { Fold } from '../../parts/Fold';
import { Hl } from '../../find/Hl';
import { pg } from '../../../i18n/text';

/** The calls of `value` (nothing for a message without any). */
export function LargeCalls({ value }: { value: PyDict }) {
  const calls = callTexts(value);
  if (calls.length === 0) return null;
  const t = pg().conversation;
  return (
    <ul class="sl-calls" aria-label={t.toolCalls}>
      {calls.map((c, i) => (
        <li key={i} class="sl-call">
          <div class="sl-call-head">
            <span class="sl-call-name">{c.name === null ? t.unnamed : <Hl text={c.name} />}</span>
          </div>
          {c.arguments && <Fold text={c.arguments} limit={600} lines={8} class="sl-code" />}
        </li>
      ))}
    </ul>
  );
}

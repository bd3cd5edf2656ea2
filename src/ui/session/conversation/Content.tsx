/** A message's `content`: strings and text blocks as Markdown (or raw), other blocks and values as JSON text. */
import { pyDumps } from '../../../core/pyjson';
import { dictGet, isDict, type PyValue } from '../../../core/pyvalue';
import { Fold } from '../Fold';
import { MessageText } from '../markdown/MessageText';
import { pg } from '../../i18n/text';

/**
 * Renders any JSON content value; `id` names its texts for their raw/formatted choice. `plain`
 * keeps texts plain (the preview shown while a big file opens: no parser fetched then).
 */
export function Content({ value, id, plain }: { value: PyValue | undefined; id: string; plain?: boolean }) {
  const t = pg().conversation;
  if (value === undefined) return <p class="sl-muted">{t.noContent}</p>;
  if (value === null) return <p class="sl-muted">{t.contentNull}</p>;
  if (typeof value === 'string') return value === '' ? <p class="sl-muted">{t.empty}</p> : plain ? <Fold text={value} /> : <MessageText text={value} id={id} />;
  if (Array.isArray(value)) {
    return (
      <ol class="sl-blocks">
        {value.map((b, i) => (
          <li key={i}>
            <Block value={b} id={`${id}:${i}`} plain={plain} />
          </li>
        ))}
      </ol>
    );
  }
  return <Fold text={pyDumps(value)} class="sl-code" />;
}

function Block({ value, id, plain }: { value: PyValue; id: string; plain?: boolean }) {
  if (isDict(value)) {
    const type = dictGet(value, 'type');
    const text = dictGet(value, 'text');
    if (type === 'text' && typeof text === 'string') return plain ? <Fold text={text} /> : <MessageText text={text} id={id} />;
    return (
      <div>
        <span class="sl-tag">{typeof type === 'string' ? pg().conversation.typedBlock(type) : pg().conversation.block}</span>
        <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />
      </div>
    );
  }
  return <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />;
}

/** A message's `content`: strings and text blocks as Markdown (or raw), other blocks and values as JSON text. */
import { pyDumps } from '../../../core/python/pyjson';
import { dictGet, isDict, type PyValue } from '../../../core/python/pyvalue';
import { Fold } from '../parts/Fold';
import { MessageText } from '../markdown/MessageText';
import { pg } from '../../i18n/text';

/**
 * Renders any JSON content value; `id` names its texts for their raw/formatted choice. `plain`
 * keeps texts plain (the preview shown while a big file opens: no parser fetched then). `code`
 * sets texts as preformatted code (monospace, whitespace kept): a tool's output is what a program
 * printed (a file's source, a listing, JSON), not Markdown prose.
 */
export function Content({ value, id, plain, code }: { value: PyValue | undefined; id: string; plain?: boolean; code?: boolean }) {
  const t = pg().conversation;
  if (value === undefined) return <p class="sl-muted">{t.noContent}</p>;
  if (value === null) return <p class="sl-muted">{t.contentNull}</p>;
  if (typeof value === 'string') return value === '' ? <p class="sl-muted">{t.empty}</p> : <Text text={value} id={id} plain={plain} code={code} />;
  if (Array.isArray(value)) {
    return (
      <ol class="sl-blocks">
        {value.map((b, i) => (
          <li key={i}>
            <Block value={b} id={`${id}:${i}`} plain={plain} code={code} />
          </li>
        ))}
      </ol>
    );
  }
  return <Fold text={pyDumps(value)} class="sl-code" />;
}

/** One text: code as code, else plain or Markdown. */
function Text({ text, id, plain, code }: { text: string; id: string; plain?: boolean; code?: boolean }) {
  if (code) return <Fold text={text} class="sl-code sl-output" />;
  return plain ? <Fold text={text} /> : <MessageText text={text} id={id} />;
}

function Block({ value, id, plain, code }: { value: PyValue; id: string; plain?: boolean; code?: boolean }) {
  if (isDict(value)) {
    const type = dictGet(value, 'type');
    const text = dictGet(value, 'text');
    if (type === 'text' && typeof text === 'string') return <Text text={text} id={id} plain={plain} code={code} />;
    return (
      <div>
        <span class="sl-tag">{typeof type === 'string' ? pg().conversation.typedBlock(type) : pg().conversation.block}</span>
        <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />
      </div>
    );
  }
  return <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />;
}

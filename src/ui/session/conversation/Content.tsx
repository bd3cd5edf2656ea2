/** A message's `content` as text: strings folded, content blocks one by one, anything else as JSON. */
import { pyDumps } from '../../../core/pyjson';
import { dictGet, isDict, type PyValue } from '../../../core/pyvalue';
import { Fold } from '../Fold';

/** Renders any JSON content value as plain text. */
export function Content({ value }: { value: PyValue | undefined }) {
  if (value === undefined) return <p class="sl-muted">(no content key)</p>;
  if (value === null) return <p class="sl-muted">(content: null)</p>;
  if (typeof value === 'string') return value === '' ? <p class="sl-muted">(empty)</p> : <Fold text={value} />;
  if (Array.isArray(value)) {
    return (
      <ol class="sl-blocks">
        {value.map((b, i) => (
          <li key={i}>
            <Block value={b} />
          </li>
        ))}
      </ol>
    );
  }
  return <Fold text={pyDumps(value)} class="sl-code" />;
}

function Block({ value }: { value: PyValue }) {
  if (isDict(value)) {
    const type = dictGet(value, 'type');
    const text = dictGet(value, 'text');
    if (type === 'text' && typeof text === 'string') return <Fold text={text} />;
    return (
      <div>
        <span class="sl-tag">{typeof type === 'string' ? `${type} block` : 'block'}</span>
        <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />
      </div>
    );
  }
  return <Fold text={pyDumps(value)} limit={400} lines={6} class="sl-code" />;
}

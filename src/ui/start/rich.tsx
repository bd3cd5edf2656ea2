/**
 * Catalog prose with a few marks — `code`, **strong**, *em* — turned into text nodes and elements,
 * never parsed as HTML, so a translation keeps its inline code where its own word order puts it.
 */
import type { VNode } from 'preact';

const MARK = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)/;

/** `text` with its marks as <code>, <strong> and <em>; everything else stays plain text. */
export function rich(text: string): (string | VNode)[] {
  return text.split(MARK).map((part) => {
    if (part.startsWith('`') && part.length > 2) return <code>{part.slice(1, -1)}</code>;
    if (part.startsWith('**') && part.length > 4) return <strong>{part.slice(2, -2)}</strong>;
    if (part.startsWith('*') && part.length > 2) return <em>{part.slice(1, -1)}</em>;
    return part;
  });
}

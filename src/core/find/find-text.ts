/**
 * The text a find searches in one message, from its record alone: string content, the text blocks
 * of list content, and an assistant's tool-call names and arguments, in the order a card shows
 * them. The same text the full view's find index builds from its pairing (the test's reference, find-reference.ts), so the
 * large-file search, which sees one record at a time, finds exactly what the full view finds.
 */
import { pyStr } from '../python/pyrepr';
import { dictGet, isDict, type PyDict } from '../python/pyvalue';

/** The text a find searches in a message's `content`: a string, or the text blocks of a list (shared with the full view's index). */
function contentTexts(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) {
    for (const b of v) {
      if (!isDict(b)) continue;
      const text = dictGet(b, 'text');
      if (dictGet(b, 'type') === 'text' && typeof text === 'string') out.push(text);
    }
  }
  return out;
}

/** The searchable text of message record `m`, parts joined by '\n' (not lower-cased). */
export function messageFindText(m: PyDict): string {
  const parts = contentTexts(dictGet(m, 'content'));
  for (const c of callTexts(m)) parts.push(c.name ?? '', c.arguments);
  return parts.join('\n');
}

/** One tool call as text: its function's name (null when it has none: not a call object, or unnamed) and its arguments. */
interface CallText {
  name: string | null;
  arguments: string;
}

/** The tool calls of an assistant record as the find searches them (arguments that are not a string as Python's `str()`). */
function callTexts(m: PyDict): CallText[] {
  const calls = dictGet(m, 'role') === 'assistant' ? dictGet(m, 'tool_calls') : undefined;
  if (!Array.isArray(calls)) return [];
  return calls.map((c) => {
    if (!isDict(c)) return { name: null, arguments: '' };
    const fn = dictGet(c, 'function');
    const name = isDict(fn) ? dictGet(fn, 'name') : dictGet(c, 'name');
    const args = isDict(fn) ? dictGet(fn, 'arguments') : dictGet(c, 'arguments');
    return { name: typeof name === 'string' ? name : null, arguments: typeof args === 'string' ? args : args === undefined ? '' : pyStr(args) };
  });
}

/** Message text with the find bar's matches marked; re-renders alone when the query changes. */
import { highlighted } from '../../parts/highlight';
import { findQuery } from './state';

/** `text` as isolated text nodes, its matches of the current find query in <mark>s. */
export function Hl({ text }: { text: string }) {
  return highlighted(text, findQuery.value);
}

/**
 * A catalog sentence with elements in it: `{name}` slots are filled with nodes (a <code> key, a
 * <strong>, a button), so each language puts them where its word order wants them. The sentence
 * is the app's own text; untrusted text only ever arrives as a slot's node.
 */
import type { ComponentChildren } from 'preact';

const SLOT = /\{(\w+)\}/g;

/** `text` with each `{name}` replaced by `slots[name]` (unknown names stay as written). */
export function fill(text: string, slots: Record<string, ComponentChildren>): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let at = 0;
  for (const m of text.matchAll(SLOT)) {
    if (!Object.prototype.hasOwnProperty.call(slots, m[1]!)) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(slots[m[1]!]);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

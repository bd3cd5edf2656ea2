/**
 * Untrusted text with the places a search matched wrapped in <mark>: the text is split into text
 * nodes and marks, never turned into HTML, and stays bidi-isolated like iso().
 */
import type { VNode } from 'preact';
import { closeIsolates } from './iso';

/** Most marks made in one text: a one-letter query over a megabyte must not make a million nodes. */
const MAX_HITS = 500;

/** A case-insensitive matcher for `query` taken literally ('' or blank: none). */
function matcher(query: string): RegExp | null {
  const q = query.trim();
  return q ? new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu') : null;
}

/** [from, to) of each match of `re` in `text`, in order, at most MAX_HITS. */
function hitRanges(text: string, re: RegExp | null): [number, number][] {
  if (!re) return [];
  const out: [number, number][] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m && out.length < MAX_HITS; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    else out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/** `text` as an isolated <bdi> whose matches of `query` are <mark class="sl-find-hit"> elements. */
export function highlighted(text: string, query: string): VNode {
  const t = closeIsolates(text);
  const hits = hitRanges(t, matcher(query));
  if (hits.length === 0) return <bdi>{t}</bdi>;
  const parts: (string | VNode)[] = [];
  let at = 0;
  for (const [from, to] of hits) {
    if (from > at) parts.push(t.slice(at, from));
    parts.push(<mark class="sl-find-hit">{t.slice(from, to)}</mark>);
    at = to;
  }
  if (at < t.length) parts.push(t.slice(at));
  return <bdi>{parts}</bdi>;
}

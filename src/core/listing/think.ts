/**
 * nanobot's `strip_think`: removes model reasoning and template leaks from text (sidebar titles).
 *
 * The rules run in a fixed order; several only act at the very start or end of the text, so that
 * prose which merely mentions a tag is left alone. Python's `$` (no MULTILINE) also matches before
 * one final `\n`, and Python's `\s` is not JS's, so both are spelled out.
 */
import { PY_WS_CLASS, pyStrip } from '../python/pytext';

const WS = `[${PY_WS_CLASS}]*`;
/** Python's `$` without MULTILINE: the end of the text, or just before a final newline. */
const END = '(?=\\n?$)';
const TAG_NAMES = ['think', 'thinking', 'thought'];
const TAG = `(?:${TAG_NAMES.join('|')})`;
/** Every non-empty prefix of a tag name (`t`, `th`, … `thought`): what a cut-off stream leaves. */
const TAG_PREFIX = `(?:${[...new Set(TAG_NAMES.flatMap((t) => [...t].map((_, i) => t.slice(0, i + 1))))]
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const CHANNEL_PREFIX = '(?:c|ch|cha|chan|chann|channe|channel)';

const RULES: RegExp[] = [
  // Closed blocks, the closer naming the same tag as the opener.
  new RegExp(`<(${TAG})>[^]*?</\\1>`, 'gu'),
  // A block opened at the start and never closed hides everything after it.
  new RegExp(`^${WS}<${TAG}>[^]*$`, 'u'),
  // The empty marker `<thinking/>` at either edge.
  new RegExp(`^${WS}<thinking/>${WS}`, 'u'),
  new RegExp(`${WS}<thinking/>${WS}${END}`, 'u'),
  // Malformed openers with no `>` (`<think广场…`): not followed by a tag-name character, `>` or `/`.
  new RegExp(`<${TAG}(?![A-Za-z0-9_:>/-])`, 'gu'),
  // Orphan closers, only at the start or the end.
  new RegExp(`^${WS}</${TAG}>${WS}`, 'u'),
  new RegExp(`${WS}</${TAG}>${WS}${END}`, 'u'),
  // Harmony-style channel markers (`<|channel|>`, `<channel|>`), only at the start.
  new RegExp(`^${WS}<\\|?channel\\|?>${WS}`, 'u'),
  // A tag cut off at the very end (`<thi`, `</thought`, `<|chan`).
  new RegExp(`(?:</?${TAG_PREFIX}>?|<\\|?${CHANNEL_PREFIX}(?:\\|?>?)?)${END}`, 'u'),
  // Nothing but the start of a marker.
  new RegExp(`^${WS}<\\|?${END}`, 'u'),
];

/**
 * The rules up to 0.2.2, which know `<think>` and `<thought>` only, each tag's block rules in turn, and no
 * `<thinking/>` marker.
 */
const OLD_TAGS = ['think', 'thought'];
const OLD_PREFIX = '(?:t|th|thi|thin|think|tho|thou|thoug|though|thought)';
const OLD_RULES: RegExp[] = [
  ...OLD_TAGS.flatMap((t) => [new RegExp(`<${t}>[^]*?</${t}>`, 'gu'), new RegExp(`^${WS}<${t}>[^]*$`, 'u')]),
  ...OLD_TAGS.map((t) => new RegExp(`<${t}(?![A-Za-z0-9_:>/-])`, 'gu')),
  ...OLD_TAGS.flatMap((t) => [new RegExp(`^${WS}</${t}>${WS}`, 'u'), new RegExp(`${WS}</${t}>${WS}${END}`, 'u')]),
  new RegExp(`^${WS}<\\|?channel\\|?>${WS}`, 'u'),
  new RegExp(`(?:</?${OLD_PREFIX}>?|<\\|?${CHANNEL_PREFIX}(?:\\|?>?)?)${END}`, 'u'),
  new RegExp(`^${WS}<\\|?${END}`, 'u'),
];

/** Which tags a version's `strip_think` knows (its `thinkTags` row). */
export type ThinkTags = 'think-thought' | 'think-thinking-thought';

/** nanobot `strip_think(text)`: the text without reasoning blocks and leaked markers, stripped. */
export function stripThink(text: string, tags: ThinkTags = 'think-thinking-thought'): string {
  for (const rule of tags === 'think-thought' ? OLD_RULES : RULES) text = text.replace(rule, '');
  return pyStrip(text);
}

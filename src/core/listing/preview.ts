/**
 * The one-line preview nanobot's session list shows for a message (contract D16): text only,
 * replay artifacts removed, whitespace collapsed, capped at 120 code points.
 */
import {
  codePointLength,
  codePointSlice,
  collapseWhitespace,
  pyLStrip,
  pyRStrip,
  pySplitlines,
  pyStrip,
} from '../python/pytext';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { pyLower } from '../python/unicode14';
import { dictGet, isDict, type PyDict, type PyValue } from '../python/pyvalue';
import { publicHistoryMessage } from '../nanobot/runtime-context';
import { sanitizeAssistantReplayText } from './sanitize';

const PREVIEW_MAX = 120;
const SUBAGENT_RESULT_MAX = 800;

/**
 * nanobot `_text_preview(content)`: a string as is, a list's `type == "text"` blocks' string
 * `text` joined by a space, anything else `""`; then sanitized, collapsed, stripped, and cut to
 * 119 code points + `…` when longer than 120.
 */
export function previewText(content: PyValue | undefined): string {
  let text: string;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) text = content.flatMap(textOfBlock).join(' ');
  else return '';
  text = pyStrip(collapseWhitespace(sanitizeAssistantReplayText(text)));
  if (codePointLength(text) > PREVIEW_MAX) text = pyRStrip(codePointSlice(text, 0, PREVIEW_MAX - 1)) + '…';
  return text;
}

function textOfBlock(block: PyValue): string[] {
  if (!isDict(block) || dictGet(block, 'type') !== 'text') return [];
  const text = dictGet(block, 'text');
  return typeof text === 'string' ? [text] : [];
}

/**
 * nanobot `_message_preview_text(message)`: a subagent result's string content is first cut to
 * its header and result body (the rest is scaffolding for the model), then previewed. From v0.3.0
 * on, of the public view: a runtime-context suffix never shows.
 */
export function messagePreview(message: PyDict, version: NanobotVersion): string {
  if (rulesOf(version).runtimeContext) message = publicHistoryMessage(message);
  let content = dictGet(message, 'content');
  if (dictGet(message, 'injected_event') === 'subagent_result' && typeof content === 'string') {
    content = scrubSubagentAnnounce(content);
  }
  return previewText(content);
}

/** Python `haystack.lower().find(needle)` as a code point index, or -1 (`İ` lowers to 2 chars). */
function lowerFind(haystack: string, needle: string): number {
  const lower = pyLower(haystack);
  const i = lower.indexOf(needle);
  return i < 0 ? -1 : codePointLength(lower.slice(0, i));
}

/**
 * nanobot `scrub_subagent_announce_body`: keeps the `[Subagent …]` header line and the text after
 * `result:` (case-insensitive), cut before `summarize this naturally`, at most 800 code points.
 * Like Python it finds markers in the lowered text and cuts the original at that index.
 */
export function scrubSubagentAnnounce(content: string): string {
  const stripped = pyStrip(content.replaceAll('\r\n', '\n'));
  const first = pySplitlines(stripped)[0];
  const header = first !== undefined && first.startsWith('[Subagent') ? pyStrip(first) : '';
  let marker = '\nresult:\n';
  let at = lowerFind(stripped, marker);
  if (at < 0) {
    marker = '\nresult:';
    at = lowerFind(stripped, marker);
  }
  if (at < 0) return header || stripped;
  let after = pyLStrip(codePointSlice(stripped, at + marker.length));
  const cut = lowerFind(after, 'summarize this naturally');
  if (cut >= 0) after = pyRStrip(codePointSlice(after, 0, cut));
  let body = pyStrip(after);
  if (codePointLength(body) > SUBAGENT_RESULT_MAX) {
    body = pyRStrip(codePointSlice(body, 0, SUBAGENT_RESULT_MAX - 1)) + '…';
  }
  if (header && body) return `${header}\n\n${body}`;
  return header || body || stripped;
}

/**
 * What `_save_turn` changed, read back from the file. nanobot does not save what the model saw: it
 * skips empty assistant replies, drops tool results whose call it does not know (main: also a
 * second result for an answered call), cuts tool results longer than `max_tool_result_chars`,
 * replaces inline images (and result blocks it drops) by placeholders, and strips v0.2's runtime
 * context from the user's text (v0.3.0+ keep a marker instead). Each trace is a code on the
 * message that carries it; the UI and the CLI say what the model saw then and what later turns see.
 * nanobot's marker texts are recognised by their SHA-256, not stored.
 */
import { turnRulesOf } from './turn-rules';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { codePointLength } from '../python/pytext';
import { dictGet, isDict, type PyDict, type PyValue } from '../python/pyvalue';
import { RUNTIME_CONTEXT_KEY } from '../nanobot/runtime-context';
import { sha256Text } from './sha256';

export type SaveTrace =
  /** v0.2: the model saw this text followed by a runtime block (the clock, channel, chat); the file keeps the text only. */
  | { code: 'runtime-context-stripped' }
  /** v0.3.0+: the model saw runtime blocks after this text; the file keeps them with a marker, later turns replay them. */
  | { code: 'runtime-context-kept'; sources: string[] }
  /** A tool result the model saw whole, cut to `kept` characters with nanobot's marker. */
  | { code: 'tool-result-truncated'; kept: number }
  /** An inline image the model saw, replaced by a text placeholder naming its path (or none). */
  | { code: 'image-placeholder'; path: string | null }
  /** Every block of a tool result was dropped: only a placeholder is left. */
  | { code: 'tool-result-omitted' }
  /** A user turn right after another user turn or a tool result: the reply between was empty (skipped) or never came. */
  | { code: 'reply-missing' }
  /** Tool calls with no result in the file: dropped as unknown by the save, or the turn stopped there. */
  | { code: 'tool-result-missing'; ids: string[] };

/** nanobot's truncation marker (`helpers._TRUNCATED_SUFFIX`): length in code points and SHA-256. */
const TRUNCATED_MARKER = { length: 16, sha256: '72ca8845ed8a1e14c028b319e985f00fb641fef2d7b6b58fbf90234a6bea91c2' };
/** The placeholder `_save_turn` writes when every block of a tool result was dropped. */
const OMITTED_MARKER = { length: 40, sha256: 'e45107f5c14408398c6e94e7ed19de8259d70fc7a6fe9357a7e145becf87271c' };
const IMAGE_PLACEHOLDER = /^\[image(?:: (.+))?\]$/s;

function truncatedAt(text: string): number | null {
  // The marker is ASCII: its code points are its last UTF-16 units; the text is measured only on a match.
  if (text.length < TRUNCATED_MARKER.length) return null;
  if (sha256Text(text.slice(text.length - TRUNCATED_MARKER.length)) !== TRUNCATED_MARKER.sha256) return null;
  return codePointLength(text) - TRUNCATED_MARKER.length;
}

function blockTexts(content: PyValue | undefined): string[] {
  if (!Array.isArray(content)) return [];
  return content.filter((b): b is PyDict => isDict(b) && dictGet(b, 'type') === 'text' && typeof dictGet(b, 'text') === 'string').map((b) => dictGet(b, 'text') as string);
}

function callIds(m: PyDict): string[] {
  const calls = dictGet(m, 'tool_calls');
  if (!Array.isArray(calls)) return [];
  const ids: string[] = [];
  for (const c of calls) {
    const id = isDict(c) ? dictGet(c, 'id') : undefined;
    if (typeof id === 'string' && id) ids.push(id);
  }
  return ids;
}

/** The tool-call ids that have a result somewhere in the session (one cheap pass, no hashing). */
function answeredCalls(messages: readonly PyDict[]): Set<string> {
  const answered = new Set<string>();
  for (const m of messages) {
    const id = dictGet(m, 'tool_call_id');
    if (dictGet(m, 'role') === 'tool' && typeof id === 'string') answered.add(id);
  }
  return answered;
}

/**
 * The save traces of message `i` alone (a view draws only the rows on screen): it needs the message
 * before it and the answered calls of the whole session.
 */
export function messageTraces(messages: readonly PyDict[], i: number, version: NanobotVersion, answered: ReadonlySet<string>): SaveTrace[] {
  const rules = turnRulesOf(version);
  const m = messages[i]!;
  const lastRole = i > 0 ? dictGet(messages[i - 1]!, 'role') : undefined;
  const role = dictGet(m, 'role');
  const content = dictGet(m, 'content');
  const traces: SaveTrace[] = [];
  if (role === 'user') {
    const marker = dictGet(m, RUNTIME_CONTEXT_KEY);
    if (isDict(marker)) {
      const sources = dictGet(marker, 'sources');
      traces.push({ code: 'runtime-context-kept', sources: Array.isArray(sources) ? sources.filter((s): s is string => typeof s === 'string') : [] });
    } else if (rules.saveStripsRuntimeContext && typeof content === 'string') traces.push({ code: 'runtime-context-stripped' });
    if (lastRole === 'user' || lastRole === 'tool') traces.push({ code: 'reply-missing' });
  }
  if (role === 'tool') {
    if (typeof content === 'string') {
      const kept = truncatedAt(content);
      if (kept !== null) traces.push({ code: 'tool-result-truncated', kept });
    }
    for (const t of blockTexts(content)) {
      const kept = truncatedAt(t);
      if (kept !== null) traces.push({ code: 'tool-result-truncated', kept });
      if (t.length === OMITTED_MARKER.length && sha256Text(t) === OMITTED_MARKER.sha256) traces.push({ code: 'tool-result-omitted' });
    }
  }
  if (role === 'user' || role === 'tool') {
    for (const t of blockTexts(content)) {
      const img = IMAGE_PLACEHOLDER.exec(t);
      if (img) traces.push({ code: 'image-placeholder', path: img[1] ?? null });
    }
  }
  if (role === 'assistant') {
    const missing = callIds(m).filter((id) => !answered.has(id));
    if (missing.length) traces.push({ code: 'tool-result-missing', ids: missing });
  }
  return traces;
}

/** The save traces of every message of a session (one list per message, most empty). */
export function saveTraces(messages: readonly PyDict[], version: NanobotVersion): SaveTrace[][] {
  const answered = answeredCalls(messages);
  return messages.map((_, i) => messageTraces(messages, i, version, answered));
}

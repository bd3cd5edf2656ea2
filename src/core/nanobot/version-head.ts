/**
 * What the first bytes of a session file say about the nanobot that wrote it: the stored key and
 * metadata keys of line 1, and whether a `provider_state` record or a runtime-context marker shows
 * up. A cheap text test picks the candidate lines; only those are parsed (pyLoads) to confirm.
 */
import { pyLoads } from '../python/pyjson';
import { dictGet, isDict } from '../python/pyvalue';
import { pyStrip } from '../python/pytext';
import type { SessionFileFacts } from './version-evidence';

export type HeadFacts = Omit<SessionFileFacts, 'stem'>;

// main's own listing skips lines starting like this (`_type` first; spec §29).
const PROVIDER_STATE = /^\s*\{\s*"_type"\s*:\s*"provider_state"/;
const USER_FIRST = /^\s*\{\s*"role"\s*:\s*"user"/;
// A `"_runtime_context": {` key outside a string (inside one its quotes would be escaped).
const RUNTIME_KEY = /(?<!\\)"_runtime_context"\s*:\s*\{/;

// `\uXXXX` above U+007F, not itself escaped (`\\u00e9` is a backslash in the text): `ensure_ascii`'s writing. A lone
// surrogate is left out: no release can write one raw (its save raises), so its escape tells no release apart;
// a pair (an emoji) is what `ensure_ascii` writes where later releases write the character.
const ESCAPED_NON_ASCII = /(?<!\\)(?:\\\\)*\\u(?:00[89a-f][0-9a-f]|0[1-9a-f][0-9a-f]{2}|[1-9a-c][0-9a-f]{3}|d[0-7][0-9a-f]{2}|[ef][0-9a-f]{3}|d[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2})/i;
const RAW_NON_ASCII = /[^\x00-\x7f]/;
const CUT_SUFFIX = '\n... (truncated)';
// Text that can only be in a line holding one of the message clues; only such lines are parsed.
const MESSAGE_CLUE = /"tools_used"|\(truncated\)"|\[Runtime Context\]|"latency_ms"|"cli_apps"|"mcp_presets"/;

/**
 * Facts from a file's head. `complete`: the head is the whole file, so its last line is whole too;
 * otherwise a line cut off by the head is judged by its text alone, as main's own listing does.
 */
export function scanHead(head: Uint8Array, complete: boolean): HeadFacts {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(head);
  const lines = text.split(/\r\n|\r|\n/);
  const cutLast = !complete;
  const out: HeadFacts = { storedKey: null, providerState: false, runtimeContext: false, sessionHandle: false, modelPreset: false };
  let seenFirst = false;
  lines.forEach((line, i) => {
    const whole = !(cutLast && i === lines.length - 1);
    if (!seenFirst && pyStrip(line) !== '') {
      seenFirst = true;
      if (whole) readMetadata(line, out);
    }
    if (!out.providerState && PROVIDER_STATE.test(line)) out.providerState = whole ? parsedType(line) === 'provider_state' : true;
    if (!out.runtimeContext && line.includes('"_runtime_context"')) out.runtimeContext = whole ? userWithMarker(line) : USER_FIRST.test(line) && RUNTIME_KEY.test(line);
    if (!out.escapedNonAscii && ESCAPED_NON_ASCII.test(line)) out.escapedNonAscii = true;
    if (!out.rawNonAscii && RAW_NON_ASCII.test(line)) out.rawNonAscii = true;
    if (whole && MESSAGE_CLUE.test(line)) messageClues(line, out);
  });
  return out;
}

/** What a whole message line says about the code that saved it (the clues of the version table's `clues on disk`). */
function messageClues(line: string, out: HeadFacts): void {
  const d = parse(line);
  if (!d) return;
  const role = dictGet(d, 'role');
  const content = dictGet(d, 'content');
  if (role === 'assistant' && dictGet(d, 'tools_used') !== undefined) out.toolsUsed = true;
  if (role === 'assistant' && dictGet(d, 'latency_ms') !== undefined) out.latency = true;
  if (role === 'user' && (dictGet(d, 'cli_apps') !== undefined || dictGet(d, 'mcp_presets') !== undefined)) out.attachments = true;
  if (role === 'user' && typeof content === 'string' && content.includes('[Runtime Context]\n')) out.runtimeContextText = true;
  if (role === 'tool' && typeof content === 'string' && content.endsWith(CUT_SUFFIX)) {
    // Python counts code points, not UTF-16 units.
    const kept = [...content.slice(0, -CUT_SUFFIX.length)].length;
    if (!(out.toolResultCuts ??= []).includes(kept)) out.toolResultCuts.push(kept);
  }
}

function parse(line: string) {
  const r = pyLoads(pyStrip(line));
  return r.ok && isDict(r.value) ? r.value : null;
}

function parsedType(line: string): unknown {
  const d = parse(line);
  return d ? dictGet(d, '_type') : undefined;
}

function userWithMarker(line: string): boolean {
  const d = parse(line);
  return d !== null && dictGet(d, 'role') === 'user' && isDict(dictGet(d, '_runtime_context'));
}

/** The stored key (v0.3.0's fallback lookup reads it the same way, spec §5) and the metadata keys that date a file. */
function readMetadata(line: string, out: HeadFacts): void {
  const d = parse(line);
  if (!d || dictGet(d, '_type') !== 'metadata') return;
  const key = dictGet(d, 'key');
  if (typeof key === 'string') out.storedKey = key;
  if (key === undefined) out.keyless = true;
  const meta = dictGet(d, 'metadata');
  if (isDict(meta)) {
    out.sessionHandle = dictGet(meta, 'session_handle') !== undefined;
    out.modelPreset = dictGet(meta, '_nanobot_model_preset') !== undefined;
  }
}

/**
 * Whether the first entries of a `memory/history.jsonl` name their session (`session_key`): 'some', 'none', or
 * null when no whole entry is there. A line cut off by the head is left out.
 */
export function historySessionKeys(head: Uint8Array, complete: boolean): 'some' | 'none' | null {
  const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(head).split(/\r\n|\r|\n/);
  if (!complete) lines.pop();
  let entries = 0;
  for (const line of lines) {
    const d = pyStrip(line) === '' ? null : parse(line);
    if (!d || typeof dictGet(d, 'content') !== 'string') continue;
    if (typeof dictGet(d, 'session_key') === 'string') return 'some';
    entries++;
  }
  return entries > 0 ? 'none' : null;
}

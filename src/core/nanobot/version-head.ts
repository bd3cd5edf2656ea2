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
  });
  return out;
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
  const meta = dictGet(d, 'metadata');
  if (isDict(meta)) {
    out.sessionHandle = dictGet(meta, 'session_handle') !== undefined;
    out.modelPreset = dictGet(meta, '_nanobot_model_preset') !== undefined;
  }
}

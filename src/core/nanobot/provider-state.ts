/**
 * nanobot main's private `{"_type": "provider_state", "state": {…}}` record (§15–17): the
 * provider's conversation state. Never a message; validated as main validates it, and written back
 * with exactly six keys.
 */
import { copyDepth, dictFrom, dictGet, isDict, isInt, type PyDict, type PyValue } from '../python/pyvalue';
import { PY_WS_CLASS } from '../python/pytext';

const PROVIDER_STATE_TYPE = 'provider_state';

/**
 * main's `ProviderConversationState.from_dict` checks: non-empty strings, an int (not bool) version,
 * objects. Written out, not a zod schema: every file command reads facts that may meet a provider
 * state, and loading zod's module would be paid at each CLI command's start (~2.5 ms).
 */
function validState(s: PyDict): boolean {
  const text = (k: string) => {
    const v = dictGet(s, k);
    return typeof v === 'string' && v.length > 0;
  };
  const pending = dictGet(s, 'pending_messages');
  return text('kind') && text('provider') && text('model') && isInt(dictGet(s, 'version')) && isDict(dictGet(s, 'payload')) && (pending === undefined || (Array.isArray(pending) && pending.every(isDict)));
}

/** A provider state exactly as main holds it (keys in its `to_dict` order). */
export type ProviderState = PyDict;

// Python's `\s` is not JS's: it takes \x1c–\x1f and U+0085 and leaves U+FEFF out.
const WS = `[${PY_WS_CLASS}]*`;
const STATE_LINE = new RegExp(`^${WS}\\{${WS}"_type"${WS}:${WS}"provider_state"${WS}(?:,|\\})`, 'u');

/**
 * main's cheap test on a raw line (listing previews skip it before parsing, §29): `_type` first,
 * then "provider_state" and a `,` or `}`, with Python whitespace between.
 */
export function isProviderStateLine(line: string): boolean {
  return STATE_LINE.test(line);
}

/** True for a record main treats as a provider state (whatever its `state` holds). */
export function isProviderStateRecord(v: PyValue): v is PyDict {
  return isDict(v) && dictGet(v, '_type') === PROVIDER_STATE_TYPE;
}

/** The valid state of a record, re-serialised with main's six keys (extras dropped), or null. */
export function parseProviderState(record: PyDict): ProviderState | null {
  const state = dictGet(record, 'state');
  if (!isDict(state)) return null;
  if (!validState(state)) return null;
  const get = (k: string) => dictGet(state, k)!;
  return dictFrom([
    ['kind', get('kind')],
    ['provider', get('provider')],
    ['model', get('model')],
    ['version', get('version')],
    ['payload', get('payload')],
    ['pending_messages', dictGet(state, 'pending_messages') ?? []],
  ]);
}

/** The line main's save writes for a state (line 2 of the file). */
export function providerStateRecord(state: ProviderState): PyDict {
  return dictFrom([['_type', PROVIDER_STATE_TYPE], ['state', state]]);
}

/**
 * Whether main's `from_private_record` raises RecursionError deep-copying a valid state's payload
 * or pending messages (deeper than `budget` copy levels: the version table's `providerStateCopy`).
 */
export function providerStateCopyRaises(state: ProviderState, budget: number | null): boolean {
  return budget !== null && (copyDepth(dictGet(state, 'payload')!) > budget || copyDepth(dictGet(state, 'pending_messages')!) > budget);
}

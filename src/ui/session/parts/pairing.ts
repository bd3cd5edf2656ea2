/**
 * Tool calls paired with their results for display: which result answers which call, which
 * results answer nothing earlier (orphans) and which calls were never answered. Ids compare as
 * Python `str()`, like nanobot's replay does.
 */
import { pyStr } from '../../../core/python/pyrepr';
import { dictGet, isDict, truthy, type PyDict } from '../../../core/python/pyvalue';
import { runNow } from '../../../store/analyze/event-loop';

/** Messages handled between two yields of the step version. */
const STEP = 512;

/** Why a call has no name to show: the entry is not a call object, or it names no function (the view says so in words). */
export type NameMissing = 'notCall' | 'unnamed';

export interface ToolCallInfo {
  id: string | null;
  /** The function's name ('' when `placeholder` says why there is none). */
  name: string;
  placeholder?: NameMissing;
  arguments: string;
  /** Message index of the tool result answering it, or null when unanswered. */
  result: number | null;
}

export interface Pairing {
  /** Calls declared by each assistant message (by message index). */
  calls: Map<number, ToolCallInfo[]>;
  /** For each tool message: the assistant message holding its call, or null (orphan). Missing id: undefined. */
  answers: Map<number, { call: number | null; name: string | null; placeholder?: NameMissing }>;
}

function callsOf(m: PyDict): { id: string | null; name: string; placeholder?: NameMissing; arguments: string }[] {
  const tc = dictGet(m, 'tool_calls');
  if (!Array.isArray(tc)) return [];
  return tc.map((c) => {
    if (!isDict(c)) return { id: null, name: '', placeholder: 'notCall' as const, arguments: '' };
    const id = dictGet(c, 'id');
    const fn = dictGet(c, 'function');
    const name = isDict(fn) ? dictGet(fn, 'name') : dictGet(c, 'name');
    const args = isDict(fn) ? dictGet(fn, 'arguments') : dictGet(c, 'arguments');
    return {
      id: truthy(id) ? pyStr(id!) : null,
      name: typeof name === 'string' ? name : '',
      ...(typeof name === 'string' ? {} : { placeholder: 'unnamed' as const }),
      arguments: typeof args === 'string' ? args : args === undefined ? '' : pyStr(args),
    };
  });
}

/** Pairs every tool result with the latest earlier call of the same id. */
export function pairToolCalls(messages: PyDict[]): Pairing {
  return runNow(pairToolCallsSteps(messages));
}

/** pairToolCalls as steps (one yield per STEP messages), for runSliced on a 50,000-message file. */
export function* pairToolCallsSteps(messages: PyDict[]): Generator<void, Pairing> {
  const calls = new Map<number, ToolCallInfo[]>();
  const answers = new Map<number, { call: number | null; name: string | null; placeholder?: NameMissing }>();
  const open = new Map<string, { msg: number; info: ToolCallInfo }>();
  for (let i = 0; i < messages.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const m = messages[i]!;
    const role = dictGet(m, 'role');
    if (role === 'assistant') {
      const list = callsOf(m).map((c) => ({ ...c, result: null as number | null }));
      if (list.length) calls.set(i, list);
      for (const info of list) if (info.id !== null) open.set(info.id, { msg: i, info });
    } else if (role === 'tool') {
      const id = dictGet(m, 'tool_call_id');
      if (!truthy(id)) continue;
      const hit = open.get(pyStr(id!));
      if (hit && hit.info.result === null) {
        hit.info.result = i;
        answers.set(i, { call: hit.msg, name: hit.info.name, ...(hit.info.placeholder ? { placeholder: hit.info.placeholder } : {}) });
      } else answers.set(i, { call: hit ? hit.msg : null, name: hit ? hit.info.name : null, ...(hit?.info.placeholder ? { placeholder: hit.info.placeholder } : {}) });
    }
  }
  return { calls, answers };
}

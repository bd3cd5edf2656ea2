/** The save traces of an opened session's messages (recovered lens), each computed when its row is drawn. */
import { answeredCalls, messageTraces, type SaveTrace } from '../../../core/turn/save-traces';
import type { OpenedSession } from '../../../store/save/sessions';

const answered = new WeakMap<OpenedSession, Set<string>>();

/** The traces of message `i` (the answered calls are gathered once per opened file). */
export function tracesOf(o: OpenedSession, i: number): SaveTrace[] {
  let a = answered.get(o);
  if (!a) answered.set(o, (a = answeredCalls(o.recovered.messages)));
  return messageTraces(o.recovered.messages, i, o.version, a);
}

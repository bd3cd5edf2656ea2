/** The save traces of an opened session's messages (recovered lens), computed once per opened file. */
import { saveTraces, type SaveTrace } from '../../../core/turn/save-traces';
import type { OpenedSession } from '../../../store/sessions';

const cache = new WeakMap<OpenedSession, SaveTrace[][]>();

/** One list per message of the recovered lens (most empty). */
export function tracesOf(o: OpenedSession): SaveTrace[][] {
  let t = cache.get(o);
  if (!t) cache.set(o, (t = saveTraces(o.recovered.messages, o.version)));
  return t;
}

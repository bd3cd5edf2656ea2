/** nanobot's load of a file in one sentence, at every size: large-file mode's header says it, and the File tab's health. */
import type { IndexLoad } from '../../core/index/index-load';
import type { PyError } from '../../core/python/pyjson';
import type { SourceLoad } from '../../store/source/session-source';
import { pg } from '../i18n/text';
import { count } from './text';

/** nanobot's exception as Python prints it (`Type: text`), '' when not known. */
const raised = (e: PyError | null | undefined) => (e ? `${e.type}: ${e.message}` : '');

/** A source's load (SessionSource.load) in the shape the sentence reads. */
function indexLoadOfSource(load: SourceLoad): Pick<IndexLoad, 'raises' | 'loaded' | 'path' | 'skipped' | 'error' | 'repairError' | 'strictError'> & { messages: number } {
  return { raises: load.error !== null, loaded: load.result !== null, path: load.path, skipped: load.skipped, error: load.error, repairError: load.repairError, strictError: load.strictError, messages: load.result?.count ?? 0 };
}

/** What nanobot's `_load` does with the file: raises, loads nothing, loads all, or repairs; with its exception where it raises one. */
export function loadText(load: IndexLoad | SourceLoad): string {
  const l = 'messageLines' in load ? { ...load, messages: load.messageLines.length } : indexLoadOfSource(load);
  const t = pg().large;
  if (l.raises) return t.nanobotRaises(raised(l.error));
  if (!l.loaded) return t.nanobotNothing(raised(l.repairError ?? l.strictError));
  if (l.path === 'normal') return t.nanobotNormal(count(l.messages));
  return t.nanobotRepair(count(l.messages), count(l.skipped), raised(l.strictError));
}

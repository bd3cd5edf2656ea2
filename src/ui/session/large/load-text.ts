/** nanobot's load of a large file in one sentence: the header says it, and the File tab's health. */
import type { IndexLoad } from '../../../core/index/index-load';
import type { PyError } from '../../../core/python/pyjson';
import { pg } from '../../i18n/text';
import { count } from '../text';

/** nanobot's exception as Python prints it (`Type: text`), '' when not known. */
const raised = (e: PyError | null | undefined) => (e ? `${e.type}: ${e.message}` : '');

/** What nanobot's `_load` does with the file: raises, loads nothing, loads all, or repairs; with its exception where it raises one. */
export function loadText(load: IndexLoad): string {
  const t = pg().large;
  if (load.raises) return t.nanobotRaises(raised(load.error));
  if (!load.loaded) return t.nanobotNothing(raised(load.repairError ?? load.strictError));
  if (load.path === 'normal') return t.nanobotNormal(count(load.messageLines.length));
  return t.nanobotRepair(count(load.messageLines.length), count(load.skipped), raised(load.strictError));
}

/** nanobot's load of a file in one sentence, at every size: large-file mode's header says it, and the File tab's health. */
import type { SourceLoad } from '../../store/source/session-source';
import { pg } from '../i18n/text';
import { count } from './text';
import { raised } from './lens';

/** What nanobot's `_load` does with the file (a source's load, SessionSource.load): raises, loads nothing, loads all, or repairs; with its exception where it raises one. */
export function loadText(load: SourceLoad): string {
  const t = pg().large;
  if (load.error !== null) return t.nanobotRaises(raised(load.error));
  if (load.result === null) return t.nanobotNothing(raised(load.repairError ?? load.strictError));
  if (load.path === 'normal') return t.nanobotNormal(count(load.result.count));
  return t.nanobotRepair(count(load.result.count), count(load.skipped), raised(load.strictError));
}

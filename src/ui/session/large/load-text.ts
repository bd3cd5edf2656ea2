/** nanobot's load of a large file in one sentence: the header says it, and the File tab's health. */
import type { IndexLoad } from '../../../core/index/index-load';
import { pg } from '../../i18n/text';
import { count } from '../text';

/** What nanobot's `_load` does with the file: raises, loads nothing, loads all, or repairs. */
export function loadText(load: IndexLoad): string {
  const t = pg().large;
  return load.raises ? t.nanobotRaises : !load.loaded ? t.nanobotNothing : load.path === 'normal' ? t.nanobotNormal(count(load.messageLines.length)) : t.nanobotRepair(count(load.messageLines.length), count(load.skipped));
}

/**
 * Core edit errors that quote Python's exception ("nanobot would raise TypeError: …"): the lead-in
 * in the reader's language, the exception as Python wrote it. Any other core text is shown as is.
 */
import { pg } from '../../i18n/text';

const LEAD = 'nanobot would raise ';

/** The core's error in the reader's language where it is the "would raise" form (read during render). */
export function raisedText(core: string): string {
  return core.startsWith(LEAD) ? pg().edit.wouldRaise(core.slice(LEAD.length)) : core;
}

/** Why an edit cannot be made, in the reader's language (Python's exception as it wrote it). */
import type { EditRefusal } from '../../../core/edit/edits';
import { pg } from '../../i18n/text';

/** The core's refusal in words (read during render). */
export function refusalText(r: EditRefusal): string {
  return pg().edit.refusal(r);
}

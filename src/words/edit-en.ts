/**
 * Why an edit cannot be made, in the English the CLI and the app's English catalog share. Its own
 * module so the app loads it with the edit pages, not in its first chunk.
 */
import type { EditRefusal } from '../core/edit/edits';

/** Why an edit cannot be made (Python's exception as it wrote it). */
export function editRefusalEn(r: EditRefusal): string {
  switch (r.code) {
    case 'raises': return `nanobot would raise ${r.error.type}: ${r.error.message}`;
    case 'bad-last-consolidated': return `last_consolidated must be a whole number from 0 to ${r.max}; nanobot resets anything else to 0.`;
    case 'not-a-message': return `Line ${r.line} is not a message.`;
    case 'no-line': return `There is no line ${r.line}.`;
    case 'line-cannot-save': return `Line ${r.line} cannot be saved: nanobot would raise ${r.error.type}: ${r.error.message}. Nothing was written.`;
  }
}

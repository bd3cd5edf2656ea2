/**
 * What an edit changes and why one cannot be made, in the English the CLI and the app's English
 * catalog share. Its own module so the app loads it with the edit pages, not in its first chunk.
 */
import type { EditChange, EditRefusal } from '../core/edit/edits';

/** Why an edit cannot be made (Python's exception as it wrote it). */
export function editRefusalEn(r: EditRefusal): string {
  switch (r.code) {
    case 'raises': return `nanobot would raise ${r.error.type}: ${r.error.message}`;
    case 'bad-last-consolidated': return `last_consolidated must be a whole number from 0 to ${r.max}; nanobot resets anything else to 0.`;
    case 'no-line': return `There is no line ${r.line}.`;
    case 'line-cannot-save': return `Line ${r.line} cannot be saved: nanobot would raise ${r.error.type}: ${r.error.message}. Nothing was written.`;
  }
}

/**
 * What an edit changes, as the CLI prints it and the Edit tab previews it. `num` writes a count
 * (the CLI: plain digits; the app: grouped, 2,602); line numbers are written plain in both.
 */
export function editChangeEn(c: EditChange, num: (n: number) => string = String): string {
  const count = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;
  switch (c.code) {
    case 'title': return `Title becomes "${c.title}" (marked as edited by you, so nanobot keeps it).`;
    case 'archive': {
      const left = c.total - c.upTo;
      const which = c.upTo === 0 ? 'No message counts' : c.upTo === 1 ? 'Message 1 counts' : `Messages 1–${num(c.upTo)} count`;
      return `${which} as archived to memory; replay starts after them (${count(left, 'message')} ${left === 1 ? 'remains' : 'remain'} replayable).`;
    }
    case 'append': return `Adds a ${c.role} message at the end.`;
    case 'remove-line': return `Removes line ${c.line}.`;
    case 'trim-nothing': return `Nothing to drop: all ${count(c.total, 'message')} fit within ${num(c.max)}; the file stays as it is.`;
    case 'trim': return `Drops ${num(c.dropped)} of ${count(c.total, 'message')} (${num(c.archived)} already archived, ${num(c.dropped - c.archived)} never archived) and keeps ${num(c.kept)}.`;
    case 'clear': return `Removes ${c.messages === 1 ? 'the only message' : `all ${count(c.messages, 'message')}`}; the metadata record stays.`;
    case 'repair':
      return `Writes ${count(c.messages, 'message')} under one metadata record${c.merged > 0 ? ` (${count(c.merged, 'extra metadata record')} merged)` : ''}, leaving out ${count(c.removed, 'corrupt or blank line')} (kept in the backup).`;
  }
}

/**
 * What the nanobot in use will do to a file an edit writes, where its version table says so (the rows
 * `atomicSave` and `loadFailure`): the CLI prints these as notes under a write command's plan.
 */
export function nanobotSaveNotesEn(label: string, atomicSave: boolean, loadFailure: 'repair' | 'empty-session'): string[] {
  return [
    ...(atomicSave ? [] : [`note: ${label} rewrites a session file in place, not through a temporary file: if it stops mid-save, or meets a message it cannot write, the file is cut short there. Stop nanobot before writing.`]),
    ...(loadFailure === 'empty-session' ? [`note: ${label} has no repair: one bad line, byte, BOM or created_at and it loads nothing, starts an empty session, and its next save writes that over the file.`] : []),
  ];
}

/**
 * An export written one message at a time: the title and key redacted first, then each message's
 * findings numbered on from the ones before, masked, and written as its piece of the file. The
 * pieces joined are the file the whole session redacted at once would make (the tests' buildExport),
 * so a file too big to hold (large-file mode) is exported with the same bytes as a small one.
 */
import { exportClosing, exportOpening, exportPiece, type ExportFormat, type ExportHead } from './export';
import { KEY_PATH, messagePath, numberFindings, redactNumbered, TITLE_PATH, type Numbered } from './export-redact';
import type { ExportWords } from './export-parts';
import type { PyValue } from '../python/pyvalue';

/** Where a written export is: the next finding's number and the next message's. */
export interface ExportWriter {
  format: ExportFormat;
  words: ExportWords;
  /** The session's key as stored: its occurrences are findings. */
  sessionKey: string;
  /** A finding's mask, or null to leave it (the user unmasked it). */
  mask: (n: Numbered) => string | null;
  nextId: number;
  nextMessage: number;
}

/** Starts an export of `head` (title and key as stored): the writer and the opening text, with the title and key masked. */
export function startExport(head: ExportHead, format: ExportFormat, mask: (n: Numbered) => string | null): { writer: ExportWriter; text: string } {
  const title = numberFindings(head.title, head.key, TITLE_PATH, 0);
  const key = numberFindings(head.key, head.key, KEY_PATH, title.length);
  const masked = { ...head, title: redactNumbered(head.title, title, TITLE_PATH, mask) as string, key: redactNumbered(head.key, key, KEY_PATH, mask) as string };
  const writer: ExportWriter = { format, words: head.words, sessionKey: head.key, mask, nextId: title.length + key.length, nextMessage: 0 };
  return { writer, text: exportOpening(masked, format) };
}

/** The next message's piece, masked. */
export function writeMessage(w: ExportWriter, m: PyValue): string {
  const i = w.nextMessage++;
  const ns = numberFindings(m, w.sessionKey, messagePath(i), w.nextId);
  w.nextId += ns.length;
  return exportPiece(redactNumbered(m, ns, messagePath(i), w.mask), i, w.format, w.words);
}

/** The text after the last message. */
export function finishExport(w: ExportWriter): string {
  return exportClosing(w.format);
}

/**
 * An export made from the whole session at once, its pieces joined (src/core/export/export.ts): what
 * the tests hold the streamed exports (export-writer.ts, the large-file export) and the formats to.
 */
import { EXPORT_MIME, exportClosing, exportOpening, exportPiece, type ExportFormat, type ExportHead } from '../../src/core/export/export';
import type { PyValue } from '../../src/core/python/pyvalue';

export interface ExportDoc extends Omit<ExportHead, 'count'> {
  /** Messages as stored, or the replay's provider entries: any JSON values. */
  messages: PyValue[];
}

/** The file for `format`: its text and MIME type. */
export function buildExport(doc: ExportDoc, format: ExportFormat): { text: string; mime: string } {
  const head = { ...doc, count: doc.messages.length };
  let text = exportOpening(head, format);
  for (let i = 0; i < doc.messages.length; i++) text += exportPiece(doc.messages[i]!, i, format, doc.words);
  return { text: text + exportClosing(format), mime: EXPORT_MIME[format] };
}


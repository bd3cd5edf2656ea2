/**
 * The recovered lens's diagnostics (`parseDocument`'s) over a file streamed past in byte chunks:
 * each line is judged as it passes and only what the whole-document checks need is kept, so
 * memory follows the findings, not the file.
 */
import { addToShape, finishDiagnostics, lineRecord, newShape, type Diagnostic, type DocumentOptions } from './document';
import { LineSplitter, type ChunkLine } from './line-stream';
import { decodeStrict } from '../python/lines';
import { rulesOf } from '../nanobot/nanobot-version';

/** `parseDocument(bytes, opts).diagnostics` of the file `chunks` yields, without keeping its records. */
export async function scanDiagnostics(chunks: AsyncIterable<Uint8Array>, opts: DocumentOptions): Promise<Diagnostic[]> {
  const providerState = rulesOf(opts.version).providerStateRecord;
  const diagnostics: Diagnostic[] = [];
  const shape = newShape();
  const onLine = (l: ChunkLine) => {
    const raw = l.bytes.subarray(0, l.contentLength);
    const eolLength = l.bytes.length - l.contentLength;
    const eol = eolLength === 0 ? '' : eolLength === 2 ? '\r\n' : l.bytes[l.contentLength] === 13 ? '\r' : '\n';
    let text: string | undefined;
    try {
      text = decodeStrict(raw);
    } catch {
      text = undefined; // lineRecord finds and reports the fault
    }
    addToShape(shape, lineRecord(l.index, raw, eol, text, providerState, diagnostics), l.index);
  };
  const splitter = new LineSplitter(onLine);
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  finishDiagnostics(shape, diagnostics, opts);
  return diagnostics;
}

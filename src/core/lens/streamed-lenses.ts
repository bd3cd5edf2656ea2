/**
 * Both lenses of a file streamed past once (`load` on a big file): nanobot's load and the recovered
 * lens read the same lines, each parsed once, and keep of the messages only their lines (5 bytes a
 * message), so a second pass can print them; the diagnostics are `parseDocument`'s.
 */
import { addToShape, finishDiagnostics, lineRecord, newShape, type Diagnostic, type DocumentOptions } from './document';
import type { NanobotSession } from './load';
import { addMessageLine, messageLineSink, newMessageLines, type MessageLines } from './message-lines';
import { rulesOf } from '../nanobot/nanobot-version';
import { pyStrip } from '../python/pytext';
import { recoveredHead } from './recovered';
import { streamedLoadInto, type LineObserver, type LoadStreamOptions } from './streamed-load';

/** The recovered lens without its messages: its head, its messages' lines, its line count. */
export interface StreamedRecovered {
  head: Omit<NanobotSession, 'messages' | 'messageLines'>;
  lensLines: MessageLines;
  lines: number;
}

/**
 * `readBothLenses` of a streamed file, the messages of each lens given by line; `checked: false`
 * when no message will be printed (`load`'s summary), which skips a json.dumps of every message.
 */
export async function streamedLenses(chunks: () => AsyncIterable<Uint8Array>, opts: LoadStreamOptions & Pick<DocumentOptions, 'fileName'>, checked = true) {
  const providerState = rulesOf(opts.version).providerStateRecord;
  const diagnostics: Diagnostic[] = [];
  const shape = newShape();
  const recovered = newMessageLines(checked);
  const observe: LineObserver = (l, text) => {
    const raw = l.bytes.subarray(0, l.contentLength);
    const eolLength = l.bytes.length - l.contentLength;
    const eol = eolLength === 0 ? '' : eolLength === 2 ? '\r\n' : l.bytes[l.contentLength] === 13 ? '\r' : '\n';
    const rec = lineRecord(l.index, raw, eol, text, providerState, diagnostics);
    addToShape(shape, rec, l.index);
    if (!rec.value) return undefined;
    const bom = text!.charCodeAt(0) === 0xfeff;
    if (rec.kind === 'message') addMessageLine(recovered, rec.value, l.index, pyStrip(bom ? text!.slice(1) : text!));
    // nanobot parses the same stripped text, unless a byte-order mark makes its parse fail.
    return bom ? undefined : { ok: true, value: rec.value, ...(rec.exact ? { exact: true as const } : {}) };
  };
  const nanobot = await streamedLoadInto(chunks, opts, (textOf) => messageLineSink(textOf, checked), observe);
  finishDiagnostics(shape, diagnostics, { fileName: opts.fileName, version: opts.version });
  const meta = shape.metas.length ? shape.metas[shape.metas.length - 1]!.value : null;
  const rec: StreamedRecovered = { head: recoveredHead(meta, opts.fallbackKey, opts.now, shape.messages), lensLines: recovered, lines: shape.lines };
  return { key: nanobot.key, nanobot, recovered: rec, diagnostics };
}

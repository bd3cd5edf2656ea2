/**
 * `session-lens load FILE`: both lenses and every diagnostic. A big file's summary is read on its
 * line index. `--json` streams: one pass reads both lenses (each line parsed once) keeping 5 bytes
 * a message, then each lens's messages are printed on a pass of its own, copying the lines nanobot
 * wrote from the file's bytes.
 */
import path from 'node:path';
import type { Diagnostic } from '../core/lens/document';
import { emitDumpedLines, nanobotValue, recoveredValue } from '../core/lens/dumped-lines';
import type { NanobotSession } from '../core/lens/load';
import type { MessageLines } from '../core/lens/message-lines';
import { pyDumps, type PyError } from '../core/python/pyjson';
import { dictFrom, type PyValue } from '../core/python/pyvalue';
import { streamedLenses } from '../core/lens/streamed-lenses';
import { readBothLenses } from '../store/adapter/read-only';
import { keyForFile } from '../store/listing/session-list';
import { readPasses } from '../store/adapter/streamed-read';
import { diagnosticsIndexed, loadIndexed } from '../store/adapter/indexed-read';
import { StoreError } from '../store/adapter/errors';
import type { Args } from './args';
import { describeLoad, located, type Located } from './open';
import { bytePrinter, type Out } from './printer';
import { STREAMING } from './streaming';
import { diagnosticText, diagnosticValues, plural } from './text';

type Head = Omit<NanobotSession, 'messages' | 'messageLines'>;

/** A lens as `load --json` prints it (the messages given, or left empty for a stream to fill). */
function lensJson(h: Head, messages: PyValue[]) {
  return dictFrom([
    ['key', h.key],
    ['created_at', h.createdAt],
    ['updated_at', h.updatedAt],
    ['last_consolidated', h.lastConsolidated],
    ['metadata', h.metadata],
    ['messages', messages],
  ]);
}

const diagnosticsJson = (diagnostics: Diagnostic[]) => diagnostics.map((d) => dictFrom([['line', d.line + 1], ...(d.column ? [['column', d.column] as const] : []), ['kind', d.kind], ['severity', d.severity], ['message', diagnosticText(d)], ...(d.values ? [['values', dictFrom(Object.entries(diagnosticValues(d)))] as const] : []), ['raw', d.raw]]));

/** What the human output says of both lenses. */
interface Summary {
  fileName: string;
  key: string;
  nanobot: { path: 'normal' | 'repair'; result: { count: number; lastConsolidated: number } | null; strictError: PyError | null; repairError: PyError | null; skipped: number };
  recovered: number;
  lines: number;
  diagnostics: Diagnostic[];
}

function printSummary(s: Summary, out: Out): void {
  const n = s.nanobot;
  out.log(`${s.fileName}: key ${JSON.stringify(s.key)}`);
  if (n.result) {
    out.log(`as nanobot sees it: ${plural(n.result.count, 'message')}, last_consolidated ${n.result.lastConsolidated}, ${n.path === 'repair' ? `repair path (strict pass failed: ${n.strictError!.type}: ${n.strictError!.message}; ${plural(n.skipped, 'line')} skipped)` : 'normal load'}`);
  } else {
    out.log(`as nanobot sees it: NOTHING (${describeLoad(n)}). nanobot starts an empty session, and its next save replaces this file.`);
  }
  out.log(`recovered: ${plural(s.recovered, 'message')}, ${plural(s.lines, 'line')}`);
  for (const d of s.diagnostics) out.log(`  line ${d.line + 1}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.kind}: ${diagnosticText(d)}`);
}

/**
 * `load`'s summary of a big file on its line index: nanobot's load from it (only the lines that are
 * not plain messages read back), the recovered lens's counts from it, its diagnostics from the lines
 * that have one. Null for a file that is not UTF-8 (nanobot's decoding error: the streamed path).
 */
async function summaryIndexed(file: Located, now: string, out: Out): Promise<number | null> {
  const { abs, adapter, keyOpt, version } = file;
  const fileName = path.basename(abs);
  const r = await loadIndexed(adapter, fileName, { now, version, fallbackKey: keyForFile(fileName, version), ...keyOpt });
  if (!r) return null;
  const diagnostics = await diagnosticsIndexed(adapter, fileName, r.index, version);
  const after = await adapter.stat(fileName);
  if (after.size !== r.stat.size || after.lastModified !== r.stat.lastModified) throw new StoreError('conflict', `'${fileName}' changed while it was read; is another program writing it?`, { path: fileName, reason: { code: 'changed-while-read' } });
  const n = r.load;
  const result = n.result && { count: n.result.lines.length, lastConsolidated: n.result.lastConsolidated };
  printSummary({ fileName, key: n.key, nanobot: { ...n, result }, recovered: r.index.messageCount, lines: r.index.count, diagnostics }, out);
  return 0;
}

/** `load --json` of a big file, streamed: the same output, the messages never held. */
async function loadStreamed(file: Located, now: string, json: boolean, out: Out): Promise<number> {
  const { abs, adapter, keyOpt, version } = file;
  const fileName = path.basename(abs);
  const opts = { now, version, fallbackKey: keyForFile(fileName, version), fileName, ...keyOpt };
  // The summary prints no message: its pass skips the dumps check that lets `--json` copy lines.
  const { value: v, again } = await readPasses(adapter, fileName, (chunks) => streamedLenses(chunks, opts, json));
  const n = v.nanobot;
  const r = n.result;
  if (!json) {
    const result = r && { count: r.lensLines.count, lastConsolidated: r.lastConsolidated };
    printSummary({ fileName, key: v.key, nanobot: { ...n, result }, recovered: v.recovered.lensLines.count, lines: v.recovered.lines, diagnostics: v.diagnostics }, out);
    return 0;
  }
  const p = bytePrinter(out);
  // A lens's dict with its messages streamed in where pyDumps would write them (`"messages": [` … `]}`).
  const lens = async (h: Head, ml: MessageLines, valueOf: (text: string) => PyValue) => {
    p.put(pyDumps(lensJson(h, [])).slice(0, -2));
    await again((chunks) =>
      emitDumpedLines(chunks, ml, valueOf, (piece, k) => {
        if (k) p.put(', ');
        p.put(piece);
      }),
    );
    p.put(']}');
  };
  p.put(`{"nanobot": {"path": ${pyDumps(n.path)}, "result": `);
  if (r) await lens(r, r.lensLines, nanobotValue);
  else p.put('null');
  p.put('}, "recovered": ');
  await lens(v.recovered.head, v.recovered.lensLines, recoveredValue);
  p.put(`, "diagnostics": ${pyDumps(diagnosticsJson(v.diagnostics))}}\n`);
  p.flush();
  return 0;
}

/** Runs `load`; 0 (nanobot's own failures are answers, not errors). */
export async function cmdLoad(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1, out);
  if (file.size >= STREAMING.from) return (args.json ? null : await summaryIndexed(file, now, out)) ?? loadStreamed(file, now, args.json, out);
  const { abs, version, adapter, keyOpt } = file;
  const session = await readBothLenses(adapter, path.basename(abs), { now, version, ...keyOpt });
  const rec = session.recovered;
  const diagnostics = session.doc.diagnostics;
  const n = session.nanobot;
  if (args.json) {
    out.log(pyDumps({ nanobot: { path: n.path, result: n.result && lensJson(n.result, n.result.messages) }, recovered: lensJson(rec, rec.messages), diagnostics: diagnosticsJson(diagnostics) }));
    return 0;
  }
  const result = n.result && { count: n.result.messages.length, lastConsolidated: n.result.lastConsolidated };
  printSummary({ fileName: session.fileName, key: session.key, nanobot: { ...n, result }, recovered: rec.messages.length, lines: session.doc.records.length, diagnostics }, out);
  return 0;
}

/**
 * `session-lens load FILE`: both lenses and every diagnostic. A big file is read on its line index
 * (`loadBig`), its messages never held.
 */
import path from 'node:path';
import type { Diagnostic } from '../core/lens/document';
import type { NanobotSession } from '../core/lens/load';
import { recoveredHead } from '../core/lens/recovered';
import { KIND } from '../core/index/fact-codes';
import { pyDumps, type PyError } from '../core/python/pyjson';
import { dictFrom, type PyDict, type PyValue } from '../core/python/pyvalue';
import { readBothLenses } from '../store/adapter/read-only';
import { keyForFile } from '../store/listing/session-list';
import { diagnosticsIndexed, eachDumped, loadIndexed, unchangedSince } from '../store/adapter/indexed-read';
import { decodeRecord } from '../store/large/large-records';
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
 * `load` of a big file on its line index: nanobot's load from it (only the lines that are not plain
 * messages read back, unless its repair pass runs), the recovered lens's counts from it, its
 * diagnostics from the lines that have one. `--json` prints each lens's messages in one pass over
 * their lines, copying those the index knows to be their json.dumps text.
 */
async function loadBig(file: Located, now: string, json: boolean, out: Out): Promise<number> {
  const { abs, adapter, keyOpt, version } = file;
  const fileName = path.basename(abs);
  const fallbackKey = keyForFile(fileName, version);
  const { index: ix, stat, load: n } = await loadIndexed(adapter, fileName, { now, version, fallbackKey, dumps: json, ...keyOpt });
  let meta: PyDict | null = null;
  const diagnostics = await diagnosticsIndexed(adapter, fileName, ix, version, (l, raw) => {
    if (json && ix.kind[l] === KIND.metadata) meta = decodeRecord(raw) ?? {};
  });
  await unchangedSince(adapter, fileName, stat);
  const r = n.result;
  if (!json) {
    const result = r && { count: r.lines.length, lastConsolidated: r.lastConsolidated };
    printSummary({ fileName, key: n.key, nanobot: { ...n, result }, recovered: ix.messageCount, lines: ix.count, diagnostics }, out);
    return 0;
  }
  const p = bytePrinter(out);
  // A lens's dict with its messages written in where pyDumps would write them (`"messages": [` … `]}`).
  const lens = async (h: Head, lines: ArrayLike<number>, recovered: boolean) => {
    p.put(pyDumps(lensJson(h, [])).slice(0, -2));
    await eachDumped(adapter, fileName, ix, lines, recovered, (piece, k) => {
      if (k) p.put(', ');
      p.put(piece);
    });
    p.put(']}');
  };
  p.put(`{"nanobot": {"path": ${pyDumps(n.path)}, "result": `);
  if (r) await lens(r, r.lines, false);
  else p.put('null');
  p.put('}, "recovered": ');
  await lens(recoveredHead(meta, fallbackKey, now, ix.messageCount), ix.messages.subarray(0, ix.messageCount), true);
  p.put(`, "diagnostics": ${pyDumps(diagnosticsJson(diagnostics))}}\n`);
  await unchangedSince(adapter, fileName, stat);
  p.flush();
  return 0;
}

/** Runs `load`; 0 (nanobot's own failures are answers, not errors). */
export async function cmdLoad(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1, out);
  if (file.size >= STREAMING.from) return loadBig(file, now, args.json, out);
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

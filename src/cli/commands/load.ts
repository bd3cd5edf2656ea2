/**
 * `session-lens load FILE`: both lenses and every diagnostic, through the file's SessionSource (a
 * big file's messages are never held: `--json` writes each lens's messages as they are read).
 */
import type { Diagnostic } from '../../core/lens/document';
import { pyDumps, type PyError } from '../../core/python/pyjson';
import { dictFrom, type PyValue } from '../../core/python/pyvalue';
import type { Lens, SessionHead } from '../../store/source/session-source';
import type { Args } from '../args';
import { describeLoad, loadRaise, opened, reportRaise } from '../open';
import { bytePrinter, type Out } from '../output/printer';
import { diagnosticText, diagnosticValues, plural } from '../output/text';

type Head = Omit<SessionHead, 'count'>;

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

/** Runs `load`; 1 where nanobot's load raises, else 0 (loading nothing is an answer, not an error). */
export async function cmdLoad(args: Args, now: string, out: Out): Promise<number> {
  const file = await opened(args.positional(0, 'FILE'), args, 1, now, out, args.json);
  const { source } = file;
  const h = await source.health();
  const n = h.load;
  const raised = loadRaise(n);
  if (raised) return reportRaise(raised, out);
  if (!args.json) {
    printSummary({ fileName: source.stat.fileName, key: n.key, nanobot: n, recovered: h.recovered.count, lines: h.lines, diagnostics: h.diagnostics }, out);
    return 0;
  }
  const p = bytePrinter(out);
  // A lens's dict with its messages written in where pyDumps would write them (`"messages": [` … `]}`).
  const lens = async (head: SessionHead, which: Lens) => {
    p.put(pyDumps(lensJson(head, [])).slice(0, -2));
    await source.dumped(which, (piece, k) => {
      if (k) p.put(', ');
      p.put(piece);
    });
    p.put(']}');
  };
  p.put(`{"nanobot": {"path": ${pyDumps(n.path)}, "result": `);
  if (n.result) await lens(n.result, 'nanobot');
  else p.put('null');
  p.put('}, "recovered": ');
  await lens(h.recovered, 'recovered');
  p.put(`, "diagnostics": ${pyDumps(diagnosticsJson(h.diagnostics))}}\n`);
  p.flush();
  return 0;
}

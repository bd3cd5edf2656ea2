/**
 * `session-lens tokens FILE`: nanobot's `estimate_message_tokens` per message, through the file's
 * SessionSource (a big file's messages are counted as its line index is built, none held).
 */
import { pyDumps } from '../../core/python/pyjson';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import type { Args } from '../args';
import { loadRaise, opened, reportRaise, tokenCounter } from '../open';
import { Printer, type Out } from '../output/printer';
import { plural } from '../output/text';

type Count = (m: PyDict) => number;

/** A message's estimate, or the exception nanobot's estimator raises on it (as data). */
function estimate(count: Count, m: PyDict): PyValue {
  try {
    return count(m);
  } catch (e) {
    const err = (e as { error?: { type: string; message: string } }).error;
    if (err) return { error: { type: err.type, message: err.message } };
    throw e;
  }
}

/** Runs `tokens`; 1 where nanobot's load raises, else 0 (an estimate nanobot's estimator raises on is printed as its error). */
export async function cmdTokens(args: Args, now: string, out: Out): Promise<number> {
  const file = await opened(args.positional(0, 'FILE'), args, 1, now, out);
  const count = await tokenCounter(file.version);
  const t = await file.source.tokens((m) => estimate(count, m));
  const raised = loadRaise(t.load);
  if (raised) return reportRaise(raised, out);
  const values = t.values;
  const p = new Printer(out);
  if (args.json) {
    // `{"values": [...]}` a value at a time, as produced, never one string of them all.
    p.write('{"values": [');
    values.forEach((v, i) => p.write((i ? ', ' : '') + pyDumps(v)));
    p.line(']}');
    p.flush();
    return 0;
  }
  if (!t.load.result) p.line('nanobot loads nothing from this file.');
  values.forEach((v, i) => p.line(`#${i + 1} ${t.roles[i]}: ${typeof v === 'number' ? v : pyDumps(v)}`));
  p.line(`total: ${plural(values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0), 'token')}`);
  p.flush();
  return 0;
}

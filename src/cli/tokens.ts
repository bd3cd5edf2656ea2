/**
 * `session-lens tokens FILE`: nanobot's `estimate_message_tokens` per message. A big file is read
 * on its line index, built by a pass that parses every line (each line parsed once): each message
 * is counted as the index passes it and only its count and role are kept (`loadNoted`).
 */
import path from 'node:path';
import { pyDumps } from '../core/python/pyjson';
import type { PyDict, PyValue } from '../core/python/pyvalue';
import { keyForFile } from '../store/listing/session-list';
import { loadNoted, type MessageNotes } from '../store/adapter/indexed-read';
import type { Args } from './args';
import { located, readLocated, tokenCounter, type Located } from './open';
import { Printer, type Out } from './printer';
import { STREAMING } from './streaming';
import { plural } from './text';

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

const roleOf = (m: PyDict) => (typeof m.role === 'string' ? m.role : '?');

/** Each message's estimate and role, noted as the line index is built (`loadNoted`). */
class Estimates implements MessageNotes<Estimates> {
  values: PyValue[] = [];
  roles: string[] = [];
  private lines: number[] = [];
  constructor(private readonly counter: Count) {}
  add(m: PyDict, line: number): void {
    this.values.push(estimate(this.counter, m));
    this.roles.push(roleOf(m));
    this.lines.push(line);
  }
  copy(from: Estimates, k: number, line: number): void {
    this.values.push(from.values[k]!);
    this.roles.push(from.roles[k]!);
    this.lines.push(line);
  }
  get count(): number {
    return this.lines.length;
  }
  lineAt(k: number): number {
    return this.lines[k]!;
  }
}

/** Every message's estimate and role; null when nanobot loads nothing. */
async function estimates(file: Located, now: string, count: Count): Promise<{ values: PyValue[]; roles: string[] } | null> {
  if (file.size >= STREAMING.from) {
    const { abs, adapter, keyOpt, version } = file;
    const name = path.basename(abs);
    const { load, notes } = await loadNoted(adapter, name, { now, version, fallbackKey: keyForFile(name, version), ...keyOpt }, () => new Estimates(count));
    return load.result && notes;
  }
  const s = (await readLocated(file, now)).nanobot.result;
  return s && { values: s.messages.map((m) => estimate(count, m)), roles: s.messages.map(roleOf) };
}

/** Runs `tokens`; 0 (an estimate nanobot's estimator raises on is printed as its error). */
export async function cmdTokens(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1, out);
  const count = await tokenCounter(file.version);
  const s = await estimates(file, now, count);
  const values = s?.values ?? [];
  const p = new Printer(out);
  if (args.json) {
    // `{"values": [...]}` a value at a time, as produced, never one string of them all.
    p.write('{"values": [');
    values.forEach((v, i) => p.write((i ? ', ' : '') + pyDumps(v)));
    p.line(']}');
    p.flush();
    return 0;
  }
  if (!s) p.line('nanobot loads nothing from this file.');
  values.forEach((v, i) => p.line(`#${i + 1} ${s!.roles[i]}: ${typeof v === 'number' ? v : pyDumps(v)}`));
  p.line(`total: ${plural(values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0), 'token')}`);
  p.flush();
  return 0;
}

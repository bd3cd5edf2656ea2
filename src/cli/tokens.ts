/**
 * `session-lens tokens FILE`: nanobot's `estimate_message_tokens` per message. A big file is read
 * on its line index, built by a pass that parses every line (no byte pass: each line is parsed
 * once): each message line is counted as the index passes it and only its count and role are
 * kept; nanobot's load on the index then takes them for the messages it stands in for, and counts
 * the few it reads back itself (or every one, in a repair pass).
 */
import path from 'node:path';
import { pyDumps } from '../core/python/pyjson';
import type { PyDict, PyValue } from '../core/python/pyvalue';
import { plainMessage, strictMayRaise } from '../core/index/index-nanobot';
import { isDict } from '../core/python/pyvalue';
import { keyForFile } from '../store/listing/session-list';
import { indexParsed, loadIndexed } from '../store/adapter/indexed-read';
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

/** Every message's estimate and role; null when nanobot loads nothing. */
async function estimates(file: Located, now: string, count: Count): Promise<{ values: PyValue[]; roles: string[] } | null> {
  if (file.size >= STREAMING.from) {
    const { abs, adapter, keyOpt, version } = file;
    const name = path.basename(abs);
    // Each plain message line's count and role, in order, made as the index is built; up to the
    // first line the strict pass may raise on (`all`: every line), as the repair pass counts anew.
    const run = async (all: boolean) => {
      const { built, held: pre } = await indexParsed(adapter, name, version, () => {
        const held = { values: [] as PyValue[], roles: [] as string[], lines: [] as number[] };
        let noting = true;
        return {
          line: (l, f, r) => {
            if (!noting) return;
            if (!all && strictMayRaise(f.kind, f.flags)) noting = false;
            if (!r?.ok || !isDict(r.value) || !plainMessage(f.kind, f.flags)) return;
            held.values.push(estimate(count, r.value));
            held.roles.push(roleOf(r.value));
            held.lines.push(l);
          },
          held: () => held,
        };
      });
      // The load's messages: `pre`'s own while the load stands in for exactly them, in order (a file
      // nanobot wrote); else new lists, `pre`'s taken for the stand-ins.
      let got: { values: PyValue[]; roles: string[] } | null = null;
      let c = 0;
      let missing = false;
      const take = () => (got ??= { values: pre.values.slice(0, c), roles: pre.roles.slice(0, c) });
      const sink = () => {
        got = null;
        c = 0;
        return {
          add: (m: PyDict, l: number, standIn: boolean) => {
            if (!standIn) {
              take().values.push(estimate(count, m));
              got!.roles.push(roleOf(m));
              return;
            }
            if (!got && c < pre.lines.length && pre.lines[c] === l) return void c++;
            const own = take();
            while (c < pre.lines.length && pre.lines[c]! < l) c++;
            if (c < pre.lines.length && pre.lines[c] === l) {
              own.values.push(pre.values[c]!);
              own.roles.push(pre.roles[c++]!);
            } else missing = true;
          },
        };
      };
      const { load } = await loadIndexed(adapter, name, { now, version, fallbackKey: keyForFile(name, version), ...keyOpt, sink }, built);
      if (missing) return null;
      return { s: load.result && (got ?? (c === pre.lines.length ? pre : take())) };
    };
    return ((await run(false)) ?? (await run(true)))!.s;
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

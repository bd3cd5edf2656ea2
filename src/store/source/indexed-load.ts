/**
 * nanobot's load of an indexed file (`loadIndexed`: the strict pass reads back only the lines that
 * are not plain messages, the repair pass every line), the same with each message noted as the
 * index passes it (`loadNoted`, for `tokens` and `replay`), and the recovered lens's diagnostics
 * (`diagnosticsIndexed`).
 */
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { PyDict } from '../../core/python/pyvalue';
import type { LineIndex } from '../../core/index/line-index';
import type { LineFacts } from '../../core/index/fact-codes';
import { IndexDiagnostics, diagnosticLines } from '../../core/index/index-diagnostics';
import { loadOverIndex, plainMessage, strictMayRaise, type IndexedLoadOutcome, type IndexedSink } from '../../core/index/index-nanobot';
import type { Diagnostic } from '../../core/lens/document';
import type { FileStat } from '../adapter/adapter';
import { indexParsed, indexStreamed, type Built } from './index-pass';
import { eachLineOf } from './line-reads';
import { unchangedSince, type SourceAdapter } from './source-adapter';

/**
 * What a command notes of each message of nanobot's load (a token count, a replay-index entry): made
 * from the message's value, or copied from entry `k` of another noter of its kind (no value).
 */
export interface MessageNotes<N> {
  add(m: PyDict, line: number): void;
  copy(from: N, k: number, line: number): void;
  /**
   * Notes a plain message from its line's facts alone (and `bytes`, the byte pass's view of it:
   * byte-facts.ts' `scannedCallId`), as `add` would from its value; false when the facts do not
   * say enough (the line is then parsed and `add`ed). A noter without it has every line parsed.
   */
  stand?(facts: LineFacts, bytes: Uint8Array, line: number): boolean;
  readonly count: number;
  lineAt(k: number): number;
}

/**
 * nanobot's load of `path` on its line index, built by a pass that parses every line, with what
 * `make()`'s noter notes of each of the load's messages. Each plain message is noted as the index
 * passes it, up to the first line the strict pass may raise on (a repair pass reads every message
 * anew); the load takes those notes for the messages it stands in for and notes the others from
 * their values. While it stands in for exactly the noted messages, in order (a file nanobot wrote),
 * the noter is the answer as it is; else a new one gets the notes copied. A stand-in nobody noted
 * runs it all again noting every line.
 */
export async function loadNoted<N extends MessageNotes<N>>(adapter: SourceAdapter, path: string, opts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string }, make: () => N): Promise<{ index: LineIndex; stat: FileStat; load: IndexedLoad; notes: N }> {
  const run = async (all: boolean) => {
    const { built, held: pre } = await indexParsed(adapter, path, opts.version, () => {
      const notes = make();
      let noting = true;
      return {
        line: (l, f, v) => {
          if (!noting) return;
          if (!all && strictMayRaise(f.kind, f.flags)) noting = false;
          if (v && plainMessage(f.kind, f.flags)) notes.add(v, l);
        },
        // A line nobody notes needs no value; a plain message the noter can note from its facts neither.
        ...(notes.stand
          ? {
              bytes: (l: number, f: LineFacts, bytes: Uint8Array) => {
                if (!noting) return true;
                if (!all && strictMayRaise(f.kind, f.flags)) noting = false;
                return !noting || !plainMessage(f.kind, f.flags) || notes.stand!(f, bytes, l);
              },
            }
          : {}),
        held: () => notes,
      };
    });
    let own: N | null = null;
    let c = 0;
    let missing = false;
    const take = (): N => {
      if (!own) {
        own = make();
        for (let j = 0; j < c; j++) own.copy(pre, j, pre.lineAt(j));
      }
      return own;
    };
    // A sink per pass of the load (the repair pass starts over).
    const sink = (): IndexedSink => {
      own = null;
      c = 0;
      return {
        add: (m, l, standIn) => {
          if (!standIn) return take().add(m, l);
          if (!own && c < pre.count && pre.lineAt(c) === l) return void c++;
          const notes = take();
          while (c < pre.count && pre.lineAt(c) < l) c++;
          if (c < pre.count && pre.lineAt(c) === l) notes.copy(pre, c++, l);
          else missing = true;
        },
      };
    };
    const r = await loadIndexed(adapter, path, { ...opts, sink }, built);
    if (missing) return null;
    const taken = own as N | null;
    return { ...r, notes: taken || c !== pre.count ? take() : pre };
  };
  const done = (await run(false)) ?? (await run(true));
  // Every plain message is noted on the second run (all lines noted): nothing is missing there.
  if (!done) throw new Error(`loadNoted: a message of '${path}' was not noted`);
  return done;
}

/** The recovered lens's diagnostics of an indexed file, reading back only the lines they need (`seen` sees each). */
export async function diagnosticsIndexed(adapter: SourceAdapter, path: string, ix: LineIndex, version: NanobotVersion, seen?: (line: number, raw: Uint8Array) => void): Promise<Diagnostic[]> {
  const scan = new IndexDiagnostics(ix, { fileName: path.split('/').pop()!, version });
  const lines = diagnosticLines(ix);
  await eachLineOf(adapter, path, ix, lines, (raw, k) => {
    const l = lines[k]!;
    scan.add(l, raw);
    seen?.(l, raw);
  });
  return scan.finish();
}

/** nanobot's load of a file from its line index (`IndexedPass`), under `key` or the stored key or `fallbackKey`. */
export type IndexedLoad = IndexedLoadOutcome;

/**
 * Loads `path` as nanobot does on its line index (built in one streamed pass): the one load over the
 * index (`loadOverIndex`, the app's too), its lines read back through the adapter, and refused
 * ('conflict') when the file changed while it was read.
 */
export async function loadIndexed(adapter: SourceAdapter, path: string, opts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string; dumps?: boolean; sink?: (repair: boolean) => IndexedSink }, built?: Built): Promise<{ index: LineIndex; stat: FileStat; load: IndexedLoad }> {
  const { index: ix, source } = built ?? (await indexStreamed(adapter, path, opts.version, false, opts.dumps));
  const load = await loadOverIndex(ix, opts, { bytes: (a, b) => adapter.readRange(path, a, b), lines: (lines, each) => eachLineOf(adapter, path, ix, lines, each) });
  await unchangedSince(adapter, path, source.stat);
  return { index: ix, stat: source.stat, load };
}

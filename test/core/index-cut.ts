/**
 * Where nanobot's text read stops on a file that is not UTF-8, answered from bytes in memory as the
 * CLI answers it from a few bytes read near the first fault; and the one load over the index
 * (`loadOverIndex`'s passes) of bytes in memory: shared by the index-load tests.
 */
import { decodeCut, firstUndecodable, IndexedPass, loadOverIndex, passLines, type IndexedLoadOutcome } from '../../src/core/index/index-nanobot';
import type { LineIndex } from '../../src/core/index/line-index';
import { loadOutcome } from '../../src/core/lens/load';
import { rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { findUtf8Fault, PY_TEXT_CHUNK } from '../../src/core/python/lines';
import type { PyError } from '../../src/core/python/pyjson';

/** The decoding cut of `bytes` indexed as `ix`, or null for a file that decodes whole. */
export function decodeCutOf(ix: LineIndex, bytes: Uint8Array): ReturnType<typeof decodeCut> | null {
  const bad = firstUndecodable(ix);
  if (bad < 0) return null;
  const fault = ix.start[bad]! + findUtf8Fault(bytes.subarray(ix.start[bad]!, ix.start[bad]! + ix.length[bad]!))!.pos;
  const chunkStart = fault - (fault % PY_TEXT_CHUNK);
  return decodeCut(ix, fault, bytes.slice(fault, fault + 4), bytes.slice(Math.max(0, chunkStart - 3), chunkStart));
}

/**
 * nanobot's load of `bytes` (indexed as `ix`) under `key`, in one synchronous call for the property
 * tests: the passes `loadOverIndex` runs (`IndexedPass` over `passLines`, cut where Python's text
 * read stops), each line's text handed from memory.
 */
export function loadOnIndex(bytes: Uint8Array, ix: LineIndex, version: NanobotVersion, key = 'cli:direct', now = '2026-06-01T12:00:00'): IndexedLoadOutcome {
  const cut = decodeCutOf(ix, bytes);
  const end = cut ? cut.lines : ix.count;
  const pass = (repair: boolean) => {
    const p = new IndexedPass(ix, now, repair, rulesOf(version), cut);
    for (const l of passLines(ix, repair, end)) p.text(l, bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!));
    return p.finish(key);
  };
  const strict = pass(false);
  return { key, ...loadOutcome(key, version, null, () => strict, () => pass(true)) };
}

/** The one load over the index (`loadOverIndex`) of `bytes` in memory, summarised as large-file mode's views hold it. */
export async function indexLoadOfBytes(bytes: Uint8Array, ix: LineIndex, version: NanobotVersion, key = 'cli:direct', now = '2026-06-01T12:00:00'): Promise<IndexLoad> {
  const line = (l: number) => bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!);
  const reads = {
    bytes: async (a: number, b: number) => bytes.subarray(a, b),
    lines: async (lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void) => {
      for (let k = 0; k < lines.length; k++) each(line(lines[k]!), k);
    },
  };
  return indexLoadOf(await loadOverIndex(ix, { now, version, fallbackKey: key }, reads));
}

/**
 * nanobot's `_load` of an indexed file summed up: which path it takes, which lines become its messages,
 * its `last_consolidated`, and nanobot's own exceptions.
 */
export interface IndexLoad {
  path: 'normal' | 'repair';
  /** False: nanobot loads nothing (an empty session; its next save replaces the file). */
  loaded: boolean;
  /** Line of each message nanobot holds, in order. */
  messageLines: Uint32Array;
  lastConsolidated: number;
  /** What made the strict pass fail: the exception's type, null when nothing did. */
  strictFailure: string | null;
  /** Lines the repair pass skipped. */
  skipped: number;
  /** nanobot's own call raises (v0.3.0+: RecursionError propagates). */
  raises: boolean;
  /** 'no-repair': the strict pass failed where the version has no repair pass (`NanobotLoad.startsEmpty`). */
  startsEmpty?: 'no-repair';
  /** nanobot's exceptions, as its load raises them: what failed the strict pass, the repair pass, and what propagates. */
  strictError?: PyError | null;
  repairError?: PyError | null;
  error?: PyError | null;
}

/** The one load's summary (`IndexLoad`: the message lines, not their values), as the tests compare it. */
export function indexLoadOf(n: IndexedLoadOutcome): IndexLoad {
  const r = n.result;
  return {
    path: n.path,
    loaded: r !== null,
    messageLines: r ? r.lines : new Uint32Array(0),
    lastConsolidated: r ? r.lastConsolidated : 0,
    strictFailure: n.strictError ? n.strictError.type : n.error ? n.error.type : null,
    skipped: n.skipped,
    raises: n.error !== null,
    strictError: n.strictError,
    repairError: n.repairError,
    error: n.error,
    ...(n.startsEmpty ? { startsEmpty: n.startsEmpty } : {}),
  };
}

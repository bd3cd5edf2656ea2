/**
 * Where nanobot's text read stops on a file that is not UTF-8, answered from bytes in memory as the
 * CLI answers it from a few bytes read near the first fault; and the one load over the index
 * (`loadOverIndex`'s passes) of bytes in memory: shared by the index-load tests.
 */
import { decodeCut, firstUndecodable, indexLoadOf, IndexedPass, loadOverIndex, passLines, type IndexedLoadOutcome } from '../../src/core/index/index-nanobot';
import type { IndexLoad } from '../../src/core/index/index-load';
import type { LineIndex } from '../../src/core/index/line-index';
import { loadOutcome } from '../../src/core/lens/load';
import { rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { findUtf8Fault, PY_TEXT_CHUNK } from '../../src/core/python/lines';

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

/**
 * Where nanobot's text read stops on a file that is not UTF-8, answered from bytes in memory as the
 * CLI answers it from a few bytes read near the first fault: shared by the index-load tests.
 */
import { decodeCut, firstUndecodable } from '../../src/core/index/index-nanobot';
import type { LineIndex } from '../../src/core/index/line-index';
import { findUtf8Fault, PY_TEXT_CHUNK } from '../../src/core/python/lines';

/** The decoding cut of `bytes` indexed as `ix`, or null for a file that decodes whole. */
export function decodeCutOf(ix: LineIndex, bytes: Uint8Array): ReturnType<typeof decodeCut> | null {
  const bad = firstUndecodable(ix);
  if (bad < 0) return null;
  const fault = ix.start[bad]! + findUtf8Fault(bytes.subarray(ix.start[bad]!, ix.start[bad]! + ix.length[bad]!))!.pos;
  const chunkStart = fault - (fault % PY_TEXT_CHUNK);
  return decodeCut(ix, fault, bytes.slice(fault, fault + 4), bytes.slice(Math.max(0, chunkStart - 3), chunkStart));
}

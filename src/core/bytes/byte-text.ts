/**
 * A line's bytes as text to show: runs of valid UTF-8 decoded, and each run of bytes that are not
 * UTF-8 kept as those bytes (shown visibly, never dropped or replaced by U+FFFD), so a person
 * sees exactly what is in the file. A prefix cut inside a character ends before that character.
 */
import { findUtf8Fault } from '../python/lines';

/** Decoded text, or bytes that are not UTF-8. */
export type TextPiece = string | Uint8Array;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The pieces of `bytes`, and how many of them they cover: with `whole` false the bytes are a cut
 * prefix of the line, and a character the cut split (its valid first bytes) is left to the next read.
 */
export function textPieces(bytes: Uint8Array, whole: boolean): { pieces: TextPiece[]; used: number } {
  const pieces: TextPiece[] = [];
  let pos = 0;
  let bad = -1;
  const flushBad = (to: number) => {
    if (bad >= 0) pieces.push(bytes.slice(bad, to));
    bad = -1;
  };
  while (pos < bytes.length) {
    const fault = findUtf8Fault(bytes, pos);
    const end = fault ? fault.pos : bytes.length;
    if (end > pos) {
      flushBad(pos);
      pieces.push(decoder.decode(bytes.subarray(pos, end)));
    }
    if (!fault) return { pieces, used: bytes.length };
    // findUtf8Fault checks every byte up to the data's end before it says "unexpected end".
    if (!whole && fault.reason === 'unexpected end of data') {
      flushBad(end);
      return { pieces, used: end };
    }
    if (bad < 0) bad = end;
    pos = end + 1;
  }
  flushBad(pos);
  return { pieces, used: bytes.length };
}

/** A run of bytes that are not UTF-8 as text: `\xNN` each (what Python's repr shows). */
export function badBytesText(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += '\\x' + b[i]!.toString(16).padStart(2, '0');
  return s;
}

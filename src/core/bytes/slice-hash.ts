/**
 * A fast 128-bit hash of a slice of bytes (four 32-bit lanes of multiply-rotate rounds over 16-byte
 * stripes, then the tail and the length, each lane finished with a full avalanche), for the save
 * guard's "these are still the bytes that were read" (store/save/read-guard.ts): not a cryptographic
 * hash, a change detector cheap enough to run on every slice as a large file is indexed (SHA-256
 * through Web Crypto doubled the indexing CPU in Chromium). The same bytes give the same hash on
 * the same machine (words are read in its byte order).
 */

const P1 = 0x9e3779b1 | 0;
const P2 = 0x85ebca77 | 0;
const P3 = 0xc2b2ae3d | 0;
const P4 = 0x27d4eb2f | 0;

const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
const round = (acc: number, w: number) => Math.imul(rotl((acc + Math.imul(w, P2)) | 0, 13), P1);

function avalanche(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, P2);
  h ^= h >>> 13;
  h = Math.imul(h, P3);
  h ^= h >>> 16;
  return h >>> 0;
}

const hex = (x: number) => x.toString(16).padStart(8, '0');

/** Lowercase hex, 32 characters. */
export function sliceHash(bytes: Uint8Array): string {
  // Words straight from the bytes when they are 4-aligned (a slice's buffer, a reader's), else from a copy.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const n = aligned.length;
  const stripes = n >>> 4;
  const w = new Int32Array(aligned.buffer, aligned.byteOffset, stripes * 4);
  let a = (P1 + P2) | 0;
  let b = P2;
  let c = 0;
  let d = -P1 | 0;
  for (let i = 0; i < w.length; i += 4) {
    a = round(a, w[i]!);
    b = round(b, w[i + 1]!);
    c = round(c, w[i + 2]!);
    d = round(d, w[i + 3]!);
  }
  // The tail (under 16 bytes), a byte at a time into the lanes in turn, then the length into all four.
  for (let i = stripes * 16, k = 0; i < n; i++, k++) {
    const v = Math.imul(aligned[i]! + 1, P4);
    if ((k & 3) === 0) a = round(a, v);
    else if ((k & 3) === 1) b = round(b, v);
    else if ((k & 3) === 2) c = round(c, v);
    else d = round(d, v);
  }
  const len = n | 0;
  const hi = Math.floor(n / 0x100000000) | 0;
  return hex(avalanche(a ^ len ^ rotl(d, 7))) + hex(avalanche(b ^ hi ^ rotl(a, 11))) + hex(avalanche(c ^ len ^ rotl(b, 17))) + hex(avalanche(d ^ P3 ^ rotl(c, 23)));
}

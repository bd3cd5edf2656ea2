/**
 * cl100k's rank table as a lookup: token bytes → rank, by open addressing over the tokens' packed
 * bytes. A token is looked up from a span of a piece without making a string of it, and 100,256
 * tokens cost three typed arrays, not a Map of 100,256 strings. Keyed by bytes, not decoded text:
 * gpt-tokenizer's own lookup decodes with a BOM-stripping TextDecoder and so miscounts the tokens
 * starting U+FEFF.
 *
 * The table is plain data, so it can also be built once (by the CLI's build) and shipped as one
 * binary block (`rankTableBytes`) that a process maps back with no pass over the tokens
 * (`rankTableFromBytes`): the CLI's `tokens` then neither compiles the table's 0.8 MB of JS nor
 * hashes its 100,256 tokens on every run.
 */

/** Every token's UTF-8 bytes in rank order, their offsets, and the open-addressing slots. */
export interface RankTable {
  bytes: Uint8Array;
  /** Token r is bytes[start[r], start[r + 1]). */
  start: Int32Array;
  /** Rank + 1 per slot (0: empty); the slot count is a power of two. */
  slots: Int32Array;
}

/**
 * The table from each token's bytes (one char per byte, in rank order) and lengths (one char per
 * token): what the app builds after loading gpt-tokenizer's table, and the CLI's build ships.
 */
export function buildRankTable(packed: { bytes: string; lengths: string }): RankTable {
  const n = packed.lengths.length;
  const start = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) start[r + 1] = start[r]! + packed.lengths.charCodeAt(r);
  const bytes = new Uint8Array(start[n]!);
  for (let i = 0; i < bytes.length; i++) bytes[i] = packed.bytes.charCodeAt(i);
  let size = 1;
  while (size < n * 2.5) size *= 2;
  const t: RankTable = { bytes, start, slots: new Int32Array(size) };
  // Hashed and compared over the packed chars (one per byte), as `rankOfSpan` looks a piece up.
  for (let r = 0; r < n; r++) {
    let h = spanHash(packed.bytes, start[r]!, start[r + 1]!) & (size - 1);
    // A later token with the same bytes takes the slot, as a Map.set would.
    while (t.slots[h] !== 0 && !sameSpan(t, t.slots[h]! - 1, packed.bytes, start[r]!, start[r + 1]!)) h = (h + 1) & (size - 1);
    t.slots[h] = r + 1;
  }
  return t;
}

/**
 * The rank of the token whose bytes are s[from, to) (one char per byte: an ASCII span of a text is
 * its own UTF-8), or -1, where the caller already has the span's FNV-1a hash.
 */
export function rankOfSpan(t: RankTable, s: string, from: number, to: number, hash: number): number {
  const mask = t.slots.length - 1;
  for (let h = (hash >>> 0) & mask; t.slots[h] !== 0; h = (h + 1) & mask) {
    if (sameSpan(t, t.slots[h]! - 1, s, from, to)) return t.slots[h]! - 1;
  }
  return -1;
}

/** The rank of the token whose bytes are b[from, to), or -1 when there is none: a piece already in bytes (a merge's pairs). */
export function rankOfBytes(t: RankTable, b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return rankOfHashed(t, b, from, to, h);
}

/** `rankOfBytes` where the caller already has the bytes' FNV-1a hash (it hashed them as it wrote them). */
export function rankOfHashed(t: RankTable, b: Uint8Array, from: number, to: number, hash: number): number {
  const mask = t.slots.length - 1;
  const tb = t.bytes;
  const start = t.start;
  const n = to - from;
  outer: for (let h = (hash >>> 0) & mask; ; h = (h + 1) & mask) {
    const slot = t.slots[h]!;
    if (slot === 0) return -1;
    const a = start[slot - 1]!;
    if (start[slot]! - a !== n) continue;
    for (let i = 0; i < n; i++) if (tb[a + i] !== b[from + i]) continue outer;
    return slot - 1;
  }
}

/** FNV-1a over the chars of s[from, to) (each one byte of a token or piece). */
function spanHash(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function sameSpan(t: RankTable, rank: number, s: string, from: number, to: number): boolean {
  const a = t.start[rank]!;
  if (t.start[rank + 1]! - a !== to - from) return false;
  for (let i = 0; i < to - from; i++) if (t.bytes[a + i] !== s.charCodeAt(from + i)) return false;
  return true;
}

/** "SLR1" read as a little-endian uint32: a block written on another byte order reads as another number. */
const MAGIC = 0x31524c53;
const HEADER_INTS = 4; // magic, token count, slot count, byte count

/**
 * The table as one binary block: a header, `start`, `slots`, then the bytes. Its integers are in
 * the writer's byte order; `rankTableFromBytes` refuses a block of another order.
 */
export function rankTableBytes(t: RankTable): Uint8Array {
  const ints = HEADER_INTS + t.start.length + t.slots.length;
  const out = new Uint8Array(ints * 4 + t.bytes.length);
  const view = new Int32Array(out.buffer, 0, ints);
  view.set([MAGIC, t.start.length - 1, t.slots.length, t.bytes.length]);
  view.set(t.start, HEADER_INTS);
  view.set(t.slots, HEADER_INTS + t.start.length);
  out.set(t.bytes, ints * 4);
  return out;
}

/**
 * A table over a block `rankTableBytes` wrote, viewed in place (nothing is copied or hashed), or
 * null when the block is not one (wrong magic or byte order, sizes that do not add up): the caller
 * then builds the table from gpt-tokenizer's instead.
 */
export function rankTableFromBytes(block: Uint8Array): RankTable | null {
  if (block.byteOffset % 4 !== 0 || block.length < HEADER_INTS * 4) return null;
  const [magic, n, size, byteCount] = new Int32Array(block.buffer, block.byteOffset, HEADER_INTS);
  if (magic !== MAGIC || !(n! > 0) || !(size! > n!) || (size! & (size! - 1)) !== 0 || !(byteCount! >= 0)) return null;
  const ints = HEADER_INTS + n! + 1 + size!;
  if (block.length !== ints * 4 + byteCount!) return null;
  const start = new Int32Array(block.buffer, block.byteOffset + HEADER_INTS * 4, n! + 1);
  if (start[0] !== 0 || start[n!] !== byteCount) return null;
  const slots = new Int32Array(block.buffer, block.byteOffset + (HEADER_INTS + n! + 1) * 4, size!);
  return { bytes: block.subarray(ints * 4), start, slots };
}

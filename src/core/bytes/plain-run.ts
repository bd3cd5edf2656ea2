/**
 * The first byte of a JSON string's text that needs a look (a quote, a backslash, a control
 * character or bytes that are not UTF-8), found 16 bytes at a time with WebAssembly SIMD.
 * The byte pass (byte-strings.ts) reads most of a large file's bytes inside strings; a JavaScript
 * word loop reads 4 at a time. The module is a few dozen instructions, so it is written here
 * (wasm-bytes.ts names them) rather than built by a toolchain.
 *
 * The kernel reads the bytes in its own memory: `plainScratch` copies a chunk there, and the pass
 * reads the copy. Where WebAssembly SIMD is missing, the scratch is null and the pass reads the
 * chunk itself, a word at a time.
 */
import { I32, V128, op, wasmModule } from './wasm-bytes';

// The function's locals: its two parameters, then the rest.
const P = 0;
const END = 1;
const MASK = 2;
const WORD = 3;
const T = 4;
const V = 5;

/**
 * The memory's first bytes: a table of the bytes that, after a backslash, make an escape the kernel
 * steps over, a flag the kernel sets when it steps over one, then the copied chunk.
 */
const TABLE = 0;
const SIMPLE_ESCAPE = 1;
const ESCAPED_FLAG = 256;
const DATA = 272;

/** JSON's escapes (after a backslash, `u` aside) and hex digits (after `\u`): the kernel's table and the word loop's (byte-strings.ts) are both made from these. */
export const SIMPLE_ESCAPES = '"\\/bfnrt';
export const HEX_DIGITS = '0123456789abcdefABCDEF';

/**
 * `plain(p, end)`: the first byte at or after `p` that is a quote, a backslash, a control
 * character or the start of bytes that are not UTF-8 as Python decodes it; a value ≥ `end` when
 * none starts before `end`. Plain ASCII is read 16 bytes at a time; a run of multibyte
 * characters one character at a time, each checked from the 4 bytes that start with it with the
 * same tests as byte-strings.ts. Labels: a branch names how many blocks out it goes (0 the innermost).
 */
const BODY = [
  op.block, // out: answer p
  op.loop, // scan: 16 bytes at a time
  [...op.get(P), ...op.get(END), ...op.geU, ...op.brIf(1)],
  // A lane needs a look when it is a control character or from 0x80 (both below 0x20 as signed bytes), a quote or a backslash.
  [...op.get(P), ...op.load128, ...op.tee(V), ...op.bytes16(0x20), ...op.i8x16LtS],
  [...op.get(V), ...op.bytes16(0x22), ...op.i8x16Eq, ...op.or128],
  [...op.get(V), ...op.bytes16(0x5c), ...op.i8x16Eq, ...op.or128],
  [...op.i8x16Bitmask, ...op.tee(MASK), ...op.eqz],
  op.if, // all 16 plain
  [...op.get(P), ...op.i32(16), ...op.add, ...op.set(P), ...op.br(1)],
  op.end,
  [...op.get(P), ...op.get(MASK), ...op.ctz, ...op.add, ...op.set(P)],
  op.loop, // multi: the byte at p needs a look; valid multibyte characters are stepped over
  [...op.get(P), ...op.get(END), ...op.geU, ...op.brIf(2)],
  [...op.get(P), ...op.load32, ...op.tee(WORD), ...op.i32(0x80), ...op.and, ...op.eqz],
  op.if, // an ASCII byte: the answer when it is special, else back to 16 at a time
  [...op.get(WORD), ...op.i32(0xff), ...op.and, ...op.tee(T), ...op.i32(0x20), ...op.ltU, ...op.brIf(3)],
  [...op.get(T), ...op.i32(0x22), ...op.eq, ...op.brIf(3)],
  [...op.get(T), ...op.i32(0x5c), ...op.eq],
  op.if, // a backslash: a short escape wholly before `end` is stepped over (and the flag set); any other the caller reads
  [...op.get(P), ...op.i32(2), ...op.add, ...op.get(END), ...op.gtU, ...op.brIf(4)],
  [...op.get(WORD), ...op.i32(8), ...op.shrU, ...op.i32(0xff), ...op.and, ...op.load8(TABLE), ...op.i32(SIMPLE_ESCAPE), ...op.ne, ...op.brIf(4)],
  [...op.get(P), ...op.i32(2), ...op.add, ...op.set(P)],
  [...op.i32(0), ...op.i32(1), ...op.store8(ESCAPED_FLAG), ...op.br(3)],
  op.end,
  op.br(2),
  op.end,
  // Lead 110xxxxx but not C0 or C1 (overlong), then a continuation byte.
  [...op.get(WORD), ...op.i32(0xc0e0), ...op.and, ...op.i32(0x80c0), ...op.eq],
  op.if,
  [...op.get(WORD), ...op.i32(0x1e), ...op.and, ...op.eqz, ...op.brIf(3)],
  [...op.get(P), ...op.i32(2), ...op.add, ...op.set(P), ...op.br(1)],
  op.end,
  // Lead 1110xxxx, two continuation bytes; not E0 then below A0 (overlong), not ED then above 9F (a surrogate).
  [...op.get(WORD), ...op.i32(0xc0c0f0), ...op.and, ...op.i32(0x8080e0), ...op.eq],
  op.if,
  [...op.get(WORD), ...op.i32(0x200f), ...op.and, ...op.tee(T), ...op.eqz, ...op.brIf(3)],
  [...op.get(T), ...op.i32(0x200d), ...op.eq, ...op.brIf(3)],
  [...op.get(P), ...op.i32(3), ...op.add, ...op.set(P), ...op.br(1)],
  op.end,
  // Lead 11110xxx, three continuation bytes; F0 needs a second byte from 90, F4 one below 90, F5–F7 never.
  [...op.get(WORD), ...op.i32(0xc0c0c0f8), ...op.and, ...op.i32(0x808080f0), ...op.eq],
  op.if,
  [...op.get(WORD), ...op.i32(0x3007), ...op.and, ...op.tee(T), ...op.i32(7), ...op.and, ...op.i32(4), ...op.ltU],
  op.if,
  [...op.get(T), ...op.eqz, ...op.brIf(4)],
  op.else,
  [...op.get(T), ...op.i32(4), ...op.ne, ...op.brIf(4)],
  op.end,
  [...op.get(P), ...op.i32(4), ...op.add, ...op.set(P), ...op.br(1)],
  op.end,
  op.br(2), // not UTF-8: the caller looks
  op.end, // multi
  op.end, // scan
  op.end, // out
  op.get(P),
];

/** The module: `plain` and the memory it reads (built on first use: a command that never copies a chunk never builds it). */
export function plainRunWasm(): Uint8Array<ArrayBuffer> {
  return wasmModule({
    func: { name: 'plain', params: [I32, I32], results: [I32], locals: [I32, I32, I32, V128], body: BODY },
    memory: 'memory',
  });
}

interface Kernel {
  memory: WebAssembly.Memory;
  plain: (p: number, end: number) => number;
}

/** The kernel, made once on first use; null where WebAssembly SIMD is missing (or was turned off). */
let kernel: Kernel | null | undefined;

function made(): Kernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  try {
    const bytes = typeof WebAssembly === 'object' ? plainRunWasm() : null;
    if (bytes && WebAssembly.validate(bytes)) {
      const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Kernel;
      kernel = { memory: exports.memory, plain: exports.plain };
      const table = new Uint8Array(kernel.memory.buffer, TABLE, 256);
      // The kernel steps over the escapes json.dumps itself writes; `\/` and `\uXXXX` go to the
      // caller, which notes whether they are in that form (byte-strings.ts: `escapeForm`).
      for (const c of SIMPLE_ESCAPES) if (c !== '/') table[c.charCodeAt(0)] = SIMPLE_ESCAPE;
    }
  } catch {
    kernel = null;
  }
  return kernel;
}

/** Bytes a 16-byte read past the last copied byte may touch: the memory always has them. */
const SLACK = 16;

/**
 * The largest chunk copied: a WebAssembly memory never shrinks, so one line of a gigabyte would
 * otherwise keep a gigabyte in every worker that read it. Larger chunks are read as they are.
 */
export const MAX_SCRATCH = 16 << 20;

/**
 * `chunk` copied into the kernel's memory (a view of it, valid until the next call), or null when
 * there is no kernel, the chunk is over MAX_SCRATCH or the memory cannot grow to hold it (the
 * caller then reads `chunk` itself).
 */
export function plainScratch(chunk: Uint8Array): Uint8Array | null {
  const k = made();
  if (!k || chunk.length > MAX_SCRATCH) return null;
  const need = DATA + chunk.length + SLACK;
  const have = k.memory.buffer.byteLength;
  if (need > have) {
    try {
      k.memory.grow(Math.ceil((need - have) / 65536));
    } catch {
      return null;
    }
  }
  const view = new Uint8Array(k.memory.buffer, DATA, chunk.length);
  view.set(chunk);
  return view;
}

/** The kernel's memory when `b` is a view of it (the pass may then call `plainRun` on it), else null. */
export function kernelBuffer(): ArrayBufferLike | null {
  return made()?.memory.buffer ?? null;
}

/** `plain` above, on the kernel's memory: call only on a view of it (`kernelBuffer`). */
export function plainRun(p: number, end: number): number {
  return kernel!.plain(p, end);
}

/** Whether `plainRun` stepped over an escape since this was last asked (`mem`: a view of the kernel's whole memory). */
export function takeEscapedFlag(mem: Uint8Array): boolean {
  if (!mem[ESCAPED_FLAG]) return false;
  mem[ESCAPED_FLAG] = 0;
  return true;
}

/** Turns the kernel off (or back on) for tests: both ways of reading must give the same answers. */
export function usePlainRunKernel(on: boolean): void {
  kernel = on ? undefined : null;
  if (on) made();
}

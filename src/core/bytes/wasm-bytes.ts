/**
 * Just enough of WebAssembly's binary format to write a small module by hand and read it back:
 * the instructions by name, and a module of one exported function and one exported memory. The
 * byte pass's SIMD kernel (plain-run.ts) is written with it; a toolchain would be a build step
 * for a few dozen instructions.
 */

/** An unsigned LEB128 number (sizes, counts, indexes). */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** A signed LEB128 number (an i32 constant; one above 0x7fffffff is read as its negative twin). */
function sleb(n: number): number[] {
  n |= 0;
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const SIMD = 0xfd;
const EMPTY = 0x40;

/** Instructions by name; a function's body is an array of them, flattened. */
export const op = {
  block: [0x02, EMPTY],
  loop: [0x03, EMPTY],
  if: [0x04, EMPTY],
  else: [0x05],
  end: [0x0b],
  /** A branch to the enclosing block, loop or if `depth` levels out (0: the innermost). */
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (local: number) => [0x20, ...uleb(local)],
  set: (local: number) => [0x21, ...uleb(local)],
  tee: (local: number) => [0x22, ...uleb(local)],
  /** i32 from 4 bytes at the address on the stack, little-endian, any alignment. */
  load32: [0x28, 0x00, 0x00],
  /** The byte at the address on the stack plus `offset`, as an unsigned i32. */
  load8: (offset: number) => [0x2d, 0x00, ...uleb(offset)],
  /** Stores the low byte of the value at the address plus `offset`. */
  store8: (offset: number) => [0x3a, 0x00, ...uleb(offset)],
  i32: (n: number) => [0x41, ...sleb(n)],
  eqz: [0x45],
  eq: [0x46],
  ne: [0x47],
  ltU: [0x49],
  gtU: [0x4b],
  geU: [0x4f],
  ctz: [0x68],
  add: [0x6a],
  and: [0x71],
  shrU: [0x76],
  /** 16 bytes at the address on the stack, any alignment. */
  load128: [SIMD, 0x00, 0x00, 0x00],
  /** A v128 with `byte` in each of its 16 lanes. */
  bytes16: (byte: number) => [SIMD, 0x0c, ...Array<number>(16).fill(byte)],
  i8x16Eq: [SIMD, 0x23],
  i8x16LtS: [SIMD, 0x25],
  or128: [SIMD, 0x50],
  /** One bit per lane, lane k in bit k: set when the lane's top bit is. */
  i8x16Bitmask: [SIMD, 0x64],
} as const;

/** Value types, for parameters, results and locals. */
export const I32 = 0x7f;
export const V128 = 0x7b;

function section(id: number, bytes: number[]): number[] {
  return [id, ...uleb(bytes.length), ...bytes];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

/** What `wasmModule` builds: one function and the memory it reads, both exported by name. */
export interface ModuleSpec {
  func: { name: string; params: number[]; results: number[]; locals: number[]; body: (number | readonly number[])[] };
  memory: string;
}

/** The bytes of a module with one exported function and one exported memory of one page to start. */
export function wasmModule({ func, memory }: ModuleSpec): Uint8Array<ArrayBuffer> {
  const body = [...uleb(func.locals.length), ...func.locals.flatMap((t) => [1, t]), ...func.body.flat(), ...op.end];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, ...uleb(func.params.length), ...func.params, ...uleb(func.results.length), ...func.results]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name(memory), 0x02, 0, ...name(func.name), 0x00, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ]);
}

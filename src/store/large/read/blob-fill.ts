/**
 * A Blob read from its start into buffers the caller hands in (and may reuse). In Chromium a byte
 * stream read into a reused buffer (`stream()` with a BYOB reader) moves a file several times faster
 * than `slice().arrayBuffer()` per slice (every slice a new request and a new buffer) or the stream's
 * own chunks; where a Blob has no byte stream (older engines, test doubles) it reads slices.
 */

/**
 * Fills the bytes `into` views with the file's next bytes; returns a view of those read, at the same
 * place of the same memory (its buffer may be a new object: a BYOB read transfers it), fewer only
 * at the end of the file, none after it.
 */
export type BlobFill = (into: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * A byte-stream read that has not answered after this long is given up, and the rest of the file
 * is read in slices from where it stood. Chromium's stream of a file on disk can stop answering
 * now and then, mid-file, on a busy machine, and a large file's index would then wait forever; a
 * slow but moving disk only costs the slower slice reads from there on.
 */
const STALL_MS = 3000;

/** Reads `file` in order into the buffers given to the returned function; `cancel` stops a read not finished. */
export function blobFill(file: Blob, stallMs = STALL_MS): { fill: BlobFill; cancel: () => void } {
  const reader = byobReader(file);
  if (!reader) return sliceFill(file);
  let ended = false;
  /** The file offset the stream has reached. */
  let pos = 0;
  /** Slice reads, once the stream stalled. */
  let slices: { fill: BlobFill; cancel: () => void } | null = null;
  const fill: BlobFill = async (into) => {
    if (slices) return slices.fill(into);
    let buf = into.buffer;
    const from = into.byteOffset;
    // Taken now: the first read transfers `buf`, after which `into` reads as empty (Chromium's
    // reads are 64 KiB–2 MiB, so asking `into` again stopped each fill after one read).
    const want = into.length;
    const size = buf.byteLength;
    // The caller's bytes before the view (a slice's carried start): kept if the stream stalls with the buffer.
    const before = from ? new Uint8Array(buf, 0, from).slice() : null;
    const start = pos;
    let at = 0;
    while (!ended && at < want) {
      const r = await answered(reader.read(new Uint8Array(buf, from + at, want - at)), stallMs);
      if (!r) {
        // The stalled read holds the buffer: this fill starts again, in slices, into a new one.
        void reader.cancel().catch(() => undefined);
        slices = sliceFill(file, start);
        const fresh = new Uint8Array(size);
        if (before) fresh.set(before);
        return slices.fill(fresh.subarray(from, from + want));
      }
      // A BYOB read transfers the buffer: the bytes are in the one it hands back.
      if (r.value) buf = r.value.buffer;
      if (r.done) ended = true;
      else {
        at += r.value.byteLength;
        pos += r.value.byteLength;
      }
    }
    return new Uint8Array(buf, from, at);
  };
  return { fill, cancel: () => (slices ? slices.cancel() : void reader.cancel().catch(() => undefined)) };
}

/** `read`'s answer, or null when it has not come within `ms`. */
async function answered<T>(read: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)));
  read.catch(() => undefined);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

function byobReader(file: Blob): ReadableStreamBYOBReader | null {
  if (typeof file.stream !== 'function') return null;
  try {
    return file.stream().getReader({ mode: 'byob' });
  } catch {
    return null;
  }
}

/** The same over `slice().arrayBuffer()` from offset `at`, for a Blob without a byte stream (or whose stream stalled). */
function sliceFill(file: Blob, at = 0): { fill: BlobFill; cancel: () => void } {
  const fill: BlobFill = async (into) => {
    const end = Math.min(file.size, at + into.length);
    const bytes = new Uint8Array(await file.slice(at, end).arrayBuffer());
    at = end;
    into.set(bytes);
    return into.subarray(0, bytes.length);
  };
  return { fill, cancel: () => undefined };
}

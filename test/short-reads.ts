/**
 * A Blob whose byte stream answers each read with at most `most` bytes, as Chromium's does for a
 * file on disk (64 KiB to 2 MiB a read; Node's Blob fills each read whole). Each read transfers
 * the buffer it fills, as every byte stream does.
 */
export function shortReads(data: Uint8Array, most: number): Blob {
  const plain = new Blob([data as Uint8Array<ArrayBuffer>]);
  const stream = () => {
    let at = 0;
    return new ReadableStream({
      type: 'bytes',
      pull(c) {
        const req = c.byobRequest!;
        const view = req.view!;
        const n = Math.min(most, view.byteLength, data.length - at);
        if (!n) {
          c.close();
          req.respond(0);
          return;
        }
        new Uint8Array(view.buffer, view.byteOffset, n).set(data.subarray(at, at + n));
        at += n;
        req.respond(n);
      },
    });
  };
  return { size: plain.size, slice: (a?: number, b?: number) => plain.slice(a, b), stream } as unknown as Blob;
}

/** A Blob over `bytes` that counts its slices and the bytes they hold: tests of reads that must stay small. */
export function countedBlob(bytes: Uint8Array) {
  const seen = { slices: 0, bytes: 0 };
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const slice = blob.slice.bind(blob);
  blob.slice = (a?: number, b?: number) => {
    seen.slices++;
    seen.bytes += (b ?? bytes.length) - (a ?? 0);
    return slice(a, b);
  };
  return { blob, seen };
}

/** A memory adapter for the index's tests that tells whether a source read a file whole. */
import { createMemoryAdapter, type MemoryAdapter } from '../../../src/store/adapter/memory-adapter';

/** A memory adapter read in 64 KiB chunks, counting every read of a whole file (`readWhole`, or `read`'s stream). */
export function countingAdapter(): { adapter: MemoryAdapter; whole: { reads: number } } {
  const mem = createMemoryAdapter();
  const whole = { reads: 0 };
  const adapter: MemoryAdapter = {
    ...mem,
    async *readChunks(path: string) {
      await mem.stat(path);
      const bytes = mem.getFile(path)!;
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    },
    readWhole: async (path: string) => {
      whole.reads++;
      return mem.getFile(path)!;
    },
    read: (path: string) => {
      whole.reads++;
      return mem.read(path);
    },
  };
  return { adapter, whole };
}

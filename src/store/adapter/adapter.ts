/**
 * The storage contract every backend (File System Access handles, OPFS, memory, Node fs) fulfils.
 * Paths are '/'-separated and relative to the opened folder ('' is the folder itself). Every method
 * rejects only with a `StoreError` (errors.ts).
 */

/** One child of a folder. */
export interface Entry {
  name: string;
  kind: 'file' | 'directory';
}

/** What a listing or a conflict check needs to know about a file. */
export interface FileStat {
  size: number;
  /** Milliseconds since the epoch, an integer (like `File.lastModified`). */
  lastModified: number;
}

/** Whether two stats have the same size and lastModified (the file did not visibly change). */
export const sameStat = (a: FileStat, b: FileStat): boolean => a.size === b.size && a.lastModified === b.lastModified;

/** Bytes to write: one buffer, or chunks (sync or async) so a big file need not be joined first. */
export type WriteData = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

export interface WriteOptions {
  /** Flush the file and its folder to stable storage before returning (where the backend can). */
  fsync?: boolean;
  /** The temporary file's name in the same folder (default `<name>.tmp`; nanobot main writes `.<name>.<16 hex>.tmp`). */
  tmpName?: string;
  /**
   * Give the file the permission bits of this other file (where the backend has modes): a backup of
   * a private session stays as private as the session. Without it a replaced file keeps its own.
   */
  permissionsOf?: string;
}

export interface RenameOptions {
  /** Replace an existing destination; without it an existing destination is a 'conflict'. */
  overwrite?: boolean;
}

/** A small storage backend: enough to list, read, and atomically replace session files. */
export interface StorageAdapter {
  /** Human label of the backend and root ("folder nanobot-ws", "OPFS", "/home/me/ws"). */
  readonly label: string;
  /** True when `fsync` really reaches stable storage (Node); a web page has no fsync, so the UI must not claim one. */
  readonly fsyncs?: boolean;
  /**
   * True when a save leaves the file readable and writable by its owner only (Chromium's move() on a
   * real folder gives mode 0600): a nanobot running as another user would lose access to it.
   */
  readonly ownerOnlySaves?: boolean;
  /** True when the files live in the browser's own storage (OPFS): no other program, nanobot included, reads them. */
  readonly browserPrivate?: boolean;
  /** Entries of a folder, sorted by name. */
  list(dir: string): Promise<Entry[]>;
  stat(path: string): Promise<FileStat>;
  /** The whole file as a byte stream (errors in the stream are StoreErrors too). */
  read(path: string): Promise<ReadableStream<Uint8Array>>;
  /**
   * Optional: the whole file in chunks, each valid only until the next is asked for (one buffer,
   * reused: a streamed read of any size then holds one chunk, not the chunks the GC has not freed yet).
   */
  readChunks?(path: string): AsyncIterable<Uint8Array>;
  /** Optional: the whole file in one read (a local disk reads faster so than through a stream). */
  readWhole?(path: string): Promise<Uint8Array>;
  /** At most the first `n` bytes (fewer when the file is shorter). */
  readHead(path: string, n: number): Promise<Uint8Array>;
  /**
   * Optional: stat and readHead from one look-up of the file, so both describe the same version and a
   * browser listing of 1,000 files walks its handles once per file, not twice. Given `into` (at least
   * `n` bytes), an adapter may read the head into it and return a view of it: a listing then reuses
   * a few buffers for 10,000 files instead of leaving one per file to the GC, and copies what it keeps.
   */
  statHead?(path: string, n: number, into?: Uint8Array): Promise<{ stat: FileStat; head: Uint8Array }>;
  /**
   * Bytes [start, end) (fewer at the end of the file): lets a listing read on from where it
   * stopped, chunk by chunk as nanobot's reader does, instead of reading the head again.
   */
  readRange(path: string, start: number, end: number): Promise<Uint8Array>;
  /**
   * Optional: the file as a Blob that stays where it is (a disk-backed `File`), so a file too big
   * for the page's memory is read slice by slice (`slice(a, b).arrayBuffer()`), e.g. in a worker.
   */
  file?(path: string): Promise<Blob>;
  /**
   * Replace (or create) a file so that readers see either the old or the new bytes, never a mix:
   * write `<name>.tmp` beside it, then move it onto the name. On failure the target is untouched
   * and the tmp removed (or, if that failed too, named in the error's `leftover`).
   */
  writeAtomic(path: string, data: WriteData, options?: WriteOptions): Promise<void>;
  /** Delete a file (or an empty folder). */
  remove(path: string): Promise<void>;
  rename(from: string, to: string, options?: RenameOptions): Promise<void>;
}

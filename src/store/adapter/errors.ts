/**
 * Typed storage errors: every backend turns its native failures (DOMException, Node errno) into a
 * `StoreError`, so the UI can react to a code and show one human sentence.
 */

/** What went wrong, coarse enough for the UI to pick a reaction. */
export type StoreErrorCode =
  | 'not-found' // the file or folder is not there
  | 'permission' // access was denied or revoked
  | 'quota' // the disk or origin quota is full
  | 'conflict' // the file changed since it was read, or a target already exists
  | 'busy' // another writer holds the file (an open writable, a lock)
  | 'bad-name' // the name is not portable (see names.ts)
  | 'nanobot-raises' // nanobot's own save would raise here (its temp file's name is too long): nothing is written
  | 'cancelled' // the person stopped the save: nothing was replaced, its tmp is removed
  | 'io'; // anything else

/** Extra facts a caller may show or act on. */
export interface StoreErrorDetails {
  path?: string;
  /** A tmp file the failed save could not remove; shown as a leftover. */
  leftover?: string;
  /** For 'conflict': one line per thing that changed. */
  changes?: string[];
  cause?: unknown;
}

/** The only error type that leaves `src/store`. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly path?: string;
  leftover?: string;
  readonly changes?: string[];

  constructor(
    readonly code: StoreErrorCode,
    message: string,
    details: StoreErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.path = details.path;
    this.leftover = details.leftover;
    this.changes = details.changes;
  }
}

/** True for a StoreError (optionally of one code). */
export function isStoreError(e: unknown, code?: StoreErrorCode): e is StoreError {
  return e instanceof StoreError && (code === undefined || e.code === code);
}

const DOM_CODES: Record<string, StoreErrorCode> = {
  NotFoundError: 'not-found',
  NotAllowedError: 'permission',
  SecurityError: 'permission',
  QuotaExceededError: 'quota',
  NoModificationAllowedError: 'busy',
};

const DOM_WORDS: Record<StoreErrorCode, string> = {
  'not-found': 'was not found',
  permission: 'is not accessible: permission denied or revoked',
  quota: 'could not be written: storage quota exceeded',
  conflict: 'changed on disk',
  busy: 'is in use by another writer (another tab or program is saving it)',
  'bad-name': 'has a name this disk cannot hold',
  'nanobot-raises': 'cannot be saved the way nanobot saves it',
  cancelled: 'was not saved: the save was cancelled',
  io: 'could not be accessed',
};

/**
 * Map a File System Access API failure (DOMException or TypeError) to a StoreError. `nameOp`: the
 * call took a name (getFileHandle, removeEntry, move…), where a TypeError means an unportable name;
 * elsewhere (reading a stale File's stream) a TypeError is just an I/O failure.
 */
export function fromDomError(e: unknown, path: string, action: string, nameOp = false): StoreError {
  if (e instanceof StoreError) return e;
  const name = e instanceof Error || isDomLike(e) ? (e as { name: string }).name : '';
  const text = e instanceof Error || isDomLike(e) ? (e as { message: string }).message : String(e);
  let code: StoreErrorCode = DOM_CODES[name] ?? 'io';
  if (nameOp && (name === 'TypeError' || name === 'InvalidStateError')) code = 'bad-name'; // > 255 bytes: InvalidStateError
  let why = DOM_WORDS[code];
  if (name === 'TypeMismatchError') why = 'is a folder where a file was expected, or a file where a folder was';
  if (name === 'InvalidModificationError') why = 'cannot be replaced (the destination is a folder, or not empty)';
  if (name === 'NotReadableError') why = 'changed while it was being read';
  return new StoreError(code, `${action} '${path}': it ${why}. (${name || 'Error'}: ${text})`, {
    path,
    cause: e,
  });
}

function isDomLike(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && 'message' in e;
}

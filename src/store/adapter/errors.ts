/**
 * Typed storage errors: every backend turns its native failures (DOMException, Node errno) into a
 * `StoreError`, with a coarse `code` the callers branch on and a `reason`: a code with values that
 * the UI (each language's catalog) and the CLI put in words. The `message` is a plain English
 * fallback for logs and stack traces only; no interface shows it. Python's exception texts, native
 * error texts, paths and keys stay values, shown as they are.
 */
import type { PyError } from '../../core/python/pyjson';

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

/** The step of a storage call that failed (the verb of a native failure). */
export type StoreAction =
  | 'checking'
  | 'reading'
  | 'listing'
  | 'saving'
  | 'creating'
  | 'opening'
  | 'writing'
  | 'finishing'
  | 'replacing'
  | 'removing'
  | 'cleaning-up'
  | 'renaming'
  | 'renaming-onto'
  | 'syncing-folder';

/** Why a name cannot be a file name on a local disk (see names.ts). `cp`: U+XXXX; `shown`: the character when visible. */
export type NameProblem =
  | { code: 'empty' }
  | { code: 'dot-name'; name: string }
  | { code: 'lone-surrogate'; cp: string }
  | { code: 'forbidden'; cp: string; shown?: string }
  | { code: 'invisible'; cp: string }
  | { code: 'bad-start'; cp: string; shown?: string }
  | { code: 'bad-end'; cp: string; shown?: string }
  | { code: 'device'; stem: string }
  | { code: 'shell-file'; name: string }
  | { code: 'shell-extension'; ext: string }
  | { code: 'too-long'; bytes: number; max: number };

/** One thing that changed in a file since it was read (times in ms since the epoch, hashes as 12 hex digits). */
export type SnapshotChange =
  | { code: 'deleted' }
  | { code: 'exists' }
  | { code: 'size'; from: number; to: number }
  | { code: 'modified'; from: number; to: number }
  | { code: 'content'; from: string; to: string }
  | { code: 'replaced' }
  | { code: 'shorter' }
  | { code: 'line'; line: number }
  | { code: 'written-while-read'; from: number; to: number }
  | { code: 'bytes'; from: number; to: number };

/** Why a storage call failed: a code with its values. Lines count from 1. */
export type StoreReason =
  | { code: 'changed-while-read' }
  | { code: 'keeps-changing' }
  | { code: 'changed-since-read'; changes: SnapshotChange[] }
  | { code: 'name-exists'; from: string; to: string }
  | { code: 'bad-name'; name: string; why: NameProblem }
  | { code: 'backslash' }
  | { code: 'not-relative' }
  | { code: 'no-file-path' }
  | { code: 'not-a-file' }
  | { code: 'not-found' }
  | { code: 'folder-not-empty' }
  | { code: 'permission-revoked' }
  | { code: 'quota-exceeded' }
  | { code: 'busy' }
  | { code: 'cancelled' }
  | { code: 'injected'; fault: StoreErrorCode; step: string }
  | { code: 'native'; action: StoreAction; fault: StoreErrorCode; name: string; text: string }
  | { code: 'nanobot-raises'; fileName: string; error: PyError }
  | { code: 'line-cannot-save'; line: number; error: PyError }
  | { code: 'no-user-turn'; userIndex: number; users: number }
  | { code: 'fork-raises'; error: PyError }
  | { code: 'key-cannot-name'; key: string; error: string }
  | { code: 'key-bad-file-name'; key: string; name: string; why: NameProblem }
  | { code: 'key-taken'; key: string; name: string }
  | { code: 'produce-failed'; text: string }
  | { code: 'size-mismatch'; written: number; planned: number };

/** Extra facts a caller may show or act on. */
export interface StoreErrorDetails {
  /** Why, as a code with values: what every interface words. */
  reason: StoreReason;
  path?: string;
  /** A tmp file the failed save could not remove; shown as a leftover. */
  leftover?: string;
  cause?: unknown;
}

/** The only error type that leaves `src/store`. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly path?: string;
  readonly reason: StoreReason;
  leftover?: string;

  /** `message`: English for logs and stack traces only (interfaces word `reason`). */
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    details: StoreErrorDetails,
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.path = details.path;
    this.reason = details.reason;
    this.leftover = details.leftover;
  }
}

/** True for a StoreError (optionally of one code). */
export function isStoreError(e: unknown, code?: StoreErrorCode): e is StoreError {
  return e instanceof StoreError && (code === undefined || e.code === code);
}

/** A reason with the path it names: what an interface needs to word a StoreError. */
export interface StoreErrorReason {
  reason: StoreReason;
  path?: string;
}

/** An error's code, reason and path as plain data (for `--json`). */
export function storeErrorData(e: StoreError): { code: StoreErrorCode } & StoreErrorReason {
  return { code: e.code, reason: e.reason, ...(e.path !== undefined ? { path: e.path } : {}) };
}

const DOM_CODES: Record<string, StoreErrorCode> = {
  NotFoundError: 'not-found',
  NotAllowedError: 'permission',
  SecurityError: 'permission',
  QuotaExceededError: 'quota',
  NoModificationAllowedError: 'busy',
};

/**
 * Map a File System Access API failure (DOMException or TypeError) to a StoreError. `nameOp`: the
 * call took a name (getFileHandle, removeEntry, move…), where a TypeError means an unportable name;
 * elsewhere (reading a stale File's stream) a TypeError is just an I/O failure.
 */
export function fromDomError(e: unknown, path: string, action: StoreAction, nameOp = false): StoreError {
  if (e instanceof StoreError) return e;
  const name = e instanceof Error || isDomLike(e) ? (e as { name: string }).name : '';
  const text = e instanceof Error || isDomLike(e) ? (e as { message: string }).message : String(e);
  let code: StoreErrorCode = DOM_CODES[name] ?? 'io';
  if (nameOp && (name === 'TypeError' || name === 'InvalidStateError')) code = 'bad-name'; // > 255 bytes: InvalidStateError
  // The message, for logs only, names the step and the native error; interfaces word the reason.
  return new StoreError(code, `${action} '${path}': ${name || 'Error'}: ${text}`, {
    reason: { code: 'native', action, fault: code, name, text },
    path,
    cause: e,
  });
}

function isDomLike(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && 'message' in e;
}

/**
 * A storage error in English, from its reason's code and values: the CLI and the app's English
 * catalog say it word for word alike. Python's exception texts, native error texts, paths and keys
 * are values, quoted as they are. Plain functions of the store's codes; nothing here renders.
 */
import type { NameProblem, SnapshotChange, StoreAction, StoreErrorCode, StoreReason } from '../store/adapter/errors';
import { isoTime } from '../store/save/snapshot';

const ACTION: Record<StoreAction, string> = {
  checking: 'Checking',
  reading: 'Reading',
  listing: 'Listing',
  saving: 'Saving',
  creating: 'Creating',
  opening: 'Opening',
  writing: 'Writing',
  finishing: 'Finishing',
  replacing: 'Replacing',
  removing: 'Removing',
  'cleaning-up': 'Cleaning up',
  renaming: 'Renaming',
  'renaming-onto': 'Renaming onto',
  'syncing-folder': 'Syncing the folder of',
};

const FAULT: Record<StoreErrorCode, string> = {
  'not-found': 'it was not found',
  permission: 'permission was denied or revoked',
  quota: 'the storage quota is exceeded',
  conflict: 'it changed on disk',
  busy: 'another writer is using it (another tab or program is saving it)',
  'bad-name': 'this disk cannot hold its name',
  'nanobot-raises': 'it cannot be saved the way nanobot saves it',
  cancelled: 'its save was cancelled',
  io: 'it could not be accessed',
};

/** Why a native failure happened, from the coarse code and the native error's name. */
function nativeWhy(fault: StoreErrorCode, name: string): string {
  if (name === 'TypeMismatchError') return 'it is a folder where a file was expected, or a file where a folder was';
  if (name === 'InvalidModificationError') return 'it cannot be replaced (the destination is a folder, or not empty)';
  if (name === 'NotReadableError') return 'it changed while it was being read';
  // The names the worker error wire gives its own faults (store/large/worker-error.ts).
  if (name === 'IndexNotSent') return "a worker no longer holds the file's index (open the file again)";
  if (name === 'UnexpectedReply') return 'a worker answered another question than the one asked (open the file again)';
  return FAULT[fault];
}

/** Why a name cannot be a file name, after "it" or "which". */
export function nameProblemEn(p: NameProblem): string {
  const char = (c: { cp: string; shown?: string }) => `${c.shown !== undefined ? `'${c.shown}' ` : ''}(${c.cp})`;
  switch (p.code) {
    case 'empty': return 'is empty';
    case 'dot-name': return `'${p.name}' means a folder, not a file name`;
    case 'lone-surrogate': return `contains a lone surrogate (${p.cp}), which no disk can store`;
    case 'forbidden': return `contains ${char(p)}`;
    case 'invisible': return `contains the invisible control character (${p.cp})`;
    case 'bad-start': return `starts with ${char(p)}`;
    case 'bad-end': return `ends with ${char(p)}`;
    case 'device': return `'${p.stem}' is a reserved device name on Windows`;
    case 'shell-file': return `'${p.name}' is a reserved Windows shell file`;
    case 'shell-extension': return `has the extension '.${p.ext}', which Windows' shell would execute or hide`;
    case 'too-long': return `is ${p.bytes} bytes long in UTF-8; the limit is ${p.max}`;
  }
}

/** What changed in a file since it was read. */
export function snapshotChangeEn(c: SnapshotChange): string {
  switch (c.code) {
    case 'deleted': return 'the file was deleted or renamed';
    case 'exists': return 'a file of that name already exists';
    case 'size': return `size ${c.from} → ${c.to} bytes`;
    case 'modified': return `modified ${isoTime(c.from)} → ${isoTime(c.to)}`;
    case 'content': return `content differs (sha256 ${c.from}… → ${c.to}…)`;
    case 'replaced': return 'its bytes can no longer be read as they were';
    case 'shorter': return 'it is shorter than when it was indexed';
    case 'line': return `line ${c.line} is no longer a record`;
    case 'bytes': return `bytes ${c.from}–${c.to} differ from those read`;
    case 'written-while-read': return `it was being written while it was read (size ${c.from} → ${c.to} bytes)`;
  }
}

/** The note on a failed save whose temporary file could not be removed. */
export function leftoverEn(path: string): string {
  return `The temporary file '${path}' could not be removed; the original is unchanged.`;
}

/** A storage error in one or two sentences; `path`: the StoreError's path. */
export function storeErrorEn(r: StoreReason, path = ''): string {
  switch (r.code) {
    case 'changed-while-read': return `'${path}' changed while it was read; is another program writing it?`;
    case 'keeps-changing': return `'${path}' keeps changing while it is read; is another program writing it?`;
    case 'changed-since-read':
      return `'${path}' changed on disk since it was read${r.changes.length ? `: ${r.changes.map(snapshotChangeEn).join('; ')}` : ''}. Reload it to see the new version. (A running nanobot gateway re-saves its cached sessions when it shuts down.)`;
    case 'name-exists': return `Cannot rename '${r.from}': '${r.to}' already exists.`;
    case 'bad-name': return `Cannot use the name '${r.name}': it ${nameProblemEn(r.why)}.`;
    case 'backslash': return `'${path}' contains a backslash, a path separator here.`;
    case 'not-relative': return `'${path}' is not a relative path inside the opened folder.`;
    case 'no-file-path': return 'A file path is needed, not the folder itself.';
    case 'not-a-file': return `'${path}' is not a file (it is a folder).`;
    case 'not-found': return `'${path}' was not found.`;
    case 'folder-not-empty': return `The folder '${path}' is not empty.`;
    case 'permission-revoked': return `Permission to '${path}' was revoked.`;
    case 'quota-exceeded': return `The storage quota was exceeded while writing '${path}'.`;
    case 'busy': return `'${path}' is being written by another writer.`;
    case 'cancelled': return `The save of '${path}' was cancelled: the file is unchanged and the temporary file was removed.`;
    case 'injected': return `Injected ${r.fault} failure at '${r.step}' of '${path}'.`;
    case 'native': return `${ACTION[r.action]} '${path}' failed: ${nativeWhy(r.fault, r.name)}. (${r.name || 'Error'}: ${r.text})`;
    case 'nanobot-raises': return `${r.fileName} cannot be saved: nanobot's save would raise ${r.error.type}: ${r.error.message}. Nothing was written.`;
    case 'line-cannot-save': return `Line ${r.line} cannot be saved: nanobot would raise ${r.error.type}: ${r.error.message}. Nothing was written.`;
    case 'no-user-turn': {
      const range = r.users === 0 ? 'only 0 (which copies every message)' : `0 to ${r.users - 1}, or ${r.users} to copy every message`;
      return `There is no user turn ${r.userIndex} to fork before: user turns count from 0, and this session has ${r.users === 1 ? '1 user turn' : `${r.users} user turns`}, so the index is ${range}.`;
    }
    case 'fork-raises': return `nanobot would raise ${r.error.type}: ${r.error.message}. Nothing was written.`;
    case 'key-cannot-name': return `The key "${r.key}" cannot name a file: ${r.error}.`;
    case 'key-bad-file-name': return `The key "${r.key}" makes the file name "${r.name}", which ${nameProblemEn(r.why)}.`;
    case 'key-taken': return `A session file named "${r.name}" already exists beside this one: the key "${r.key}" is taken (or shares its file name). Choose another key.`;
    case 'produce-failed': return `Saving '${path}' failed while producing its content: ${r.text}`;
    case 'size-mismatch': return `The new file came out at ${r.written} bytes, not the ${r.planned} planned; nothing was replaced.`;
  }
}

/**
 * The browser-safe public surface of the storage layer (the Node backend is imported directly from
 * './node-adapter' by the CLI only).
 */

export type { Entry, FileStat, RenameOptions, StorageAdapter, WriteData, WriteOptions } from './adapter';
export { StoreError, isStoreError, type StoreErrorCode } from './errors';
export { createHandleAdapter } from './handle-adapter';
export { checkName, isPortableName } from './names';
export { classifyEntries, classifyName, type ClassifiedEntries, type EntryClass, type Leftover } from './leftovers';
export { detectLayout, looksLikeSession, type Layout, type SessionFolder, type StemNaming } from './layout';
export { detectVersion, gatherFolderFacts, gatherVersionFacts } from './version-facts';
export {
  forgetFolder,
  listRememberedFolders,
  queryAccess,
  rememberFolder,
  requestAccessFromClick,
  type Access,
  type AccessRequest,
  type FolderWithAccess,
  type RememberedFolder,
} from './handles';
export { guardedSave, type GuardedSaveOptions, type SaveResult } from './atomic-save';
export { readSnapshot, describeChanges, type Snapshot } from './snapshot';
export { backupPath } from './backup';
export { isBusy } from './save-queue';
export { readAll, sha256Hex } from './bytes';

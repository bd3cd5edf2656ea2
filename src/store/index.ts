/**
 * The browser-safe public surface of the storage layer (the Node backend is imported directly from
 * './adapter/node-adapter' by the CLI only).
 */

export type { Entry, FileStat, RenameOptions, StorageAdapter, WriteData, WriteOptions } from './adapter/adapter';
export { StoreError, isStoreError, type StoreErrorCode } from './adapter/errors';
export { createHandleAdapter } from './adapter/handle-adapter';
export { isPortableName, nameProblem } from './adapter/names';
export { classifyEntries, classifyName, type ClassifiedEntries, type EntryClass, type Leftover } from './listing/leftovers';
export { detectLayout, looksLikeSession, type Layout, type SessionFolder, type StemNaming } from './listing/layout';
export { detectVersion, gatherFolderFacts, gatherVersionFacts } from './listing/version-facts';
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
} from './listing/handles';
export { guardedSave, type GuardedSaveOptions, type SaveResult } from './save/atomic-save';
export { readSnapshot, describeChanges, type Snapshot } from './save/snapshot';
export { backupPath } from './save/backup';
export { isBusy } from './save/save-queue';
export { readAll, sha256Hex } from './adapter/bytes';

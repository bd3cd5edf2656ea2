/**
 * The parts of the File System Access API that TypeScript's DOM library does not declare yet
 * (move(), permissions), as local structural types.
 */

export type PermissionMode = 'read' | 'readwrite';
type PermissionStateLike = 'granted' | 'denied' | 'prompt';

/** A handle with Chromium's permission methods. */
export interface PermissionedHandle {
  queryPermission(desc: { mode: PermissionMode }): Promise<PermissionStateLike>;
  requestPermission(desc: { mode: PermissionMode }): Promise<PermissionStateLike>;
}

/** A file handle with move() (Chromium; overwrites the destination). */
export interface MovableFileHandle extends FileSystemFileHandle {
  move(name: string): Promise<void>;
  move(dir: FileSystemDirectoryHandle, name: string): Promise<void>;
}

/** View a file handle with move(). */
export function movable(file: FileSystemFileHandle): MovableFileHandle {
  return file as MovableFileHandle;
}

/** View any handle with permission methods (absent on OPFS in some browsers: callers check). */
export function permissioned(handle: FileSystemHandle): Partial<PermissionedHandle> {
  return handle as unknown as Partial<PermissionedHandle>;
}

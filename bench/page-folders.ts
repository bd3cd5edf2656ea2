/**
 * Init script for the Chromium benches: `window.__rememberedFolder(name)` finds a folder the app
 * remembered in IndexedDB, so a baseline reads the very handle the app was given.
 */

export interface FolderLookup {
  __rememberedFolder(name: string): Promise<FileSystemDirectoryHandle>;
}

/** Installs `window.__rememberedFolder` (self-contained: Playwright serializes it into the page). */
export function installFolderLookup(): void {
  const idb = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  (window as unknown as FolderLookup).__rememberedFolder = async (name) => {
    const db = await idb(indexedDB.open('session-lens'));
    const folders = (await idb(db.transaction('folders').objectStore('folders').getAll())) as { handle: FileSystemDirectoryHandle }[];
    db.close();
    const root = folders.find((f) => f.handle.name === name)?.handle;
    if (!root) throw new Error(`no remembered folder named ${name}`);
    return root;
  };
}

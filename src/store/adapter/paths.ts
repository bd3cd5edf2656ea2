/** Relative '/'-separated paths, as every adapter takes them. */

import { StoreError } from './errors';

/** Split a relative path into segments, refusing '', '.', '..' and absolute paths ('' is the root). */
export function splitPath(path: string): string[] {
  if (path === '') return [];
  const parts = path.split('/');
  for (const p of parts) {
    if (p === '' || p === '.' || p === '..') {
      throw new StoreError('bad-name', `'${path}' is not a relative path inside the opened folder.`, { path, reason: { code: 'not-relative' } });
    }
  }
  return parts;
}

/** The folder part and the last segment of a path ('a/b/c' → ['a/b', 'c']). */
export function splitParent(path: string): [dir: string, name: string] {
  const parts = splitPath(path);
  if (parts.length === 0) throw new StoreError('bad-name', 'A file path is needed, not the folder itself.', { path, reason: { code: 'no-file-path' } });
  const name = parts.pop()!;
  return [parts.join('/'), name];
}

/** Join a folder and a name ('' + 'x' → 'x'). */
export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** The tmp name an atomic save of `name` writes first (`x.jsonl` → `x.jsonl.tmp`, as nanobot does). */
export function tmpNameFor(name: string): string {
  return `${name}.tmp`;
}

/**
 * Repair backups: `<name>.jsonl.<stamp>.bak` beside the session. The name does not end in `.jsonl`,
 * so nanobot never lists it; leftovers.ts recognises it.
 */

import type { StorageAdapter, WriteData } from '../adapter/adapter';
import { isStoreError } from '../adapter/errors';

/** Compact UTC stamp without ':' (portable): 2026-06-01T10:00:00.123Z → 20260601T100000123Z. */
export function backupStamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

/** The backup path for `path` at `at`, with `-n` appended for the n-th backup of the same instant. */
export function backupPath(path: string, at: Date, n = 0): string {
  return `${path}.${backupStamp(at)}${n > 0 ? `-${n}` : ''}.bak`;
}

/** Write `bytes` (or chunks, for a file too big to hold) as a new backup of `path` (never overwriting an older backup); returns its path. */
export async function writeBackup(adapter: StorageAdapter, path: string, bytes: WriteData, at = new Date()): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = backupPath(path, at, n);
    const taken = await adapter.stat(candidate).then(
      () => true,
      (e: unknown) => (isStoreError(e, 'not-found') ? false : Promise.reject(e)),
    );
    if (!taken) {
      await adapter.writeAtomic(candidate, bytes, { fsync: true, permissionsOf: path });
      return candidate;
    }
  }
}

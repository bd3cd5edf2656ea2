/**
 * The atomic-save protocol shared by every backend: write `<name>.tmp`, commit it, move it onto
 * `<name>`; on any failure abort, remove the tmp, and leave the target alone. Backends supply the
 * primitive steps, so the memory backend's fault tests exercise the very code real saves run.
 */

import type { WriteData } from '../adapter/adapter';
import { StoreError } from '../adapter/errors';
import { joinPath, splitParent, tmpNameFor } from '../adapter/paths';

/** An open tmp file being written. */
export interface TmpWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Commit the bytes (and fsync them when asked); after this the tmp file holds the new content. */
  close(): Promise<void>;
  /** Throw away what was written; must not throw. */
  abort(): Promise<void>;
}

/** The primitive steps a backend provides; each rejects with a StoreError. */
export interface TmpSteps {
  /** Open `tmpName` in `dir` for writing the new content of `name`. */
  createTmp(dir: string, tmpName: string, fsync: boolean, name: string): Promise<TmpWriter>;
  /** Replace `name` by `tmpName` in `dir` (overwriting), then fsync the folder when asked. */
  moveOnto(dir: string, tmpName: string, name: string, fsync: boolean): Promise<void>;
  /** Delete the tmp; a tmp that is already gone is not an error. */
  removeTmp(dir: string, tmpName: string): Promise<void>;
}

/** Run one atomic save of `data` to `path` through `steps` (see StorageAdapter.writeAtomic). */
export async function writeViaTmp(steps: TmpSteps, path: string, data: WriteData, fsync = false, tmpName?: string): Promise<void> {
  const [dir, name] = splitParent(path);
  tmpName ??= tmpNameFor(name);
  let writer: TmpWriter | undefined;
  let created = false;
  try {
    writer = await steps.createTmp(dir, tmpName, fsync, name);
    created = true;
    for await (const chunk of chunksOf(data)) await writer.write(chunk);
    const closing = writer;
    writer = undefined; // a failed close() leaves nothing to abort
    await closing.close();
    await steps.moveOnto(dir, tmpName, name, fsync);
  } catch (e) {
    if (writer) await writer.abort().catch(() => undefined);
    const err = asStoreError(e, path);
    if (created) {
      try {
        await steps.removeTmp(dir, tmpName);
      } catch {
        err.leftover = joinPath(dir, tmpName);
        err.message += ` The temporary file '${err.leftover}' could not be removed; the original is unchanged.`;
      }
    }
    throw err;
  }
}

/** Iterate the chunks of any WriteData. */
async function* chunksOf(data: WriteData): AsyncGenerator<Uint8Array> {
  if (data instanceof Uint8Array) {
    yield data;
    return;
  }
  for await (const chunk of data as AsyncIterable<Uint8Array>) yield chunk;
}

function asStoreError(e: unknown, path: string): StoreError {
  if (e instanceof StoreError) return e;
  // A failure of the caller's own data source (a throwing chunk iterator).
  const text = e instanceof Error ? e.message : String(e);
  return new StoreError('io', `Saving '${path}' failed while producing its content: ${text}`, { path, cause: e, reason: { code: 'produce-failed', text } });
}

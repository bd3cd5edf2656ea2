/** Shared helpers for store tests. */

import { readAll } from '../../src/store/adapter/bytes';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { StoreError } from '../../src/store/adapter/errors';
import type { SaveStep } from '../../src/store/adapter/memory-adapter';

/** The steps of an atomic save the memory adapter can fail, in order. */
export const SAVE_STEPS: readonly SaveStep[] = ['create-tmp', 'write', 'close', 'move', 'remove-tmp'];

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** Read a whole file through the adapter. */
export async function readText(a: StorageAdapter, path: string): Promise<string> {
  return dec(await readAll(await a.read(path)));
}

/** The StoreError a promise rejects with (fails the test when it resolves or throws something else). */
export async function storeErrorOf(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof StoreError) return e;
    throw new Error(`expected a StoreError, got ${String(e)}`);
  }
  throw new Error('expected a rejection');
}

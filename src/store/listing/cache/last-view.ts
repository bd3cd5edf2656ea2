/**
 * Which folder listing a workspace source (a remembered folder, the demo) showed last, kept in the
 * listing store, so a reload can read its cached listing before the folder's handle, permission and
 * layout are known. Checked with zod when read back: anything else is no last view at all.
 */
import * as z from 'zod/mini';
import type { ListingCacheStore } from './listing-cache';

/** The last view of one source: its listing's cache key, the workspace's name, the folder shown. */
export interface LastView {
  key: string;
  name: string;
  folderIndex: number;
}

const view = z.object({ format: z.literal(1), key: z.string(), name: z.string(), folderIndex: z.number() });
const keyOf = (source: string) => `last:${source}`;

/** Remembers what `source` (e.g. `folder:<id>`) showed, so its next reload starts from that listing. */
export async function saveLastView(store: ListingCacheStore, source: string, v: LastView): Promise<void> {
  await store.set(keyOf(source), { format: 1, key: v.key, name: v.name, folderIndex: v.folderIndex });
}

/** The last view of `source`, or null when none was kept or it is not what saveLastView wrote. */
export async function loadLastView(store: ListingCacheStore, source: string): Promise<LastView | null> {
  const p = view.safeParse(await store.get(keyOf(source)).catch(() => undefined));
  return p.success && Number.isInteger(p.data.folderIndex) && p.data.folderIndex >= 0 ? { key: p.data.key, name: p.data.name, folderIndex: p.data.folderIndex } : null;
}

/**
 * Forgets `source`'s last view and the listing it points to, so a forgotten folder leaves none of its
 * file names or previews in the page's storage. Another source listed under the same key just lists
 * its folder again on its next visit.
 */
export async function forgetLastView(store: ListingCacheStore, source: string): Promise<void> {
  const v = await loadLastView(store, source);
  await store.del?.(keyOf(source));
  if (v) await store.del?.(v.key);
}

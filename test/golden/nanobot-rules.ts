/**
 * Rules of nanobot the golden runner checks and the product never applies itself: the row
 * `list_sessions()` hands back, what a save that is not atomic leaves when it fails, and the file cap.
 */
import type { ListingRow } from '../../src/core/listing/listing';
import { retainRecentLegalSuffix } from '../../src/core/edit/retain';
import { rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { encodeUtf8, loneSurrogateIndex } from '../../src/core/python/lines';
import type { PyDict, PyValue } from '../../src/core/python/pyvalue';

/**
 * The row as nanobot's `list_sessions()` returns it: before 0.2.0 (row `listingPreview`) without `title` and
 * `preview`, which Session Lens's own row always carries (empty there).
 */
export function nanobotListingRow(row: ListingRow, version: NanobotVersion): Partial<ListingRow> {
  if (rulesOf(version).listingPreview) return row;
  return { key: row.key, created_at: row.created_at, updated_at: row.updated_at, path: row.path };
}

/**
 * What a save that is not atomic (row `atomicSave` false) leaves on disk when it fails: the lines written before
 * the one Python could not encode (its text is encoded a line at a time; the rest never reaches the file).
 * null where the version saves atomically (the file stays as it was) or the save succeeds.
 */
export function failedSaveLeaves(text: string, version: NanobotVersion): Uint8Array | null {
  if (rulesOf(version).atomicSave) return null;
  const at = loneSurrogateIndex(text);
  if (at < 0) return null;
  return encodeUtf8(text.slice(0, text.lastIndexOf('\n', at) + 1));
}

/** nanobot's file cap: above `limit` messages, trim to a legal suffix and archive what was not archived yet. */
export function enforceFileCap(messages: PyDict[], lastConsolidated: number, metadata: PyValue, version: NanobotVersion) {
  const cap = rulesOf(version).fileCap;
  if (!cap || messages.length <= cap.limit) return null;
  const r = retainRecentLegalSuffix(messages, lastConsolidated, metadata, cap.limit, false, version);
  if (!r.ok) return r;
  return { ...r, toArchive: r.result.dropped.slice(r.result.alreadyConsolidated) };
}

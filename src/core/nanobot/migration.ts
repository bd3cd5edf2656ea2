/**
 * What happens to files an older nanobot left when a newer one starts: main's start-up migration
 * into its namespace (§11), which the upgrade view and the golden runner both ask about (v0.3.0's
 * lookup of a legacy file, §4–6, is the golden runner's alone: test/golden/migration.ts).
 */
import { hostLocalOffset, isoRoundTrip, isoTimestampError, type LocalOffset } from '../python/isotime';
import { saveTmpNameError } from './keys';
import { decodeStrict, findUtf8Fault } from '../python/lines';
import { oldestWithHome, rulesOf } from './nanobot-version';
import { atDepth, pyLoads, type PyError } from '../python/pyjson';
import { dictGet, isDict } from '../python/pyvalue';

/** Why main's start-up migration leaves a file behind (`line` is 1-based; `error` is Python's JSONDecodeError text). */
export type MigrationStay =
  | { code: 'not-utf8'; line: number }
  | { code: 'not-json'; line: number; error: string }
  | { code: 'not-object'; line: number }
  | { code: 'bad-updated-at'; line: number }
  /** `.timestamp()` on the naive `updated_at` raises (`error`: Python's `type: message`). */
  | { code: 'no-timestamp'; line: number; error: string }
  | { code: 'no-record' }
  /** The copy's temp file name is too long for the file system (`error`: Python's OSError). */
  | { code: 'tmp-name-too-long'; error: string };

const ASCII_WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);

/**
 * Whether main's start-up migration moves a workspace file into its namespace: only when the whole
 * file parses (lines split on `\n`, each non-blank one UTF-8 JSON object, a string `updated_at`
 * a valid ISO time whose `.timestamp()` does not raise, at least one record). Others stay behind,
 * unseen by main; `stay` says why. A naive time's timestamp is local time: `localOffset`. A file
 * that parses is copied through a temp file `.<name>.<16 hex>.tmp` beside its new place: where that
 * name is too long for the file system, the copy raises OSError, which the migration logs, and the
 * file stays too. A line nesting past the migration's own json.loads figure raises RecursionError,
 * which it does not catch: nanobot main does not start (`error`).
 */
export function migratesToNamespace(bytes: Uint8Array, fileName: string, localOffset: LocalOffset = hostLocalOffset): { ok: true } | { ok: false; stay: MigrationStay } | { error: PyError } {
  const migrating = oldestWithHome('namespace');
  // It reads from inside the manager's construction: its json.loads nests less than `_load`'s.
  const depth = rulesOf(migrating).depthBudget.jsonLoadsMigration!;
  let records = 0;
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const raw = bytes.subarray(start, end);
    start = end + 1;
    if (raw.every((b) => ASCII_WS.has(b))) continue;
    if (findUtf8Fault(raw)) return { ok: false, stay: { code: 'not-utf8', line } };
    const r = atDepth(pyLoads(decodeStrict(raw)), depth);
    if (!r.ok) return r.error.type === 'RecursionError' ? { error: r.error } : { ok: false, stay: { code: 'not-json', line, error: r.error.message } };
    if (!isDict(r.value)) return { ok: false, stay: { code: 'not-object', line } };
    records++;
    const updated = dictGet(r.value, 'updated_at');
    if (dictGet(r.value, '_type') === 'metadata' && typeof updated === 'string' && updated) {
      if (!isoRoundTrip(updated).ok) return { ok: false, stay: { code: 'bad-updated-at', line } };
      const error = isoTimestampError(updated, localOffset);
      if (error) return { ok: false, stay: { code: 'no-timestamp', line, error } };
    }
  }
  if (!records) return { ok: false, stay: { code: 'no-record' } };
  const copy = saveTmpNameError(fileName, migrating);
  return copy ? { ok: false, stay: { code: 'tmp-name-too-long', error: `${copy.type}: ${copy.message}` } } : { ok: true };
}

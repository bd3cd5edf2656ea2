/**
 * The golden fields about files older nanobots left behind: v0.3.0's `legacy_lossy_load` (a
 * lossy or global file found, checked and moved to its base64url name) and main's
 * `workspace_migration` (workspace files moved into the namespace at start-up, if they parse).
 */
import { base64urlKey } from '../../src/core/nanobot/keys';
import { listingRow } from '../../src/core/listing/listing';
import { loadNanobot } from '../../src/core/lens/load';
import { migratesToNamespace } from '../../src/core/nanobot/migration';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyLoads, type PyError } from '../../src/core/python/pyjson';
import { dictGet, isDict, type PyDict } from '../../src/core/python/pyvalue';
import { check, type Tally } from './compare';
import { firstNonBlankLine } from './read-session';

/**
 * v0.3.0's stored key of a fallback file: the `key` of a metadata record on the first non-blank
 * line when it is a string; null otherwise (a message first, a non-object, bad JSON or UTF-8).
 * Nesting past the recursion limit raises out of the lookup.
 */
export function fallbackStoredKey(bytes: Uint8Array): { key: string | null } | { error: PyError } {
  const first = firstNonBlankLine(bytes);
  if (!first || 'type' in first) return { key: null };
  const r = pyLoads(first.text);
  if (!r.ok) return r.error.type === 'RecursionError' ? { error: r.error } : { key: null };
  if (!isDict(r.value) || dictGet(r.value, '_type') !== 'metadata') return { key: null };
  const key = dictGet(r.value, 'key');
  return { key: typeof key === 'string' ? key : null };
}

/** v0.3.0 skips a fallback file for `key` when its stored key names another session. */
export function fallbackBelongsElsewhere(bytes: Uint8Array, key: string): boolean {
  const stored = fallbackStoredKey(bytes);
  return 'key' in stored && typeof stored.key === 'string' && stored.key !== '' && stored.key !== key;
}

interface Case {
  bytes: Uint8Array;
  key: string;
  now: string;
  version: NanobotVersion;
}

function loadView(c: Case) {
  const l = loadNanobot(c.bytes, c.key, c.now, c.version);
  return { loaded: !!l.result, repair_called: l.path === 'repair', error: l.error?.type ?? null };
}

const notLoaded = { loaded: false, repair_called: false, error: null };

/** The exception type of a golden `{error: {type, message}}` (or `{type, message}`) value. */
function errorType(v: PyDict): string | null {
  const e = isDict(dictGet(v, 'error')) ? (dictGet(v, 'error') as PyDict) : v;
  const type = dictGet(e, 'type');
  return typeof type === 'string' ? type : null;
}

function checkLoad(t: Tally, where: string, g: PyDict, got: { loaded: boolean; repair_called: boolean; error: string | null }) {
  check(t, where + '.loaded', g.loaded, got.loaded);
  check(t, where + '.repair_called', g.repair_called, got.repair_called);
  const err = dictGet(g, 'error');
  check(t, where + '.error', isDict(err) ? err.type : null, got.error);
  check(t, where + '.same_as_canonical', dictGet(g, 'same_as_canonical') ?? false, got.loaded);
}

/** Checks one case's migration field against the core's answers. */
export function checkMigration(t: Tally, where: string, field: 'legacy_lossy_load' | 'workspace_migration', g: PyDict, c: Case): void {
  const canonical = `sessions/${base64urlKey(c.key)}.jsonl`;
  if (field === 'legacy_lossy_load') {
    for (const place of ['lossy', 'global'] as const) {
      const x = g[place] as PyDict;
      const at = `${where}.${place}`;
      const stored = fallbackStoredKey(c.bytes);
      // A raise is compared by its exception type, as everywhere in the golden files.
      const want = isDict(x.stored_key) ? { error: errorType(x.stored_key) } : x.stored_key;
      check(t, at + '.stored_key', want, 'error' in stored ? { error: stored.error.type } : stored.key);
      const skipped = fallbackBelongsElsewhere(c.bytes, c.key);
      check(t, at + '.resolved', x.resolved, skipped ? null : x.file);
      checkLoad(t, at + '.load', x.load as PyDict, skipped ? notLoaded : loadView(c));
      check(t, at + '.files_after', x.files_after, [skipped ? (x.file as string) : canonical]);
    }
    return;
  }
  for (const name of ['b64', 'lossy'] as const) {
    const x = g[name] as PyDict;
    const at = `${where}.${name}`;
    const m = migratesToNamespace(c.bytes, (x.file as string).split('/').pop()!);
    if ('error' in m) {
      check(t, at + '.startup_error', isDict(x.startup_error) ? x.startup_error.type : null, m.error.type);
      continue;
    }
    check(t, at + '.startup_error', null, isDict(x.startup_error) ? x.startup_error.type : null);
    check(t, at + '.copied', x.copied, m.ok);
    check(t, at + '.source_kept', x.source_kept, !m.ok);
    const seen = m.ok && name === 'b64';
    checkLoad(t, at + '.load', x.load as PyDict, seen ? loadView(c) : notLoaded);
    let listed = 0;
    if (seen) {
      const out = listingRow({ bytes: c.bytes, complete: true, fileName: `${base64urlKey(c.key)}.jsonl`, mtimeIso: c.now, now: c.now, version: c.version });
      listed = out.kind === 'row' ? 1 : 0;
    }
    check(t, at + '.listed', x.listed, listed);
  }
}

/**
 * One golden case checked on its own: every field nanobot's code answered for one session file,
 * compared with the core. The golden runner runs it over a corpus; the fuzzer (fuzz/check.ts) over
 * the answers of nanobot's code on generated files. No Vitest here, so the fuzzer runs it in Node.
 */
import { createHash } from 'node:crypto';
import { forkBeforeUserIndex } from '../../src/core/edit/fork';
import { encodeSession, formatSession, metadataRecord } from '../../src/core/edit/format';
import { keyFromStem, saveTmpNameError, sessionFileName } from '../../src/core/nanobot/keys';
import { listingRow, sortListing, type ListingRow } from '../../src/core/listing/listing';
import { fileStem } from '../../src/core/nanobot/keys';
import { loadNanobot, type NanobotSession } from '../../src/core/lens/load';
import { rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { analyzeSession } from '../../src/core/lens/open';
import { pyDumps } from '../../src/core/python/pyjson';
import { dictGet, isDict, type PyDict, type PyValue } from '../../src/core/python/pyvalue';
import { getHistory } from '../../src/core/replay/replay';
import { retainRecentLegalSuffix } from '../../src/core/edit/retain';
import { publicHistoryMessage } from '../../src/core/nanobot/runtime-context';
import { TokenEstimateError, estimateMessageTokens } from '../../src/core/tokens/tokens';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { checkMigration } from './migration';
import { enforceFileCap, failedSaveLeaves, nanobotListingRow } from './nanobot-rules';
import { readSessionFile, readSessionMetadata } from './read-session';
import { check, flagTimes, same, toRanges, type Tally } from './compare';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** The `last_consolidated` nanobot holds: the stored value where its version did not check it. */
const lcOf = (s: NanobotSession): PyValue => (s.storedLastConsolidated !== undefined ? s.storedLastConsolidated : s.lastConsolidated);
/** The exception type of a golden `{type, message}` value. */
export const errType = (v: PyValue | undefined) => (isDict(v) ? (dictGet(v, 'type') as string) : undefined);

/** What checking one case needs besides the case: the version, the frozen clock, the counter. */
export interface CaseContext {
  version: NanobotVersion;
  now: string;
  mtime: string;
  count: Awaited<ReturnType<typeof loadTokenizer>>;
  /** Texts stock js-tiktoken counts differently (the corpus's `_index.json`). */
  divergent: Set<string>;
}

/** Lists a folder of files as nanobot would (each file's row, then the sort). */
export function listFiles(files: Map<string, Uint8Array>, { version, now: NOW, mtime: MTIME }: Pick<CaseContext, 'version' | 'now' | 'mtime'>) {
  const rows: ListingRow[] = [];
  const repaired: string[] = [];
  let raised: string | null = null;
  for (const [fileName, bytes] of files) {
    if (!fileName.endsWith('.jsonl')) continue;
    const head = bytes.subarray(0, 8192);
    const base = { fileName, mtimeIso: MTIME, now: NOW, version };
    let out = listingRow({ ...base, bytes: head, complete: head.length === bytes.length });
    if (out.kind === 'need-more') out = listingRow({ ...base, bytes, complete: true });
    if (out.kind === 'need-file') out = listingRow({ ...base, bytes, complete: true, fallbackFile: files.get(out.fileName) ?? null });
    if (out.kind === 'need-more' || out.kind === 'need-file') throw new Error('listing asked for more than the folder');
    if (out.kind !== 'raise' ? out.repaired : out.repaired) repaired.push(keyFromStem(fileStem(fileName), version) ?? fileName);
    if (out.kind === 'raise') raised ??= out.error.type;
    if (out.kind === 'row') rows.push(out.row);
  }
  return { rows, repaired, raised };
}

/** Checks every field of one golden case `g` (nanobot's answers on `bytes`) into the tally `t`. */
export function checkCase(t: Tally, name: string, g: PyDict, bytes: Uint8Array, ctx: CaseContext): void {
  const { version, now: NOW, mtime: MTIME, count, divergent } = ctx;
  const key = g.key as string;
  const flag = (v: unknown) => flagTimes(v, NOW, MTIME);
  const sessionView = (s: NanobotSession) =>
    flag({ key: s.key, created_at: s.createdAt, updated_at: s.updatedAt, last_consolidated: lcOf(s), metadata: s.metadata, messages: s.messages });
  const counter = (e: PyDict) => estimateMessageTokens(e, count, version);

  const fileName = sessionFileName(key, version);
  const at = (f: string) => `${name} ${f}`;
  check(t, at('fixture_sha256'), g.fixture_sha256, sha256(bytes));

  // load
  const gl = g.load as PyDict;
  const load = loadNanobot(bytes, key, NOW, version);
  check(t, at('load.path'), gl.path, load.path);
  check(t, at('load.repair_called'), gl.repair_called, load.path === 'repair');
  check(t, at('load.error'), errType(gl.error) ?? null, load.error?.type ?? null);
  check(t, at('load.result'), gl.result, load.result ? sessionView(load.result) : null);
  check(t, at('load.provider_state'), gl.provider_state ?? null, load.result?.providerState ?? null);
  // The app parses once for both lenses: the shared parse must give nanobot's answer too.
  const shared = analyzeSession(bytes, { fileName, fallbackKey: key, key, now: NOW, version }).nanobot;
  check(t, at('load (shared parse)'), gl.result, shared.result ? sessionView(shared.result) : null);

  // read_session_file / read_session_metadata
  for (const [field, fn] of [['read_session_file', readSessionFile], ['read_session_metadata', readSessionMetadata]] as const) {
    const gr = g[field] as PyDict | undefined;
    if (gr === undefined) continue; // a release without the call (its corpus's `lacks`)
    const r = fn(bytes, key, NOW, version);
    check(t, at(`${field}.result`), gr.result, r.result ? flag(r.result) : null);
    check(t, at(`${field}.repair_called`), gr.repair_called, r.repairCalled);
    check(t, at(`${field}.error`), errType(gr.error) ?? null, r.raised?.type ?? null);
  }

  // list_sessions over a folder holding only this file
  const gs = g.list_sessions as PyDict;
  const listed = listFiles(new Map([[fileName, bytes]]), ctx);
  check(t, at('list_sessions.error'), errType(gs.error) ?? null, listed.raised);
  if (!gs.error) check(t, at('list_sessions.result'), gs.result, flag(listed.rows.map((r) => nanobotListingRow(r, version))));
  check(t, at('list_sessions.repair_called'), gs.repair_called, listed.repaired.length > 0);

  const s = load.result;
  // what get_or_create and the next save make of a file that failed to load where there is no repair pass
  const gz = g.save_after_failed_load as PyDict | undefined;
  if (gz !== undefined || load.startsEmpty) {
    const empty = load.startsEmpty ? encodeSession(formatSession({ key, createdAt: NOW, updatedAt: NOW, lastConsolidated: 0, metadata: {}, messages: [], messageLines: [] }, version)) : null;
    check(t, at('save_after_failed_load.text'), gz?.text ?? null, empty?.ok ? new TextDecoder().decode(empty.bytes) : null);
  }
  // token estimates (absent: a release without the estimator, its corpus's `lacks`)
  const ge = g.estimate_message_tokens as PyDict | null | undefined;
  if (ge === undefined) {
    // nothing to compare
  } else if (!s || !ge) check(t, at('estimate_message_tokens'), ge, s ? 'values' : null);
  else {
    const values: PyValue[] = [];
    const fallback: number[] = [];
    s.messages.forEach((m, i) => {
      try {
        values.push(
          estimateMessageTokens(
            m,
            (text) => {
              const c = count(text);
              if (c === 'special') fallback.push(i);
              return c;
            },
            version,
          ),
        );
      } catch (e) {
        if (!(e instanceof TokenEstimateError)) throw e;
        values.push({ error: { type: e.error.type } } as unknown as PyValue);
      }
    });
    const allowed = new Set((ge.stock_js_tiktoken_differs as number[] | undefined) ?? []);
    (ge.values as PyValue[]).forEach((v, i) => {
      if (allowed.has(i) && values[i] !== v && divergent.size) return; // the listed tokenizer texts
      const want = isDict(v) ? { error: { type: (v.error as PyDict).type } } : v;
      check(t, at(`estimate_message_tokens.values[${i}]`), want, values[i]);
    });
    check(t, at('estimate_message_tokens.tiktoken_fallback'), ge.tiktoken_fallback, fallback);
  }

  // replay over the whole grid, and the public view (v0.3.0+)
  for (const field of ['history', 'history_public'] as const) {
    const gh = g[field] as PyDict | null | undefined;
    if (gh === undefined) continue;
    if (!s || !gh) {
      check(t, at(field), gh, s ? field : null);
      continue;
    }
    const cache = new Map<string, number>();
    const cached = (e: PyDict) => {
      const k = pyDumps(e);
      let v = cache.get(k);
      if (v === undefined) cache.set(k, (v = counter(e)));
      return v;
    };
    const outputs = gh.outputs as number[][];
    const entries = gh.entries as PyDict[];
    for (const row of gh.grid as PyValue[][]) {
      const pub = field === 'history_public';
      const [mm, mt, ts, etu, out] = (pub ? [row[0], row[1], false, row[2], row[3]] : row) as [number, number, boolean, boolean, PyValue];
      const opts = { maxMessages: mm, maxTokens: mt, includeTimestamps: ts, extendToUser: etu, includeRuntimeContext: !pub };
      const r = getHistory(s.messages, lcOf(s), opts, version, mt > 0 ? cached : undefined);
      const where = at(`${field}[${mm},${mt},${ts},${etu}]`);
      if (isDict(out)) check(t, where, errType(dictGet(out, 'error')), r.error ? r.error.type : r.entries);
      else check(t, where, outputs[out as number]!.map((j) => entries[j]!), r.error ? r.error : r.entries);
    }
  }

  // retain_recent_legal_suffix on fresh loads
  for (const gr of (g.retain_recent_legal_suffix as PyDict[] | null) ?? []) {
    const where = at(`retain[${gr.n},${gr.extend_to_user}]`);
    const fresh = loadNanobot(bytes, key, NOW, version).result;
    if (!fresh) {
      check(t, where, 'a fresh load', null);
      continue;
    }
    const r = retainRecentLegalSuffix(fresh.messages, fresh.lastConsolidated, fresh.metadata, gr.n as number, gr.extend_to_user as boolean, version, fresh.storedLastConsolidated);
    if (gr.error) {
      check(t, where + '.error', errType(gr.error), r.ok ? 'no error' : r.error.type);
      check(t, where + '.messages_after_error', gr.messages_after_error, r.ok ? -1 : r.clearedMessages ? 0 : (r.messagesAfterError ?? fresh.messages.length));
      continue;
    }
    if (!r.ok) {
      check(t, where, 'no error', r.error);
      continue;
    }
    const x = r.result;
    check(t, where + '.retained', gr.retained, toRanges(x.retained));
    check(t, where + '.retained_count', gr.retained_count, x.retained.length);
    check(t, where + '.last_consolidated', gr.last_consolidated, x.held ? x.held.lastConsolidated : x.lastConsolidated);
    check(t, where + '.dropped', gr.dropped, toRanges(x.dropped));
    check(t, where + '.dropped_count', gr.dropped_count, x.dropped.length);
    check(t, where + '.already_consolidated', gr.already_consolidated, x.held ? x.held.alreadyConsolidated : x.alreadyConsolidated);
    check(t, where + '.updated_at', gr.updated_at, x.touched ? '<NOW>' : flag(fresh.updatedAt));
    if ('metadata_after' in gr) check(t, where + '.metadata_after', gr.metadata_after, x.metadata);
    if ('provider_state_kept' in gr) check(t, where + '.provider_state_kept', gr.provider_state_kept, !!fresh.providerState && !x.dropsProviderState);
  }

  // fork_session_before_user_index
  const gf = g.fork_session_before_user_index as PyDict | null;
  // The fork loads its source itself (a fresh manager caches nothing), a frame below `_load`'s caller.
  const forkLoad = gf ? loadNanobot(bytes, key, NOW, version, undefined, 'fork') : null;
  for (const fr of (gf?.results as PyDict[] | undefined) ?? []) {
    const where = at(`fork[${fr.before_user_index}]`);
    const target = gf!.target_key as string;
    const index = fr.before_user_index as number;
    const src = forkLoad?.result ?? null;
    const f0 = index >= 0 && forkLoad?.error ? { error: forkLoad.error } : src ? forkBeforeUserIndex(src, target, index, NOW, version) : null;
    const gres = fr.result as PyDict | null;
    const f = f0 && 'error' in f0 ? null : f0;
    const enc = f ? encodeSession(formatSession(f, version)) : null;
    const err = f0 && 'error' in f0 ? f0.error : enc && !enc.ok ? enc.error : null;
    if (fr.error || err) {
      check(t, where + '.error', fr.error ? errType(fr.error) : 'no error', err ? err.type : 'no error');
      continue;
    }
    if (!gres || !f) {
      check(t, where, gres === null ? null : 'fork', f === null ? null : 'fork');
      continue;
    }
    if (!enc?.ok) continue;
    check(t, where + '.key', gres.key, f.key);
    check(t, where + '.messages_prefix_len', gres.messages_prefix_len, f.messages.length);
    check(t, where + '.metadata', gres.metadata, f.metadata);
    check(t, where + '.last_consolidated', gres.last_consolidated, f.lastConsolidated);
    check(t, where + '.created_at', gres.created_at, flag(f.createdAt));
    check(t, where + '.updated_at', gres.updated_at, flag(f.updatedAt));
    check(t, where + '.file', gres.file, sessionFileName(target, version));
    check(t, where + '.file_first_line', gres.file_first_line, pyDumps(metadataRecord(f, version)));
    check(t, where + '.file_sha256', gres.file_sha256, sha256(enc.bytes));
    check(t, where + '.file_bytes', gres.file_bytes, enc.bytes.length);
    const changed = s!.messages.slice(0, f.messages.length).flatMap((m, i) => (publicHistoryMessage(m) !== m && rulesOf(version).runtimeContext ? [i] : []));
    check(t, where + '.public_view_changed', gres.public_view_changed ?? [], changed);
  }

  // save exactly as loaded
  const gv = g.save as PyDict | null;
  if (!s || !gv) check(t, at('save'), gv, s ? 'save' : null);
  else {
    const text = formatSession(s, version);
    const enc = encodeSession(text);
    // nanobot's tmp name past the file system's 255 bytes raises before anything is encoded
    const tmpError = saveTmpNameError(fileName, version);
    if ('path' in gv) check(t, at('save.path'), gv.path, fileName);
    if (gv.error) check(t, at('save.error'), errType(gv.error), tmpError ? tmpError.type : enc.ok ? 'no error' : enc.error.type);
    if (gv.error) {
      // a save that is not atomic leaves the lines before the failure (an atomic one leaves the file as it was)
      const left = failedSaveLeaves(text, version);
      const want = gv.file_after_error as PyDict | undefined;
      check(t, at('save.file_after_error'), want ? [want.bytes, want.sha256] : null, left ? [left.length, sha256(left)] : null);
    }
    else if (tmpError) check(t, at('save'), 'saved', tmpError.type);
    else if (!enc.ok) check(t, at('save'), 'saved', enc.error);
    else {
      check(t, at('save.bytes'), gv.bytes, enc.bytes.length);
      check(t, at('save.sha256'), gv.sha256, sha256(enc.bytes));
      if (typeof gv.text === 'string') check(t, at('save.text'), gv.text, new TextDecoder().decode(enc.bytes));
      const reload = gv.reload as PyDict | undefined;
      if (reload && 'provider_state_equal' in reload) {
        const back = loadNanobot(enc.bytes, key, NOW, version).result;
        check(t, at('save.reload.provider_state_equal'), reload.provider_state_equal, same(back?.providerState ?? null, s.providerState ?? null));
      }
    }
  }

  // save() with v0.3.0's file cap
  const gc = g.save_with_file_cap as PyDict | null | undefined;
  if (gc !== undefined) {
    const cap = s ? enforceFileCap(s.messages, s.lastConsolidated, s.metadata, version) : null;
    if (!gc || !cap) check(t, at('save_with_file_cap'), gc === null ? null : 'capped', cap === null ? null : 'capped');
    else if (!cap.ok) check(t, at('save_with_file_cap'), 'capped', cap.error);
    else {
      const x = cap.result;
      const capped: NanobotSession = { ...s!, storedLastConsolidated: undefined, messages: x.retained.map((i) => s!.messages[i]!), lastConsolidated: x.lastConsolidated, metadata: x.metadata, updatedAt: NOW };
      const enc = encodeSession(formatSession(capped, version));
      const calls = cap.toArchive.length ? [{ session_key: key, messages: toRanges(cap.toArchive), count: cap.toArchive.length }] : [];
      check(t, at('save_with_file_cap.archive_calls'), gc.archive_calls, calls);
      check(t, at('save_with_file_cap.retained'), gc.retained, toRanges(x.retained));
      check(t, at('save_with_file_cap.retained_count'), gc.retained_count, x.retained.length);
      check(t, at('save_with_file_cap.last_consolidated'), gc.last_consolidated, x.lastConsolidated);
      check(t, at('save_with_file_cap.updated_at'), gc.updated_at, '<NOW>');
      if (enc.ok) {
        check(t, at('save_with_file_cap.bytes'), gc.bytes, enc.bytes.length);
        check(t, at('save_with_file_cap.sha256'), gc.sha256, sha256(enc.bytes));
        check(t, at('save_with_file_cap.first_line'), gc.first_line, pyDumps(metadataRecord(capped, version)));
      } else check(t, at('save_with_file_cap'), 'saved', enc.error);
    }
  }

  for (const field of ['legacy_lossy_load', 'workspace_migration'] as const) {
    const gm = g[field] as PyDict | undefined;
    if (gm) checkMigration(t, at(field), field, gm, { bytes, key, now: NOW, version });
  }
}


/** Checks `list_sessions()` over a folder of files against nanobot's answer `g` (an `_listing.json` entry). */
export function checkListing(t: Tally, where: string, g: PyDict, files: Map<string, Uint8Array>, ctx: CaseContext): void {
  const flag = (v: unknown) => flagTimes(v, ctx.now, ctx.mtime);
  const { rows, repaired, raised } = listFiles(files, ctx);
  const calls = [...((g.repair_calls as string[]) ?? [])].sort();
  // When nanobot raised it stopped at that file, in directory order (unknowable): the repairs it
  // made are then some of ours, not necessarily all.
  if (g.error) check(t, where + '.repair_calls', calls, calls.filter((k) => repaired.includes(k)));
  else check(t, where + '.repair_calls', calls, repaired.sort());
  const sorted = raised ? { error: { type: raised, message: '' } } : sortListing(rows);
  if (g.error) {
    check(t, where + '.error', errType(g.error), 'error' in sorted ? sorted.error.type : 'no error');
    return;
  }
  if ('error' in sorted) {
    check(t, where, 'rows', sorted.error);
    return;
  }
  const got = flag(sorted.rows.map((r) => nanobotListingRow(r, ctx.version))) as PyDict[];
  const want = g.result as PyDict[];
  if (g.has_ties) {
    // Tied rows come in directory order, which no re-implementation can know: compare the order of
    // the sort keys, and the rows as a set.
    check(t, where + '.order_keys', want.map((r) => r.updated_at), got.map((r) => r.updated_at));
    const byPath = (rs: PyDict[]) => [...rs].sort((a, b) => String(a.path).localeCompare(String(b.path)));
    check(t, where + '.result', byPath(want), byPath(got));
  } else {
    check(t, where + '.result', want, got);
    check(t, where + '.order', g.order, got.map((r) => r.path));
  }
}

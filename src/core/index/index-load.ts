/**
 * nanobot's `_load` of an indexed file as the large view and `check` hold it (`IndexLoad`): which
 * path it takes, which lines become its messages, its `last_consolidated`, and nanobot's own
 * exceptions. The one load over the index is `loadOverIndex` (index-nanobot.ts), which reads the
 * lines nanobot's passes read; `indexLoadOf` is its summary here. `loadFromIndex` answers the same
 * from the index's facts and the metadata records alone, without the exceptions' texts: kept for
 * the CLI's quick look (`checkIndexed`) and the tests, and held equal to the one load
 * (test/core/index-differential.test.ts).
 */
import { isoRoundTrip } from '../python/isotime';
import { clampLastConsolidated, isDataError } from '../lens/load';
import { pySliceStart } from '../replay/replay';
import type { LineIndex } from './line-index';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { FLAG, KIND } from './record-facts';
import { dictGet, isDict, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import type { PyError } from '../python/pyjson';
import type { IndexedLoadOutcome } from './index-nanobot';

export interface IndexLoad {
  path: 'normal' | 'repair';
  /** False: nanobot loads nothing (an empty session; its next save replaces the file). */
  loaded: boolean;
  /** Line of each message nanobot holds, in order. */
  messageLines: Uint32Array;
  lastConsolidated: number;
  /** What made the strict pass fail, in short, null when nothing did ('invalid-utf8', 'bad-json', 'not-object', 'bad-time', 'too-deep', 'too-long-number'; `indexLoadOf`: the exception's type). */
  strictFailure: string | null;
  /** Lines the repair pass skipped. */
  skipped: number;
  /** nanobot's own call raises (v0.3.0+: RecursionError propagates). */
  raises: boolean;
  /** 'no-repair': the strict pass failed where the version has no repair pass (`NanobotLoad.startsEmpty`). */
  startsEmpty?: 'no-repair';
  /** nanobot's exceptions, as its load raises them (`indexLoadOf`; not known to `loadFromIndex`): what failed the strict pass, the repair pass, and what propagates. */
  strictError?: PyError | null;
  repairError?: PyError | null;
  error?: PyError | null;
}

/** The large view's summary of the one load over the index. */
export function indexLoadOf(n: IndexedLoadOutcome): IndexLoad {
  const r = n.result;
  return {
    path: n.path,
    loaded: r !== null,
    messageLines: r ? r.lines : new Uint32Array(0),
    lastConsolidated: r ? r.lastConsolidated : 0,
    strictFailure: n.strictError ? n.strictError.type : n.error ? n.error.type : null,
    skipped: n.skipped,
    raises: n.error !== null,
    strictError: n.strictError,
    repairError: n.repairError,
    error: n.error,
    ...(n.startsEmpty ? { startsEmpty: n.startsEmpty } : {}),
  };
}

/** Reads the parsed value of a metadata line (the caller reads its bytes back from the file). */
export type MetadataReader = (line: number) => PyDict;

/** Whether a metadata time fails nanobot's strict pass (a value that counts and does not parse). */
function badTime(v: PyValue | undefined, typed: boolean): boolean {
  const counts = typed ? typeof v === 'string' && v !== '' : truthy(v);
  return counts && !isoRoundTrip(v!).ok;
}

/** nanobot's load of the indexed file at a version; `meta` decodes metadata lines on request. */
export function loadFromIndex(ix: LineIndex, version: NanobotVersion, meta: MetadataReader): IndexLoad {
  const rules = rulesOf(version);
  let strictFailure: string | null = null;
  /** The first line whose json.loads raises something other than JSONDecodeError: the repair pass raises there. */
  let repairRaise: string | null = null;
  let nonObject = false;
  let lastMeta = -1;
  let hasMeta = false;
  let validState = false;
  for (let i = 0; i < ix.count; i++) {
    const k = ix.kind[i]!;
    const f = ix.flags[i]!;
    if (f & FLAG.invalidUtf8) {
      // Python's text read fails before any line is parsed: both passes fail (before 0.1.5.post2 there is one).
      if (rules.loadFailure === 'empty-session') return { path: 'normal', loaded: false, messageLines: new Uint32Array(0), lastConsolidated: 0, strictFailure: 'invalid-utf8', skipped: 0, raises: false, startsEmpty: 'no-repair' };
      return { path: 'repair', loaded: false, messageLines: new Uint32Array(0), lastConsolidated: 0, strictFailure: 'invalid-utf8', skipped: 0, raises: false };
    }
    if (f & (FLAG.tooDeep | FLAG.valueError)) {
      const type = f & FLAG.tooDeep ? 'RecursionError' : 'ValueError';
      repairRaise ??= type;
      strictFailure ??= f & FLAG.tooDeep ? 'too-deep' : 'too-long-number';
    } else if (f & FLAG.nanobotBad) strictFailure ??= 'bad-json';
    else if (k === KIND.corrupt) {
      nonObject = true;
      strictFailure ??= 'not-object';
    } else if (k === KIND.metadata) {
      lastMeta = i;
      hasMeta = true;
      const m = meta(i);
      // (before 0.1.5.post1 `_load` never reads `updated_at`: only `created_at` can fail it)
      if (badTime(dictGet(m, 'created_at'), rules.typedMetadata) || (rules.loadsUpdatedAt && badTime(dictGet(m, 'updated_at'), rules.typedMetadata))) strictFailure ??= 'bad-time';
    } else if (k === KIND.provider_state && f & FLAG.stateValid) validState = true;
  }
  const all = ix.messages.subarray(0, ix.messageCount);
  const lc = (count: number) => {
    if (lastMeta < 0) return 0;
    const l = dictGet(meta(lastMeta), 'last_consolidated');
    // A version that does not check it slices with it as stored (0 where the slice itself raises).
    if (!rules.lastConsolidatedChecked) return pySliceStart(l, count) ?? 0;
    return clampLastConsolidated(l === undefined ? 0 : l, count);
  };
  if (strictFailure === null) return { path: 'normal', loaded: true, messageLines: all, lastConsolidated: lc(all.length), strictFailure, skipped: 0, raises: false };
  // The strict pass raised: RecursionError is not caught by v0.3.0+ (the call raises).
  const nothing = (raises: boolean, path: 'normal' | 'repair' = 'repair'): IndexLoad => ({ path, loaded: false, messageLines: new Uint32Array(0), lastConsolidated: 0, strictFailure, skipped: 0, raises });
  const catches = (type: string) => rules.repairCatches === 'any' || isDataError({ type, message: '' });
  if (strictFailure === 'too-deep' && !catches('RecursionError')) return nothing(true, 'normal');
  // No repair pass before 0.1.5.post2: nanobot starts the session empty.
  if (rules.loadFailure === 'empty-session') return { ...nothing(false, 'normal'), startsEmpty: 'no-repair' };
  // Repair: JSONDecodeError lines skipped, any other error raises; non-objects skipped (v0.3.0+) or AttributeError.
  if (repairRaise) return catches(repairRaise) ? nothing(false) : nothing(true);
  if (nonObject && !rules.repairSkipsNonObjects) return nothing(false);
  const kept: number[] = [];
  let skipped = 0;
  for (let i = 0; i < ix.count; i++) {
    const k = ix.kind[i]!;
    const f = ix.flags[i]!;
    if (k === KIND.blank) continue;
    if (f & FLAG.nanobotBad || k === KIND.corrupt) skipped++;
    else if (k === KIND.message) kept.push(i);
    else if (k === KIND.provider_state && !(f & FLAG.stateValid)) skipped++;
  }
  const metaTruthy = hasMeta && truthy(repairMetadata(ix, meta, rules.typedMetadata));
  if (kept.length === 0 && !metaTruthy && !validState) return { ...nothing(false), skipped };
  return { path: 'repair', loaded: true, messageLines: Uint32Array.from(kept), lastConsolidated: lc(kept.length), strictFailure, skipped, raises: false };
}

/** The metadata value the repair pass ends with (the last loadable metadata record's). */
function repairMetadata(ix: LineIndex, meta: MetadataReader, typed: boolean): PyValue {
  for (let i = ix.count - 1; i >= 0; i--) {
    if (ix.kind[i] !== KIND.metadata || ix.flags[i]! & FLAG.nanobotBad) continue;
    const m = dictGet(meta(i), 'metadata');
    return typed ? (isDict(m) ? m : {}) : m === undefined ? {} : m;
  }
  return {};
}

/**
 * Trimming a session file too big to hold, through any adapter: planned from a streamed pass
 * (core/streamed-trim.ts), written from a second one straight into the atomic save's tmp file.
 * The guards of `saveDocument` hold: the file must still be the one planned from (size, mtime and
 * a hash taken while streaming, checked again while writing), else the tmp is dropped and the file
 * stays; the version's tmp name; one save per file at a time.
 */
import { encodeSession } from '../../core/edit/format';
import { encodeUtf8 } from '../../core/python/lines';
import type { PyDict } from '../../core/python/pyvalue';
import type { MessageRange } from '../../core/edit/retain';
import { legalFactsIn, metadataLine, planTrim, scanForTrim, trimmedChunks, writtenMetadataLine, type TrimScan } from '../../core/edit/streamed-trim';
import type { StorageAdapter } from '../adapter/adapter';
import { changedOnDisk } from './atomic-save';
import { StoreError, isStoreError } from '../adapter/errors';
import { serialize } from './save-queue';
import { keyForFile } from '../listing/session-list';
import { tmpFor, type OpenOptions } from './sessions';
import { describeChanges, type Snapshot } from './snapshot';
import { chunksOf, steadily } from '../adapter/streamed-read';

/** An incremental hash (Node's `createHash('sha256')` fits): the snapshot a streamed save checks. */
export interface StreamHash {
  update(bytes: Uint8Array): void;
  /** Lowercase hex. */
  digest(): string;
}

export interface StreamedTrimOptions extends OpenOptions {
  max: number;
  extendToUser: boolean;
  /** How many of the last messages' tool-call facts the first pass holds. */
  hold: number;
  /** A fresh hash per pass; without it no snapshot is taken (a dry run), and the plan cannot be written. */
  hash?: () => StreamHash;
}

/** A planned streamed trim: what it says, and what the write checks and writes. */
export interface StreamedTrim {
  path: string;
  fileName: string;
  key: string;
  version: OpenOptions['version'];
  summary: string;
  /** The file as planned from (its sha256 empty when no hash was asked for). */
  snapshot: Snapshot;
  /** null: nothing to write (the session is within the limit). */
  write: { scan: TrimScan; keep: MessageRange; meta: PyDict } | null;
}

/** Chunks passed on unchanged, each fed to `hash` and counted. */
async function* tapped(chunks: AsyncIterable<Uint8Array>, hash: StreamHash | undefined, seen: { bytes: number }): AsyncIterable<Uint8Array> {
  for await (const c of chunks) {
    hash?.update(c);
    seen.bytes += c.length;
    yield c;
  }
}

/**
 * Plans `trimToLegalSuffix` on a file of any size, as the whole-file path would (same summary, same
 * refusal: `error`, nanobot's exception). A range the ring missed (an `--extend-to-user` walk far
 * back) is read again, holding only that range's tool-call facts.
 */
export async function planTrimStreamed(adapter: StorageAdapter, path: string, opts: StreamedTrimOptions): Promise<StreamedTrim | { error: string }> {
  const fileName = path.split('/').pop()!;
  let sha256 = '';
  const first = await steadily(adapter, path, async (chunks) => {
    const hash = opts.hash?.();
    const scan = await scanForTrim(tapped(chunks(), hash, { bytes: 0 }), opts.version, opts.hold);
    sha256 = hash?.digest() ?? '';
    return scan;
  });
  const scan = first.value;
  const snapshot: Snapshot = { path, size: first.stat.size, lastModified: first.stat.lastModified, sha256 };
  const stored = scan.meta ? scan.meta.key : undefined;
  const key = opts.key ?? (typeof stored === 'string' && stored ? stored : keyForFile(fileName, opts.version));
  let plan = planTrim(scan, key, opts.max, opts.extendToUser, opts.now, opts.version);
  if (plan.ok === 'need') {
    const range = plan.range;
    const again = await steadily(adapter, path, async (chunks) => {
      const hash = opts.hash?.();
      const facts = await legalFactsIn(tapped(chunks(), hash, { bytes: 0 }), scan, range, opts.version);
      return { facts, sha256: hash?.digest() ?? '' };
    });
    // The plan needs both passes over one file: by hash when taken, else (a dry run) by size and mtime.
    const now: Snapshot = { path, size: again.stat.size, lastModified: again.stat.lastModified, sha256: again.value.sha256 };
    const changes = describeChanges(snapshot, now);
    if (changes.length) throw changedOnDisk(path, changes);
    if (now.size !== snapshot.size || (!sha256 && now.lastModified !== snapshot.lastModified)) throw changedOnDisk(path, [{ code: 'size', from: snapshot.size, to: now.size }, { code: 'modified', from: snapshot.lastModified, to: now.lastModified }]);
    plan = planTrim(scan, key, opts.max, opts.extendToUser, opts.now, opts.version, { range, facts: again.value.facts });
  }
  if (plan.ok === false) return { error: plan.error };
  if (plan.ok === 'need') throw new Error('planTrim asked twice for the same range');
  const write = plan.keep ? { scan, keep: plan.keep, meta: plan.meta } : null;
  return { path, fileName, key, version: opts.version, summary: plan.summary, snapshot, write };
}

/**
 * Writes a planned trim over its file: the trimmed bytes stream into the version's tmp file, which
 * replaces the file only when the bytes read while writing hash to the plan's snapshot (else a
 * 'conflict', the tmp removed, the file untouched). Returns how many bytes were written.
 */
export function writeTrimStreamed(adapter: StorageAdapter, t: StreamedTrim, hash: () => StreamHash): Promise<{ bytes: number }> {
  const { path, write } = t;
  if (!write) throw new Error('writeTrimStreamed: nothing to write');
  if (!t.snapshot.sha256) throw new Error('writeTrimStreamed: the plan was made without a hash');
  // As saveDocument refuses it: a lone surrogate cannot be written as UTF-8 (nanobot raises there).
  const text = metadataLine(write);
  const enc = encodeSession(text);
  if (!enc.ok) {
    const line = writtenMetadataLine(write.scan, write.keep);
    throw new StoreError('io', `Line ${line + 1} cannot be saved: nanobot would raise ${enc.error.type}: ${enc.error.message}. Nothing was written.`, { path, reason: { code: 'line-cannot-save', line: line + 1, error: enc.error } });
  }
  const metaBytes = encodeUtf8(text + '\n');
  return serialize(adapter, path, async () => {
    let written = 0;
    async function* data(): AsyncIterable<Uint8Array> {
      const before = await adapter.stat(path).catch((e: unknown) => Promise.reject(isStoreError(e, 'not-found') ? changedOnDisk(path, describeChanges(t.snapshot, 'deleted')) : e));
      const h = hash();
      const seen = { bytes: 0 };
      const stream = await adapter.read(path);
      for await (const b of trimmedChunks(tapped(chunksOf(stream), h, seen), write!.scan, write!.keep, metaBytes)) {
        written += b.length;
        yield b;
      }
      const after = await adapter.stat(path);
      const now: Snapshot = { path, size: seen.bytes, lastModified: after.lastModified, sha256: h.digest() };
      const changes = describeChanges(t.snapshot, now);
      if (changes.length) throw changedOnDisk(path, changes);
      if (before.size !== after.size || before.lastModified !== after.lastModified || after.size !== seen.bytes) {
        throw changedOnDisk(path, [{ code: 'written-while-read', from: before.size, to: after.size }]);
      }
    }
    await adapter.writeAtomic(path, data(), { tmpName: tmpFor(t.fileName, t.version) });
    return { bytes: written };
  });
}

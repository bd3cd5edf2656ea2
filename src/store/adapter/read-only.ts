/**
 * Opening a session only to read it (the CLI's read commands): no SHA-256 (nothing will be saved
 * against it), and only the lens the caller prints.
 */
import type { SessionDocument } from '../../core/lens/document';
import { loadNanobot, type LineCache, type NanobotLoad, type NanobotSession } from '../../core/lens/load';
import { analyzeSession } from '../../core/lens/open';
import { storedKey } from '../../core/nanobot/stored-key';
import type { StorageAdapter } from './adapter';
import type { OpenOptions } from '../save/sessions';
import { readSteady } from '../save/snapshot';
import { keyForFile } from '../../core/nanobot/keys';

/** A session as nanobot loads it, read without a hash and without the recovered lens. */
export interface NanobotView {
  path: string;
  fileName: string;
  key: string;
  version: OpenOptions['version'];
  nanobot: NanobotLoad;
}

/** Both lenses, read without a hash (the bytes are not kept). */
export interface ReadView extends NanobotView {
  doc: SessionDocument;
  recovered: NanobotSession & { messageRecords: number[] };
}

const nameOf = (path: string) => path.split('/').pop()!;

/** nanobot's lens only (`loadNanobot`), under the given key, else the stored one, else the file name's. */
export async function readNanobotLens(adapter: StorageAdapter, path: string, opts: OpenOptions): Promise<NanobotView> {
  const fileName = nameOf(path);
  const { bytes } = await readSteady(adapter, path);
  const cache: LineCache = { results: [] };
  const key = opts.key ?? storedKey(bytes, keyForFile(fileName, opts.version), cache);
  const nanobot = loadNanobot(bytes, key, opts.now, opts.version, cache);
  return { path, fileName, key, version: opts.version, nanobot };
}

/** Both lenses and the diagnostics, as `openSession` gives them, without hashing the file. */
export async function readBothLenses(adapter: StorageAdapter, path: string, opts: OpenOptions): Promise<ReadView> {
  const fileName = nameOf(path);
  const { bytes } = await readSteady(adapter, path);
  const a = analyzeSession(bytes, { fileName, fallbackKey: keyForFile(fileName, opts.version), now: opts.now, version: opts.version, checkFileName: true, ...(opts.key !== undefined ? { key: opts.key } : {}) });
  return { path, fileName, version: opts.version, ...a };
}

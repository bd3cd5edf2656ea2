/**
 * Everything Session Lens knows about one file, from its bytes: the recovered document, the lens as
 * nanobot sees it, and the key. The file is decoded and parsed once for both lenses.
 */
import { parseDocument, type SessionDocument } from './document';
import { recoveredSession } from './recovered';
import { loadNanobot, type LineCache, type NanobotLoad, type NanobotSession } from './load';
import type { NanobotVersion } from '../nanobot/nanobot-version';

export interface SessionAnalysis {
  key: string;
  doc: SessionDocument;
  nanobot: NanobotLoad;
  recovered: NanobotSession & { messageRecords: number[] };
}

export interface AnalyzeOptions {
  fileName: string;
  /** The key the file name stands for (nanobot's fallback when no key is stored). */
  fallbackKey: string;
  now: string;
  /** Force the key nanobot loads it under (default: the stored key, else the fallback). */
  key?: string;
  /** Check the stored key against the file name the version gives it. */
  checkFileName?: boolean;
  /** The nanobot version whose answers the lens gives. */
  version: NanobotVersion;
}

/** Both lenses of a session file. */
export function analyzeSession(bytes: Uint8Array, opts: AnalyzeOptions): SessionAnalysis {
  const cache: LineCache = { results: [] };
  const doc = parseDocument(bytes, { fileName: opts.checkFileName ? opts.fileName : undefined, version: opts.version }, cache);
  const recovered = recoveredSession(doc, opts.fallbackKey, opts.now);
  const key = opts.key ?? recovered.key;
  return { key, doc, recovered, nanobot: loadNanobot(bytes, key, opts.now, opts.version, cache) };
}

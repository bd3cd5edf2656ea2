/**
 * Runs the whole-file check (scan.ts) over a folder's sessions in the background, one file at a
 * time, in a Web Worker where there is one (inline otherwise), skipping files that did not change.
 */
import { sameStat, type StorageAdapter } from '../../../store/adapter/adapter';
import { readAll } from '../../../store/adapter/bytes';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { SessionSummary } from '../../../store/listing/session-list';
import type { FileScan, ScanInput } from './scan';
import { errorText } from '../../shell/status';

/** Files larger than this are not read in the background (they are checked when opened). */
export const SCAN_MAX_BYTES = 64 * 1024 * 1024;
/** The skip reason of a file over SCAN_MAX_BYTES: a code, put into words (any language) where it is shown. */
export const TOO_BIG = 'too-big';

type Pending = { resolve: (s: FileScan) => void; reject: (e: Error) => void };

let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'function' && typeof window !== 'undefined' && !('happyDOM' in window)
      ? new Worker(new URL('./scan.worker.ts', import.meta.url), { type: 'module' })
      : null;
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (e: MessageEvent<{ id: number; scan?: FileScan; error?: string }>) => {
    const p = pending.get(e.data.id);
    pending.delete(e.data.id);
    if (!p) return;
    if (e.data.scan) p.resolve(e.data.scan);
    else p.reject(new Error(e.data.error ?? 'scan failed'));
  });
  worker?.addEventListener('error', () => {
    // A worker that cannot start (blocked by a policy, say): fall back to scanning inline.
    for (const p of pending.values()) p.reject(new Error('worker failed'));
    pending.clear();
    worker = null;
  });
  return worker;
}

/** The check run inline (no worker): loaded on first use, so the parser stays out of the first page load. */
function scanInline(input: ScanInput): Promise<FileScan> {
  return import('./scan').then((m) => m.scanFile(input));
}

/** Check one file's bytes, in the worker when possible. */
function scanBytes(input: ScanInput): Promise<FileScan> {
  const w = getWorker();
  if (!w) return scanInline(input);
  const id = nextId++;
  return new Promise<FileScan>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, input });
  }).catch(() => scanInline(input));
}

export interface ScanJob {
  adapter: StorageAdapter;
  summaries: SessionSummary[];
  version: NanobotVersion;
  now: string;
  /** Results already known; reused when size and mtime are unchanged. */
  known: ReadonlyMap<string, FileScan>;
  onScan: (path: string, scan: FileScan) => void;
  onSkip: (path: string, why: string) => void;
  signal: AbortSignal;
}

/** Scan every summary's file in list order (yielding between files); stops when `signal` aborts. */
export async function runScan(job: ScanJob): Promise<void> {
  for (const s of job.summaries) {
    if (job.signal.aborted) return;
    const old = job.known.get(s.path);
    if (old && sameStat(old, s)) continue;
    if (s.size > SCAN_MAX_BYTES) {
      job.onSkip(s.path, TOO_BIG);
      continue;
    }
    try {
      const bytes = await readAll(await job.adapter.read(s.path));
      if (job.signal.aborted) return;
      const scan = await scanBytes({ bytes, fileName: s.fileName, key: s.key, now: job.now, version: job.version, size: s.size, lastModified: s.lastModified });
      if (job.signal.aborted) return;
      job.onScan(s.path, scan);
    } catch (e) {
      job.onSkip(s.path, errorText(e));
    }
    await new Promise((r) => setTimeout(r, 0));
  }
}

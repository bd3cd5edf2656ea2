/**
 * The background check of one whole session file: both lenses from src/core (parseDocument's
 * diagnostics, loadNanobot's verdict) boiled down to what the workspace shows — badges, the health
 * view, message counts — plus the message text the search looks in. Pure: runs in a worker or inline.
 */
import { parseDocument, type Diagnostic } from '../../../core/lens/document';
import { loadNanobot } from '../../../core/lens/load';
import type { PyError } from '../../../core/python/pyjson';
import { dictGet, isDict, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';

/** Per file, at most this much message text is kept for search (characters). */
const TEXT_LIMIT = 4_000_000;
/** Diagnostics kept per file (a file of 100,000 bad lines need not be kept whole in the list). */
const DIAGNOSTIC_LIMIT = 500;

/** What nanobot's own load (`SessionManager._load`) makes of the file. */
interface NanobotVerdict {
  path: 'normal' | 'repair';
  /** nanobot loads nothing: it starts an empty session and its next save replaces the whole file. */
  empty: boolean;
  /** Lines the repair pass skipped. */
  skipped: number;
  strictError: PyError | null;
  repairError: PyError | null;
  messages: number;
  lastConsolidated: number;
}

export interface FileScan {
  fileName: string;
  size: number;
  lastModified: number;
  diagnostics: Diagnostic[];
  /** Diagnostics beyond DIAGNOSTIC_LIMIT, not kept. */
  moreDiagnostics: number;
  nanobot: NanobotVerdict;
  /** Messages in the recovered lens (every valid object that is not metadata). */
  messages: number;
  /** Message text (content, tool calls, reasoning), one message per line, for search. */
  text: string;
  textTruncated: boolean;
}

export interface ScanInput {
  bytes: Uint8Array;
  fileName: string;
  key: string;
  now: string;
  version: NanobotVersion;
  size: number;
  lastModified: number;
}

function contentText(v: PyValue | undefined): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    return v
      .map((b) => (isDict(b) && typeof dictGet(b, 'text') === 'string' ? (dictGet(b, 'text') as string) : ''))
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** The searchable text of one message: content, reasoning, and tool call names and arguments. */
function messageText(m: PyDict): string {
  const parts = [contentText(dictGet(m, 'content'))];
  const reasoning = dictGet(m, 'reasoning_content');
  if (typeof reasoning === 'string') parts.push(reasoning);
  const calls = dictGet(m, 'tool_calls');
  if (Array.isArray(calls)) {
    for (const c of calls) {
      const fn = isDict(c) ? dictGet(c, 'function') : undefined;
      if (isDict(fn)) parts.push([dictGet(fn, 'name'), dictGet(fn, 'arguments')].filter((x) => typeof x === 'string').join(' '));
    }
  }
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ');
}

/** Check one whole file with both lenses. */
export function scanFile(input: ScanInput): FileScan {
  const { bytes, fileName, key, now, version } = input;
  const doc = parseDocument(bytes, { fileName, version });
  const load = loadNanobot(bytes, key, now, version);
  let text = '';
  let truncated = false;
  let messages = 0;
  for (const r of doc.records) {
    if (r.kind !== 'message' || !r.value) continue;
    messages++;
    if (truncated) continue;
    const t = messageText(r.value);
    if (!t) continue;
    if (text.length + t.length + 1 > TEXT_LIMIT) truncated = true;
    else text += (text ? '\n' : '') + t;
  }
  return {
    fileName,
    size: input.size,
    lastModified: input.lastModified,
    diagnostics: doc.diagnostics.slice(0, DIAGNOSTIC_LIMIT),
    moreDiagnostics: Math.max(0, doc.diagnostics.length - DIAGNOSTIC_LIMIT),
    nanobot: {
      path: load.path,
      empty: load.result === null,
      skipped: load.skipped,
      strictError: load.strictError,
      repairError: load.repairError,
      messages: load.result?.messages.length ?? 0,
      lastConsolidated: load.result?.lastConsolidated ?? 0,
    },
    messages,
    text,
    textTruncated: truncated,
  };
}

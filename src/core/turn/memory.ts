/**
 * A workspace's memory as nanobot's `MemoryStore` reads it: `memory/history.jsonl` (the archive
 * consolidation writes the summarised prefix of sessions into), the Dream cursor
 * (`memory/.dream_cursor`: entries at or below it were processed), and their health by nanobot's
 * own rules (invalid cursors and malformed entries are dropped; an unreadable Dream cursor is 0).
 * Codes and values only; the UI and the CLI say them.
 */
import { turnRulesOf } from './turn-rules';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { pyLoads, type PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { pyStr } from '../python/pyrepr';
import { dictGet, isDict, pyTypeName, type PyDict, type PyValue } from '../python/pyvalue';

/** One valid archive entry: what nanobot's `_iter_valid_entries` yields. */
export interface ArchiveEntry {
  cursor: number;
  timestamp: string;
  content: string;
  /** The session it summarises (main records it; older entries may lack it). */
  sessionKey: string | null;
  /** 1-based line of history.jsonl. */
  line: number;
  /** Before 0.2.2 an entry is kept unchecked: the key it lacks ('timestamp' or 'content'), on which the prompt raises KeyError. */
  missing?: 'timestamp' | 'content';
}

/** Something nanobot skips or stumbles on while reading the memory files. */
export type MemoryIssue =
  | { code: 'unparsable-line'; line: number } // not JSON: skipped
  | { code: 'non-object-line'; line: number; raises: boolean } // JSON but not an object: v0.2/v0.3.0 raise, main skips
  | { code: 'no-cursor'; line: number } // an object without a cursor: skipped
  | { code: 'invalid-cursor'; line: number; value: string } // bool, float, negative, text: dropped
  | { code: 'malformed-entry'; line: number; cursor: number } // timestamp/content not text, session_key not text: dropped
  | { code: 'dream-cursor-unreadable'; text: string } // not an int: read as 0 (everything unprocessed)
  | { code: 'dream-cursor-ahead'; cursor: number; latest: number } // beyond the last entry: new entries stay unseen by Dream until the counter passes it
  | { code: 'legacy-history-pending'; }; // HISTORY.md without history.jsonl: migrated when nanobot next starts

export interface MemoryFiles {
  /** memory/MEMORY.md; null when absent. */
  memory: string | null;
  /** memory/history.jsonl; null when absent. */
  history: string | null;
  /** memory/.dream_cursor; null when absent. */
  dreamCursor: string | null;
  /** memory/HISTORY.md (the older archive) exists. */
  legacyHistory: boolean;
}

export interface MemoryView {
  entries: ArchiveEntry[];
  /** The Dream cursor nanobot uses (0 when absent or unreadable). */
  dreamCursor: number;
  /** Whether the file exists. */
  dreamCursorFile: boolean;
  /** Largest valid cursor (0 with none). */
  latestCursor: number;
  /** Cursors of entries Dream has not processed yet (> the Dream cursor). */
  unprocessed: number[];
  issues: MemoryIssue[];
  /** nanobot raises reading the archive (a non-object JSON line in v0.2/v0.3.0): the turn would fail. */
  raises: boolean;
  /** Before 0.1.5.post2, the exception an unchecked cursor raises (else the non-object line's AttributeError). */
  error?: PyError;
  /** The Python type of the first such line's value ('list', 'int', 'str', ...). */
  raisesOn: string | null;
}

/** Python `int(text.strip())` for the ASCII forms nanobot writes; null where int() raises ValueError. */
function pyIntText(text: string): number | null {
  const t = pyStrip(text);
  if (!/^[+-]?\d+(?:_\d+)*$/.test(t)) return null;
  const n = Number(t.replaceAll('_', ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** Python's text-mode lines (universal newlines), each `.strip()`ped, with their 1-based numbers. */
function strippedLines(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  lines.forEach((l, i) => {
    const s = pyStrip(l);
    if (s) out.push({ text: s, line: i + 1 });
  });
  return out;
}

function validCursor(v: PyValue | undefined): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'bigint' && v >= 0n) return Number(v);
  return null;
}

function showValue(v: PyValue): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'string') return JSON.stringify(v);
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isDict(v) ? String((v as { value: number }).value) : String(v);
}

/** An unchecked cursor (before 0.1.5.post2) as `e["cursor"] > n` takes it: its number, or what Python raises. */
function uncheckedCursor(entry: PyValue): number | PyError {
  if (!isDict(entry)) {
    const t = pyTypeName(entry);
    const message = t === 'list' ? 'list indices must be integers or slices, not str' : t === 'str' ? 'string indices must be integers, not \'str\'' : `'${t}' object is not subscriptable`;
    return { type: 'TypeError', message };
  }
  const raw = dictGet(entry, 'cursor');
  if (raw === undefined) return { type: 'KeyError', message: "'cursor'" };
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !isDict(raw) && typeof (raw as { value?: unknown }).value === 'number') return (raw as { value: number }).value;
  return { type: 'TypeError', message: `'>' not supported between instances of '${pyTypeName(raw)}' and 'int'` };
}

/** The memory files read as nanobot reads them at a version. */
export function readMemory(files: MemoryFiles, version: NanobotVersion): MemoryView {
  const rules = turnRulesOf(version);
  const issues: MemoryIssue[] = [];
  const entries: ArchiveEntry[] = [];
  let raises = false;
  let raisesOn: string | null = null;
  let error: PyError | undefined;
  for (const { text, line } of strippedLines(files.history ?? '')) {
    const parsed = pyLoads(text);
    if (!parsed.ok) {
      issues.push({ code: 'unparsable-line', line });
      continue;
    }
    const entry = parsed.value;
    if (!rules.historyCursorsChecked) {
      // Every JSON line an entry, its cursor compared unchecked (`e["cursor"] > since_cursor`): the first failure raises.
      const got = uncheckedCursor(entry);
      if (typeof got !== 'number') {
        if (!raises) error = got;
        raises = true;
        issues.push({ code: 'non-object-line', line, raises: true });
        continue;
      }
      const ts = dictGet(entry as PyDict, 'timestamp');
      const content = dictGet(entry as PyDict, 'content');
      const key = dictGet(entry as PyDict, 'session_key');
      const missing = ts === undefined ? 'timestamp' : content === undefined ? 'content' : undefined;
      entries.push({ cursor: got, timestamp: ts === undefined ? '' : pyStr(ts), content: content === undefined ? '' : pyStr(content), sessionKey: typeof key === 'string' ? key : null, line, ...(missing ? { missing } : {}) });
      continue;
    }
    if (!isDict(entry)) {
      const raisesHere = rules.historyNonObjects === 'raise';
      if (raisesHere && !raises) raisesOn = pyTypeName(entry);
      raises ||= raisesHere;
      issues.push({ code: 'non-object-line', line, raises: raisesHere });
      continue;
    }
    const raw = dictGet(entry, 'cursor');
    if (raw === undefined || raw === null) {
      issues.push({ code: 'no-cursor', line });
      continue;
    }
    const cursor = validCursor(raw);
    if (cursor === null) {
      issues.push({ code: 'invalid-cursor', line, value: showValue(raw) });
      continue;
    }
    const ts = dictGet(entry, 'timestamp');
    const content = dictGet(entry, 'content');
    const key = dictGet(entry, 'session_key');
    if (!rules.historyEntriesChecked && !(typeof ts === 'string' && typeof content === 'string')) {
      // Unchecked: the prompt prints str() of the values, and a missing one raises there.
      const missing = ts === undefined ? 'timestamp' : content === undefined ? 'content' : undefined;
      entries.push({ cursor, timestamp: ts === undefined ? '' : pyStr(ts), content: content === undefined ? '' : pyStr(content), sessionKey: typeof key === 'string' ? key : null, line, ...(missing ? { missing } : {}) });
      continue;
    }
    if (typeof ts !== 'string' || typeof content !== 'string' || (rules.historyEntriesChecked && !(key === undefined || key === null || typeof key === 'string'))) {
      issues.push({ code: 'malformed-entry', line, cursor });
      continue;
    }
    entries.push({ cursor, timestamp: ts, content, sessionKey: typeof key === 'string' ? key : null, line });
  }
  let dreamCursor = 0;
  if (files.dreamCursor !== null) {
    const n = pyIntText(files.dreamCursor);
    if (n === null) issues.push({ code: 'dream-cursor-unreadable', text: files.dreamCursor.slice(0, 80) });
    else dreamCursor = n;
  }
  const latestCursor = entries.reduce((m, e) => Math.max(m, e.cursor), 0);
  if (dreamCursor > latestCursor && entries.length) issues.push({ code: 'dream-cursor-ahead', cursor: dreamCursor, latest: latestCursor });
  // (Before 0.1.5 HISTORY.md is the archive itself: nothing is pending.)
  if (files.legacyHistory && !files.history && turnRulesOf(version).memoryArchive === 'history.jsonl') issues.push({ code: 'legacy-history-pending' });
  const unprocessed = entries.filter((e) => e.cursor > dreamCursor).map((e) => e.cursor);
  return { entries, dreamCursor, dreamCursorFile: files.dreamCursor !== null, latestCursor, unprocessed, issues, raises, raisesOn, ...(error ? { error } : {}) };
}

const INTERNAL_PREFIXES = ['cron:', 'dream:'];
const INTERNAL_KEYS = new Set(['heartbeat']);

/** True for the sessions nanobot keeps out of other sessions' prompts (cron, dream, heartbeat). */
function isInternalSession(key: string | null): boolean {
  return !!key && (INTERNAL_KEYS.has(key) || INTERNAL_PREFIXES.some((p) => key.startsWith(p)));
}

/**
 * `read_recent_history_for_prompt`: the unprocessed entries a session's prompt shows. Without a
 * key, all of them; with one, that session's own (or, for a unified session, all but internal ones).
 */
export function recentForPrompt(view: MemoryView, sessionKey: string | null, unifiedSession = false): ArchiveEntry[] {
  const fresh = view.entries.filter((e) => e.cursor > view.dreamCursor);
  if (sessionKey === null) return fresh;
  if (!unifiedSession) return fresh.filter((e) => e.sessionKey === sessionKey);
  return fresh.filter((e) => e.sessionKey === sessionKey || !isInternalSession(e.sessionKey));
}

/** A session's archive entries (every valid entry carrying its key, processed or not). */
export function entriesOfSession(view: MemoryView, sessionKey: string): ArchiveEntry[] {
  return view.entries.filter((e) => e.sessionKey === sessionKey);
}

/** The health of the memory files in one word: ok, or warn (something dropped), or error (nanobot raises). */
export function memoryHealth(view: MemoryView): 'ok' | 'warn' | 'error' {
  if (view.raises) return 'error';
  return view.issues.length ? 'warn' : 'ok';
}

/** The dict form of an entry for JSON output. */
export function entryDict(e: ArchiveEntry): PyDict {
  return { cursor: e.cursor, timestamp: e.timestamp, content: e.content, session_key: e.sessionKey, line: e.line };
}

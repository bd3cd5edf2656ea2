/**
 * Edits on a session document, as pure functions: each returns the new document and what it
 * changes (a code with its values, worded by the CLI and each language), so the UI can show an
 * edit before it is saved. Records an edit does not touch keep their exact bytes; corrupt lines
 * stay unless removed explicitly (or by a repair).
 */
import { metadataIndex, messageRecords, newRecord, type FileRecord, type SessionDocument } from '../lens/document';
import { recoveredSession } from '../lens/recovered';
import { listFallbackKey } from '../nanobot/keys';
import { metadataRecord } from './format';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { retainRecentLegalSuffix, type RetainResult } from './retain';
import { clearMetadata } from './session';
import { dictFrom, dictGet, dictKeys, dictSet, isDict, type PyDict, type PyValue } from '../python/pyvalue';

/** Why an edit cannot be made, as a code with its values: the CLI and each interface language word it. */
export type EditRefusal =
  | { code: 'raises'; error: PyError } // nanobot's own code raises on this session
  | { code: 'bad-last-consolidated'; max: number }
  | { code: 'no-line'; line: number }
  | { code: 'line-cannot-save'; line: number; error: PyError }; // nanobot's save raises writing this line

/**
 * What an edit changes, as a code with its values (the summary the CLI prints and the Edit tab
 * previews): the CLI and each interface language word it (src/words/edit-en.ts, src/ui/i18n).
 */
export type EditChange =
  | { code: 'title'; title: string } // marked as edited by a person, so nanobot keeps it
  | { code: 'archive'; upTo: number; total: number } // last_consolidated: messages 1..upTo count as archived
  | { code: 'append'; role: string }
  | { code: 'remove-line'; line: number }
  | { code: 'trim-nothing'; total: number; max: number } // within the limit nanobot leaves the file alone
  | { code: 'trim'; total: number; dropped: number; archived: number; kept: number } // `archived`: of the dropped, those already archived
  | { code: 'clear'; messages: number }
  | { code: 'repair'; messages: number; merged: number; removed: number }; // `merged`: extra metadata records; `removed`: corrupt or blank lines

export type EditResult = { ok: true; doc: SessionDocument; change: EditChange } | { ok: false; error: EditRefusal };

function withRecords(doc: SessionDocument, records: FileRecord[]): SessionDocument {
  return { records, diagnostics: doc.diagnostics };
}

/**
 * The metadata record after an edit: a copy of `old` (its inner metadata copied too), or a new one
 * when the file has none, with `change` applied. A streamed trim writes it without the document.
 */
function editedMetadata(old: PyDict | null, key: string, now: string, change: (meta: PyDict) => void): PyDict {
  let meta: PyDict;
  if (old) {
    meta = dictFrom(dictKeys(old).map((k) => [k, old[k]!] as const));
    const inner = dictGet(meta, 'metadata');
    dictSet(meta, 'metadata', isDict(inner) ? dictFrom(dictKeys(inner).map((k) => [k, inner[k]!] as const)) : {});
  } else meta = metadataRecord({ key, createdAt: now, updatedAt: now, metadata: {}, lastConsolidated: 0 });
  change(meta);
  return meta;
}

/**
 * Applies `change` to a copy of the metadata record (created when the file has none). Exported so
 * large-file mode (large-edit.ts) edits the one record it decodes by the same rules.
 */
export function editMetadata(doc: SessionDocument, key: string, now: string, change: (meta: PyDict) => void): SessionDocument {
  const records = [...doc.records];
  const mi = metadataIndex(doc);
  const meta = editedMetadata(mi >= 0 ? records[mi]!.value! : null, key, now, change);
  if (mi >= 0) records[mi] = { ...records[mi]!, value: meta, edited: true };
  else records.unshift(newRecord(meta, 'metadata'));
  return withRecords(doc, records);
}

/** Sets the sidebar title as a person's edit (`title_user_edited`, so nanobot never regenerates it). */
export function setTitle(doc: SessionDocument, key: string, title: string, now: string): EditResult {
  const next = editMetadata(doc, key, now, (meta) => {
    const inner = meta.metadata as PyDict;
    dictSet(inner, 'title', title);
    dictSet(inner, 'title_user_edited', true);
  });
  return { ok: true, doc: next, change: { code: 'title', title } };
}

/**
 * Moves the consolidation boundary; only a whole number within the messages is accepted, as nanobot
 * would keep it. `total`: the file's messages, when `doc` holds only its metadata (the index's plan).
 */
export function setLastConsolidated(doc: SessionDocument, key: string, n: number, now: string, total = messageRecords(doc).length): EditResult {
  if (!Number.isInteger(n) || n < 0 || n > total) return { ok: false, error: { code: 'bad-last-consolidated', max: total } };
  const next = editMetadata(doc, key, now, (meta) => dictSet(meta, 'last_consolidated', n));
  return { ok: true, doc: next, change: { code: 'archive', upTo: n, total } };
}

/** nanobot's `add_message`: appends `{role, content, timestamp}` and sets `updated_at`. */
export function appendMessage(doc: SessionDocument, key: string, role: string, content: PyValue, now: string, extra: PyDict = {}): EditResult {
  const msg = dictFrom([['role', role], ['content', content], ['timestamp', now], ...dictKeys(extra).map((k) => [k, extra[k]!] as const)]);
  const withMeta = editMetadata(doc, key, now, (meta) => dictSet(meta, 'updated_at', now));
  return { ok: true, doc: withRecords(doc, [...withMeta.records, newRecord(msg)]), change: { code: 'append', role } };
}

/** Removes one line (how a corrupt line is dropped: only ever on request). */
export function removeLine(doc: SessionDocument, recordIndex: number): EditResult {
  if (!doc.records[recordIndex]) return { ok: false, error: { code: 'no-line', line: recordIndex + 1 } };
  return { ok: true, doc: withRecords(doc, doc.records.filter((_, i) => i !== recordIndex)), change: { code: 'remove-line', line: recordIndex + 1 } };
}

/** What a trim changes in the metadata record: the new boundary, `updated_at`, and the cleared metadata when all go. */
export function trimChange(r: Pick<RetainResult, 'lastConsolidated' | 'cleared' | 'metadata'>, now: string): (meta: PyDict) => void {
  return (meta) => {
    dictSet(meta, 'last_consolidated', r.lastConsolidated);
    dictSet(meta, 'updated_at', now);
    if (r.cleared) dictSet(meta, 'metadata', r.metadata);
  };
}

/** What a trim changes (`kept` null: nanobot leaves the session alone), the same whether the file was held whole or by its index. */
export function trimOutcome(total: number, max: number, kept: { dropped: number; alreadyConsolidated: number; retained: number } | null): EditChange {
  if (!kept) return { code: 'trim-nothing', total, max };
  return { code: 'trim', total, dropped: kept.dropped, archived: kept.alreadyConsolidated, kept: kept.retained };
}

/** nanobot's retain_recent_legal_suffix on the file: what it drops, and how many of those were never archived. */
export function trimToLegalSuffix(doc: SessionDocument, key: string, max: number, extendToUser: boolean, now: string, version: NanobotVersion): EditResult & { dropped?: number[]; unarchived?: number } {
  const s = recoveredSession(doc, key, now);
  const r = retainRecentLegalSuffix(s.messages, s.lastConsolidated, s.metadata, max, extendToUser, version);
  if (!r.ok) return { ok: false, error: { code: 'raises', error: r.error } };
  const { dropped, alreadyConsolidated, retained } = r.result;
  // Within the limit nanobot leaves the session alone (not even updated_at): nothing to write.
  if (!r.result.touched) return { ok: true, doc, dropped: [], unarchived: 0, change: trimOutcome(s.messages.length, max, null) };
  const change = trimOutcome(s.messages.length, max, { dropped: dropped.length, alreadyConsolidated, retained: retained.length });
  const drop = new Set(dropped.map((i) => s.messageRecords[i]!));
  const trimmed = withRecords(doc, doc.records.filter((_, i) => !drop.has(i)));
  const next = editMetadata(trimmed, key, now, trimChange(r.result, now));
  return { ok: true, doc: next, dropped, unarchived: dropped.length - alreadyConsolidated, change };
}

/**
 * nanobot's `clear()`: removes every message, resets last_consolidated, forgets `_last_summary`.
 * Corrupt lines stay. `n`: the file's messages, when `doc` holds only its metadata (the index's plan).
 */
export function clearMessages(doc: SessionDocument, key: string, now: string, n = messageRecords(doc).length): EditResult {
  const m = recoveredSession(doc, key, now).metadata;
  const cleared = clearMetadata(m);
  if (!cleared.ok) return { ok: false, error: failure(cleared.error) };
  const kept = withRecords(doc, doc.records.filter((r) => r.kind !== 'message'));
  const next = editMetadata(kept, key, now, (meta) => {
    dictSet(meta, 'metadata', cleared.metadata);
    dictSet(meta, 'last_consolidated', 0);
    dictSet(meta, 'updated_at', now);
  });
  return { ok: true, doc: next, change: { code: 'clear', messages: n } };
}

function failure(e: PyError): EditRefusal {
  return { code: 'raises', error: e };
}

/**
 * Repair: the recovered session written as nanobot writes files (metadata first, one line per valid
 * message). Corrupt and blank lines are left out, so the store writes a backup first.
 */
export function repairDocument(doc: SessionDocument, fileStem: string, now: string): EditResult & { removed?: number } {
  const s = recoveredSession(doc, listFallbackKey(fileStem), now);
  const meta = metadataRecord(s);
  const records = [newRecord(meta, 'metadata'), ...s.messageRecords.map((i) => ({ ...doc.records[i]!, eol: '\n', edited: true }))];
  for (const [i, r] of doc.records.entries()) if (r.kind === 'provider_state') records.splice(1, 0, doc.records[i]!);
  const removed = doc.records.filter((r) => r.kind === 'corrupt' || r.kind === 'blank').length;
  const extraMeta = Math.max(0, doc.records.filter((r) => r.kind === 'metadata').length - 1);
  return {
    ok: true,
    doc: withRecords(doc, records),
    removed,
    change: repairOutcome(s.messages.length, extraMeta, removed),
  };
}

/** What a repair changes, shared with large-file mode so both views say the same. */
export function repairOutcome(messages: number, extraMeta: number, removed: number): EditChange {
  return { code: 'repair', messages, merged: extraMeta, removed };
}

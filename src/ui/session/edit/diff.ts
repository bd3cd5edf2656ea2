/**
 * Which lines an edit changes, for the preview: records are matched to the ones they came from
 * (an edit keeps a record's raw bytes when it rewrites it), so the list names removed, added and
 * rewritten lines by number, and skips rewrites that produce the very same text.
 */
import { metadataIndex, type FileRecord, type SessionDocument } from '../../../core/lens/document';
import { recordText } from '../text';

export type DiffLine =
  | { op: 'remove'; oldLine: number; text: string }
  | { op: 'add'; newLine: number; text: string }
  | { op: 'change'; oldLine: number; newLine: number; before: string; after: string };

/** Line-level changes from `before` to `after` (both in file order). */
export function documentDiff(before: SessionDocument, after: SessionDocument): DiffLine[] {
  const oldIndex = new Map<Uint8Array | FileRecord, number>();
  before.records.forEach((r, i) => {
    oldIndex.set(r, i);
    if (r.raw.length) oldIndex.set(r.raw, i);
  });
  const used = new Set<number>();
  const out: DiffLine[] = [];
  let nextOld = 0;
  const flushRemoved = (upTo: number) => {
    for (; nextOld < upTo; nextOld++) if (!used.has(nextOld)) out.push({ op: 'remove', oldLine: nextOld, text: recordText(before.records[nextOld]!) });
  };
  const matched = after.records.map((r) => oldIndex.get(r) ?? (r.raw.length ? oldIndex.get(r.raw) : undefined));
  for (const m of matched) if (m !== undefined) used.add(m);
  // A metadata record written anew (repair, or one created by an edit) stands for the old one.
  const oldMeta = metadataIndex(before);
  const newMeta = after.records.findIndex((r, j) => r.kind === 'metadata' && matched[j] === undefined);
  if (oldMeta >= 0 && newMeta >= 0 && !used.has(oldMeta)) {
    matched[newMeta] = oldMeta;
    used.add(oldMeta);
  }
  after.records.forEach((r, j) => {
    const i = matched[j];
    if (i === undefined) {
      out.push({ op: 'add', newLine: j, text: recordText(r) });
      return;
    }
    if (i >= nextOld) flushRemoved(i);
    nextOld = Math.max(nextOld, i + 1);
    const old = before.records[i]!;
    if (old === r) return;
    const a = recordText(old);
    const b = recordText(r);
    if (a !== b || (old.eol !== r.eol && r.eol === '\n' && old.eol !== '')) out.push({ op: 'change', oldLine: i, newLine: j, before: a, after: b });
  });
  flushRemoved(before.records.length);
  return out;
}

/**
 * The part of a rewritten line that changed, with a little context, each side at most `max`
 * characters: in a 1 MB line the change may be far from the start, which a plain cut would hide.
 */
export function changedSpan(before: string, after: string, max = 160, context = 40): { before: string; after: string } {
  let p = 0;
  const n = Math.min(before.length, after.length);
  while (p < n && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < n - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  let from = Math.max(0, p - context);
  if (from > 0 && (before.charCodeAt(from) & 0xfc00) === 0xdc00) from--; // never start inside a surrogate pair
  const side = (t: string) => {
    const to = Math.min(t.length, t.length - s + context, from + max);
    return (from > 0 ? '…' : '') + t.slice(from, to) + (to < t.length ? '…' : '');
  };
  return { before: side(before), after: side(after) };
}

/**
 * Sort a session folder's entries into sessions, leftovers of interrupted saves, and Session Lens
 * backups, so leftovers are hidden from the session list and offered for clean-up instead.
 */

import type { Entry } from '../adapter/adapter';

/** What a file in a session folder is. */
export type EntryClass =
  | 'session' // `*.jsonl`: nanobot lists it
  | 'tmp' // `*.jsonl.tmp` (nanobot, Session Lens) or `.<name>.<16 hex>.tmp` (newer nanobot)
  | 'crswap' // `*.crswap`: Chromium's swap file of an unfinished createWritable()
  | 'backup' // `*.jsonl.<stamp>.bak`: written by Session Lens before a repair
  | 'other';

/** A leftover of an interrupted save, with the file it was meant to become (when that can be told). */
export interface Leftover {
  name: string;
  kind: 'tmp' | 'crswap';
  target?: string;
}

/** A sorted folder listing. */
export interface ClassifiedEntries {
  sessions: string[];
  leftovers: Leftover[];
  backups: string[];
  other: Entry[];
}

const NEW_TMP = /^\.(.+)\.[0-9a-f]{16}\.tmp$/i;
const BACKUP = /\.jsonl\.[^.]+\.bak$/;

/** Classify one file name (folders are always 'other'). */
export function classifyName(name: string): EntryClass {
  // A `.jsonl` name is none of the others (they end in .crswap, .tmp, .bak): asked first, it is the one test a session's name needs.
  if (name.endsWith('.jsonl')) return 'session';
  if (name.endsWith('.crswap')) return 'crswap';
  if (name.endsWith('.jsonl.tmp') || (name.startsWith('.') && name.endsWith('.tmp'))) return 'tmp';
  if (BACKUP.test(name)) return 'backup';
  return 'other';
}

/** The file a leftover was going to replace (`x.jsonl.tmp` → `x.jsonl`, `x.jsonl.1.crswap` → `x.jsonl`). */
export function leftoverTarget(name: string): string | undefined {
  const swap = /^(.+?)(\.\d+)?\.crswap$/.exec(name);
  const base = swap ? swap[1] : name;
  const fresh = NEW_TMP.exec(base);
  if (fresh) return fresh[1];
  if (base.endsWith('.tmp') && !base.startsWith('.')) return base.slice(0, -'.tmp'.length);
  return swap ? base : undefined;
}

/** Split a listing into sessions, leftovers, backups and everything else (names sorted). */
export function classifyEntries(entries: readonly Entry[]): ClassifiedEntries {
  const out: ClassifiedEntries = { sessions: [], leftovers: [], backups: [], other: [] };
  // Adapters list in name order already (a check, not a second sort of 10,000 names).
  let sorted = true;
  for (let i = 1; i < entries.length && sorted; i++) sorted = entries[i - 1]!.name < entries[i]!.name;
  for (const e of sorted ? entries : [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const cls = e.kind === 'file' ? classifyName(e.name) : 'other';
    if (cls === 'session') out.sessions.push(e.name);
    else if (cls === 'backup') out.backups.push(e.name);
    else if (cls === 'tmp' || cls === 'crswap') out.leftovers.push({ name: e.name, kind: cls, target: leftoverTarget(e.name) });
    else out.other.push(e);
  }
  return out;
}

/**
 * What each session row shows — badges, channel, counts, its link — and the search/filter over
 * rows. Pure functions over the store's summaries and the background scans, so they are testable.
 */
import { keyChannel, sessionFileNameOrNull } from '../../core/nanobot/keys';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { SessionSummary } from '../../store/listing/session-list';
import { linkableKey, sessionHref, type SessionTab } from '../shell/router';
import type { LeftoverInfo } from './model';
import type { FileScan } from './scan/scan';
import { ui } from '../i18n/text';
import { readErrorText, skipOf } from '../shell/status';

export type BadgeId = 'damaged' | 'empty' | 'mismatch' | 'key-not-text' | 'unreadable' | 'unlisted' | 'leftover' | 'warnings';

export interface Badge {
  id: BadgeId;
  label: string;
  tone: 'danger' | 'warn' | 'info';
  /** One sentence: what it means for nanobot. */
  explain: string;
}

export interface SessionRow {
  summary: SessionSummary;
  scan: FileScan | undefined;
  channel: string;
  /** The title nanobot shows, or '' when it has none. */
  title: string;
  /** The key as nanobot's list gives it, as text (Python's repr when the stored key is not text). */
  keyText: string;
  preview: string;
  badges: Badge[];
  messages: number | null;
  /** The `updated_at` nanobot sorts by (raw; any JSON value in a broken file). */
  updatedAt: unknown;
}

/**
 * What is wrong with one file, as badge ids: THE definition of "a file with a problem" — the list's
 * badges, "Only problems", the Health tab's count and its page all use it (issue 27). From the head
 * read (listing) right away, from the whole-file check when it is done. Cheap: no words are built.
 */
export function problemIds(s: SessionSummary, scan: FileScan | undefined, leftTargets: ReadonlySet<string | undefined>): BadgeId[] {
  const out: BadgeId[] = [];
  const diags = scan?.diagnostics ?? [];
  const errors = diags.some((d) => d.severity === 'error' && d.kind !== 'key-not-text');
  if (scan?.nanobot.empty) out.push('empty');
  else if (s.flags.damaged || errors || scan?.nanobot.path === 'repair') out.push('damaged');
  if (s.flags.keyMismatch || diags.some((d) => d.kind === 'key-mismatch')) out.push('mismatch');
  if ((s.flags.keyNotText && s.row) || diags.some((d) => d.kind === 'key-not-text')) out.push('key-not-text');
  if (s.error) out.push('unreadable');
  if (!s.row) out.push('unlisted');
  if (leftTargets.has(s.fileName)) out.push('leftover');
  if (!out.includes('damaged') && diags.some((d) => d.severity === 'warning' && d.kind !== 'key-mismatch')) out.push('warnings');
  return out;
}

/** Badges of one file: its problemIds, in words. */
export function badgesFor(s: SessionSummary, scan: FileScan | undefined, lefts: readonly LeftoverInfo[]): Badge[] {
  const t = ui().workspace;
  const b = t.badge;
  const diags = scan?.diagnostics ?? [];
  const errors = diags.filter((d) => d.severity === 'error' && d.kind !== 'key-not-text').length;
  const left = lefts.filter((l) => l.target === s.fileName);
  // Each badge's words, made only for the badges the file has.
  const words: Record<BadgeId, () => Omit<Badge, 'id'>> = {
    empty: () => ({ label: b.empty, tone: 'danger', explain: b.emptyWhy(scan?.nanobot.repairError?.type ?? scan?.nanobot.strictError?.type ?? 'error') }),
    damaged: () => ({ label: b.damaged, tone: 'danger', explain: b.damagedWhy(errors, scan?.nanobot.skipped ?? 0) }),
    mismatch: () => ({ label: b.mismatch, tone: 'warn', explain: b.mismatchWhy(fileKey(s, scan) ?? s.key) }),
    'key-not-text': () => ({ label: b.notText, tone: 'danger', explain: b.notTextWhy(s.row?.keyText ?? '?', s.key) }),
    unreadable: () => ({ label: b.unreadable, tone: 'danger', explain: b.unreadableWhy(readErrorText(s)) }),
    unlisted: () => ({ label: b.unlisted, tone: 'warn', explain: b.unlistedWhy(s.skipReason ? t.skip(skipOf(s)!) : t.noMetadata) }),
    leftover: () => ({ label: b.leftover, tone: 'warn', explain: b.leftoverWhy(left.map((l) => l.name).join(', ')) }),
    warnings: () => {
      const n = diags.filter((d) => d.severity === 'warning' && d.kind !== 'key-mismatch').length;
      return { label: b.warnings(n), tone: 'warn', explain: b.warningsWhy };
    },
  };
  return problemIds(s, scan, new Set(left.map((l) => l.target))).map((id) => ({ id, ...words[id]() }));
}

/**
 * The key the file itself stores, where it is known: the listed row's, else the one the whole-file
 * check found in its metadata record (null: only the file name gives one). Badges quote it, never a
 * key made up from the name (issue 42: "fx_gen_small_000" where the file says "fx:gen_small_000").
 */
function fileKey(s: SessionSummary, scan: FileScan | undefined): string | null {
  for (const d of scan?.diagnostics ?? []) if (d.kind === 'key-mismatch') return d.values.key;
  return s.row?.keyIsText ? (s.row.key as string) : null;
}

/** A row's channel: of the key the file stores, or of the key its name stands for; none when the name is all there is. */
function channelOf(s: SessionSummary, scan: FileScan | undefined): string {
  const own = fileKey(s, scan);
  if (own !== null) return keyChannel(own);
  // (The stem by hand: the listing's core module stays out of the first screen's bundle.)
  const stem = s.fileName.endsWith('.jsonl') ? s.fileName.slice(0, -'.jsonl'.length) : s.fileName;
  return !s.row && s.key === stem ? '' : keyChannel(s.key);
}

/** Build the rows of a listing, in its order (nanobot's). */
export function buildRows(summaries: readonly SessionSummary[], scans: ReadonlyMap<string, FileScan>, lefts: readonly LeftoverInfo[]): SessionRow[] {
  return summaries.map((s) => {
    const scan = scans.get(s.path);
    return {
      summary: s,
      scan,
      channel: channelOf(s, scan),
      title: s.row?.title ?? '',
      keyText: s.row?.keyText ?? s.key,
      preview: s.row?.preview ?? '',
      badges: badgesFor(s, scan, lefts),
      messages: scan ? scan.messages : s.messageCount,
      updatedAt: s.row?.updated_at,
    };
  });
}

/** Channels present, with how many sessions each has, most used first (rows without a channel are in none). */
export function channelCounts(rows: readonly SessionRow[]): [string, number][] {
  const m = new Map<string, number>();
  for (const r of rows) if (r.channel) m.set(r.channel, (m.get(r.channel) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

export interface Match {
  row: SessionRow;
  /** Where the query was first found in the message text (an excerpt), whether or not title, key or preview match too. */
  excerpt?: { before: string; hit: string; after: string };
}

const EXCERPT = 48;

/** Rows matching a query (title, key, file name, preview, then message text once scanned) and channel. */
export function filterRows(rows: readonly SessionRow[], query: string, channel: string, problemsOnly = false): Match[] {
  const q = query.trim().toLowerCase();
  // One case-insensitive search over each file's text, without lowercasing megabytes per keystroke.
  const re = q ? new RegExp(query.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu') : null;
  const out: Match[] = [];
  for (const row of rows) {
    if (channel && row.channel !== channel) continue;
    if (problemsOnly && row.badges.length === 0) continue;
    if (!re) {
      out.push({ row });
      continue;
    }
    const s = row.summary;
    const named = [row.title, s.key, row.keyText, s.fileName, row.preview].some((t) => t.toLowerCase().includes(q));
    const text = row.scan?.text;
    const m = text ? re.exec(text) : null;
    if (!text || !m) {
      if (named) out.push({ row });
      continue;
    }
    const at = m.index;
    const len = m[0].length;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const found = text.indexOf('\n', at);
    const lineEnd = found < 0 ? text.length : found;
    const from = Math.max(at - EXCERPT, lineStart);
    const to = Math.min(lineEnd, at + len + EXCERPT);
    out.push({
      row,
      excerpt: {
        before: (from > lineStart ? '…' : '') + text.slice(from, at),
        hit: text.slice(at, at + len),
        after: text.slice(at + len, to) + (to < lineEnd ? '…' : ''),
      },
    });
  }
  return out;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The matches in the chosen order; nanobot's order is the listing's own (stable for ties in the others). */
export function sortMatches(matches: readonly Match[], order: 'nanobot' | 'title' | 'size' | 'messages' | 'problems'): Match[] {
  if (order === 'nanobot') return [...matches];
  const at = new Map(matches.map((m, i) => [m, i]));
  const by: (a: Match, b: Match) => number =
    order === 'title'
      ? (a, b) => collator.compare(a.row.title || a.row.keyText, b.row.title || b.row.keyText)
      : order === 'size'
        ? (a, b) => b.row.summary.size - a.row.summary.size
        : order === 'messages'
          ? (a, b) => (b.row.messages ?? -1) - (a.row.messages ?? -1)
          : (a, b) => b.row.badges.length - a.row.badges.length;
  return [...matches].sort((a, b) => by(a, b) || at.get(a)! - at.get(b)!);
}

const keyCounts = new WeakMap<readonly SessionSummary[], { counts: Map<string, number>; members: Set<SessionSummary> }>();
/** Whether another summary of `all` holds `s`'s key; counted once per listing, as a list of 1,000 rows asks 1,000 times. */
function keyShared(s: SessionSummary, all: readonly SessionSummary[]): boolean {
  let c = keyCounts.get(all);
  if (!c) {
    c = { counts: new Map(), members: new Set(all) };
    for (const o of all) c.counts.set(o.key, (c.counts.get(o.key) ?? 0) + 1);
    keyCounts.set(all, c);
  }
  const n = c.counts.get(s.key) ?? 0;
  return n > (c.members.has(s) ? 1 : 0);
}

/** The link to a row's session; adds `file` when the key alone would open another file, `folder` when not the first. */
export function rowHref(s: SessionSummary, version: NanobotVersion, all: readonly SessionSummary[], folderPath: string | null, tab?: SessionTab, extra: Record<string, string> = {}): string {
  const ambiguous = sessionFileNameOrNull(s.key, version) !== s.fileName || keyShared(s, all) || linkableKey(s.key) !== s.key;
  return sessionHref(s.key, { ...(folderPath !== null ? { folder: folderPath } : {}), ...(ambiguous ? { file: s.fileName } : {}), ...extra }, tab);
}

/** Find the summary a session route means: the named file, else the key's own file, else any file with that key. */
export function resolveSession(all: readonly SessionSummary[], key: string, version: NanobotVersion, file?: string): SessionSummary | undefined {
  if (file) return all.find((s) => s.fileName === file);
  const own = sessionFileNameOrNull(key, version);
  return all.find((s) => s.fileName === own && s.key === key) ?? all.find((s) => s.key === key) ?? all.find((s) => s.fileName === own);
}

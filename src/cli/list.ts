/**
 * `session-lens list DIR`: nanobot's `list_sessions()` for every session folder the app would find in
 * DIR (a sessions folder, a workspace, nanobot's config folder with its namespaces). Rows it can build
 * are printed even where nanobot's own sort would raise; that is then said, and the exit code is 1.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pyDumps } from '../core/python/pyjson';
import { dictFrom, type PyValue } from '../core/python/pyvalue';
import type { StorageAdapter } from '../store/adapter/adapter';
import { rulesOf, VERSION_WITHOUT_EVIDENCE } from '../core/nanobot/nanobot-version';
import { detectLayout, type Layout, type SessionFolder } from '../store/listing/layout';
import { shownValue, type ListedRow } from '../store/listing/listed-row';
import { createNodeAdapter } from '../store/adapter/node-adapter';
import { listSessions, type Listing } from '../store/listing/session-list';
import { UsageError, type Args } from './args';
import { Printer, type Out } from './printer';
import { folderLabelText, layoutNoteText, plural, skipOf, skipReasonText } from './text';
import { withFileProgress } from './terminal';
import { versionFor } from './version';

/** The folders to list: the app's layout for a workspace or config folder, else DIR itself as nanobot's sessions folder. */
async function foldersOf(adapter: StorageAdapter, dir: string): Promise<Layout> {
  const layout = await detectLayout(adapter, path.basename(dir));
  if (layout.kind !== 'none') return layout;
  return { kind: 'none', folders: [{ path: '', role: 'workspace', naming: 'safe-key', version: VERSION_WITHOUT_EVIDENCE, label: { code: 'sessions-folder' }, sessions: [], leftovers: [], backups: [] }], notes: [] };
}

/** A row as `json.dumps` writes nanobot's row dict, made as text: no dict per row to build and walk again. */
function rowJson(r: ListedRow): string {
  return `{"key": ${pyDumps(r.key)}, "created_at": ${pyDumps(r.created_at)}, "updated_at": ${pyDumps(r.updated_at)}, "title": ${pyDumps(r.title)}, "preview": ${pyDumps(r.preview)}, "path": ${pyDumps(r.path)}}`;
}

/**
 * One folder's listing as the `json.dumps` of its dict (`first` members, its rows, the sort's error if
 * any), written piece by piece: the printer sends ~1 MB at a time, so 10,000 rows are never one string.
 */
function printListingJson(p: Printer, l: Listing, first: [string, PyValue][]): void {
  p.write('{');
  for (const [k, v] of first) p.write(`${pyDumps(k)}: ${pyDumps(v)}, `);
  p.write('"rows": [');
  let sep = '';
  for (const s of l.summaries) {
    if (!s.row) continue;
    p.write(sep + rowJson(s.row));
    sep = ', ';
  }
  p.write(']');
  if (l.sortError) p.write(`, "error": ${pyDumps(dictFrom([['type', l.sortError.type], ['message', l.sortError.message]]))}`);
  p.write('}');
}

function printText(p: Printer, listing: Listing): void {
  for (const s of listing.summaries) {
    const r = s.row;
    if (r) p.line(`${shownValue(r.updated_at)}  ${r.keyText}${r.title ? `  "${r.title}"` : ''}\n    ${r.preview}`);
  }
  for (const s of listing.summaries) if (!s.row) p.line(`(not listed by nanobot) ${s.fileName}: ${s.skipReason ? skipReasonText(skipOf(s)!) : 'not listed'}`);
  const rows = listing.summaries.filter((s) => s.row).length;
  p.line(`${plural(rows, 'session')}; read ${listing.bytesRead} of ${plural(listing.bytesStored, 'byte')}`);
  if (listing.sortError) {
    p.line(`nanobot's own listing raises ${listing.sortError.type}: ${listing.sortError.message} (an updated_at of another type than the rest); the order above is a best effort.`);
  }
}

/** Runs `list`; exit 1 when nanobot's own listing of some folder would raise. */
export async function cmdList(args: Args, now: string, out: Out): Promise<number> {
  const given = args.positional(0, 'DIR');
  args.noMoreThan(1);
  const dir = path.resolve(given);
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
  } catch (e) {
    throw new UsageError(`cannot list ${given}: ${(e as Error).message}`);
  }
  const plain = createNodeAdapter(dir);
  const layout = await foldersOf(plain, dir);
  // Each session's head is read once: the progress line counts them against the folders' sessions.
  const adapter = withFileProgress(plain, layout.folders.reduce((a, f) => a + f.sessions.length, 0));
  const { folders, notes } = layout;
  const listings: [SessionFolder, Listing][] = [];
  const rules: string[] = [];
  for (const f of folders) {
    const { version, how } = await versionFor(dir, args, { layout, folder: f });
    rules.push(`${f.path || '.'}: ${rulesOf(version).label} rules (${how})`);
    // A folder the layout found was listed already: its sessions are its `*.jsonl` files (not read again).
    const names = layout.kind === 'none' ? undefined : f.sessions;
    listings.push([f, await listSessions(adapter, f.path, { now, version, names })]);
  }
  const raised = listings.some(([, l]) => l.sortError);
  // The answer goes out in ~1 MB pieces, not a write per row, nor as one string of every row.
  const p = new Printer(out);
  if (args.json) {
    const [f, l] = listings[0] ?? [];
    if (listings.length === 1) printListingJson(p, l!, f!.path ? [['folder', f!.path]] : []);
    else {
      p.write('{"folders": [');
      listings.forEach(([f, l], i) => {
        if (i) p.write(', ');
        printListingJson(p, l, [['path', f.path], ['label', folderLabelText(f.label)]]);
      });
      p.write(']}');
    }
    p.line('');
    p.flush();
    return raised ? 1 : 0;
  }
  for (const r of rules) p.line(r);
  for (const n of notes) p.line(layoutNoteText(n));
  if (folders.length === 0) p.line('No session folder here.');
  for (const [f, l] of listings) {
    if (listings.length > 1 || f.path) p.line(`== ${folderLabelText(f.label)} (${f.path || '.'}) ==`);
    printText(p, l);
  }
  p.flush();
  return raised ? 1 : 0;
}

/**
 * `session-lens list DIR`: nanobot's `list_sessions()` for every session folder the app would find in
 * DIR (a sessions folder, a workspace, nanobot's config folder with its namespaces). Rows it can build
 * are printed even where nanobot's own sort would raise; that is then said, and the exit code is 1.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pyDumps } from '../core/pyjson';
import { dictFrom, type PyValue } from '../core/pyvalue';
import type { StorageAdapter } from '../store/adapter';
import { rulesOf } from '../core/nanobot-version';
import { detectLayout, type Layout, type SessionFolder } from '../store/layout';
import { shownValue, type ListedRow } from '../store/listed-row';
import { createNodeAdapter } from '../store/node-adapter';
import { listSessions, type Listing } from '../store/sessions';
import { UsageError, type Args } from './args';
import { Printer, type Out } from './printer';
import { plural } from './text';
import { versionFor } from './version';


/** The folders to list: the app's layout for a workspace or config folder, else DIR itself as nanobot's sessions folder. */
async function foldersOf(adapter: StorageAdapter, dir: string): Promise<Layout> {
  const layout = await detectLayout(adapter, path.basename(dir));
  if (layout.kind !== 'none') return layout;
  return { kind: 'none', folders: [{ path: '', role: 'workspace', naming: 'safe-key', version: 'v0.2', label: 'sessions folder', sessions: [], leftovers: [], backups: [] }], notes: [] };
}

/** A row as `json.dumps` writes nanobot's row dict, made as text: no dict per row to build and walk again. */
function rowJson(r: ListedRow): string {
  return `{"key": ${pyDumps(r.key)}, "created_at": ${pyDumps(r.created_at)}, "updated_at": ${pyDumps(r.updated_at)}, "title": ${pyDumps(r.title)}, "preview": ${pyDumps(r.preview)}, "path": ${pyDumps(r.path)}}`;
}

/** One folder's listing as the `json.dumps` of its dict: `first` members, its rows, and the sort's error if any. */
function listingJson(l: Listing, first: [string, PyValue][]): string {
  const members = first.map(([k, v]) => `${pyDumps(k)}: ${pyDumps(v)}`);
  members.push(`"rows": [${l.summaries.flatMap((s) => (s.row ? [rowJson(s.row)] : [])).join(', ')}]`);
  if (l.sortError) members.push(`"error": ${pyDumps(dictFrom([['type', l.sortError.type], ['message', l.sortError.message]]))}`);
  return `{${members.join(', ')}}`;
}

function printText(p: Printer, listing: Listing): void {
  for (const s of listing.summaries) {
    const r = s.row;
    if (r) p.line(`${shownValue(r.updated_at)}  ${r.keyText}${r.title ? `  "${r.title}"` : ''}\n    ${r.preview}`);
  }
  for (const s of listing.summaries) if (!s.row) p.line(`(not listed by nanobot) ${s.fileName}: ${s.skipReason}`);
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
  const adapter = createNodeAdapter(dir);
  const layout = await foldersOf(adapter, dir);
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
  // The whole answer goes out in one write (JSON) or in 1 MB pieces (text), not a write per row.
  if (args.json) {
    const [f, l] = listings[0] ?? [];
    if (listings.length === 1) out.log(listingJson(l!, f!.path ? [['folder', f!.path]] : []));
    else out.log(`{"folders": [${listings.map(([f, l]) => listingJson(l, [['path', f.path], ['label', f.label]])).join(', ')}]}`);
    return raised ? 1 : 0;
  }
  const p = new Printer(out);
  for (const r of rules) p.line(r);
  for (const n of notes) p.line(n);
  if (folders.length === 0) p.line('No session folder here.');
  for (const [f, l] of listings) {
    if (listings.length > 1 || f.path) p.line(`== ${f.label} (${f.path || '.'}) ==`);
    printText(p, l);
  }
  p.flush();
  return raised ? 1 : 0;
}

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
import { plural } from './text';
import { versionFor } from './version';

type Out = { log: (s: string) => void };

/** The folders to list: the app's layout for a workspace or config folder, else DIR itself as nanobot's sessions folder. */
async function foldersOf(adapter: StorageAdapter, dir: string): Promise<Layout> {
  const layout = await detectLayout(adapter, path.basename(dir));
  if (layout.kind !== 'none') return layout;
  return { kind: 'none', folders: [{ path: '', role: 'workspace', naming: 'safe-key', version: 'v0.2', label: 'sessions folder', sessions: [], leftovers: [], backups: [] }], notes: [] };
}

function rowValue(r: ListedRow): PyValue {
  return dictFrom([['key', r.key], ['created_at', r.created_at], ['updated_at', r.updated_at], ['title', r.title], ['preview', r.preview], ['path', r.path]]);
}

function printText(out: Out, listing: Listing): void {
  for (const s of listing.summaries) {
    const r = s.row;
    if (r) out.log(`${shownValue(r.updated_at)}  ${r.keyText}${r.title ? `  "${r.title}"` : ''}\n    ${r.preview}`);
  }
  for (const s of listing.summaries) if (!s.row) out.log(`(not listed by nanobot) ${s.fileName}: ${s.skipReason}`);
  const rows = listing.summaries.filter((s) => s.row).length;
  out.log(`${plural(rows, 'session')}; read ${listing.bytesRead} of ${plural(listing.bytesStored, 'byte')}`);
  if (listing.sortError) {
    out.log(`nanobot's own listing raises ${listing.sortError.type}: ${listing.sortError.message} (an updated_at of another type than the rest); the order above is a best effort.`);
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
    listings.push([f, await listSessions(adapter, f.path, { now, version })]);
  }
  const raised = listings.some(([, l]) => l.sortError);
  if (args.json) {
    const one = (l: Listing): Record<string, PyValue> => ({
      rows: l.summaries.flatMap((s) => (s.row ? [rowValue(s.row)] : [])),
      ...(l.sortError ? { error: { type: l.sortError.type, message: l.sortError.message } } : {}),
    });
    const [f, l] = listings[0] ?? [];
    if (listings.length === 1) out.log(pyDumps(f!.path ? dictFrom([['folder', f!.path], ...Object.entries(one(l!))]) : one(l!)));
    else out.log(pyDumps({ folders: listings.map(([f, l]) => dictFrom([['path', f.path], ['label', f.label], ...Object.entries(one(l))])) }));
    return raised ? 1 : 0;
  }
  for (const r of rules) out.log(r);
  for (const n of notes) out.log(n);
  if (folders.length === 0) out.log('No session folder here.');
  for (const [f, l] of listings) {
    if (listings.length > 1 || f.path) out.log(`== ${f.label} (${f.path || '.'}) ==`);
    printText(out, l);
  }
  return raised ? 1 : 0;
}

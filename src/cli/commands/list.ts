/**
 * `session-lens list DIR`: nanobot's `list_sessions()` for every session folder the app would find in
 * DIR (a sessions folder, a workspace, nanobot's config folder with its namespaces). Rows it can build
 * are printed even where nanobot's own sort would raise; that is then said, and the exit code is 1.
 */
import { isUtf8 } from 'node:buffer';
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pyDumps } from '../../core/python/pyjson';
import { dictFrom, type PyValue } from '../../core/python/pyvalue';
import type { StorageAdapter } from '../../store/adapter/adapter';
import { rulesOf, VERSION_WITHOUT_EVIDENCE } from '../../core/nanobot/nanobot-version';
import { detectLayout, type Layout, type SessionFolder } from '../../store/listing/layout';
import { shownValue, type ListedRow } from '../../store/listing/listed-row';
import { createNodeAdapter } from '../../store/adapter/node-adapter';
import { listSessionsEach, type ListingOf, type SessionSummary } from '../../store/listing/session-list';
import { UsageError, type Args } from '../args';
import { bytePrinter, type BytePrinter, type Out } from '../output/printer';
import { escapeLoneSurrogates, folderLabelText, layoutNoteText, plural, skipOf, skipReasonText } from '../output/text';
import { withFileProgress } from '../output/terminal';
import { versionFor } from '../version';

/** The folders to list: the app's layout for a workspace or config folder, else DIR itself as nanobot's sessions folder. */
async function foldersOf(adapter: StorageAdapter, dir: string): Promise<Layout> {
  const layout = await detectLayout(adapter, basename(dir));
  if (layout.kind !== 'none') return layout;
  return { kind: 'none', folders: [{ path: '', role: 'workspace', naming: 'safe-key', version: VERSION_WITHOUT_EVIDENCE, label: { code: 'sessions-folder' }, sessions: [], leftovers: [], backups: [] }], notes: [] };
}

/**
 * A row as `json.dumps` writes nanobot's row dict, made as text: no dict per row to build and walk again. Before
 * 0.2.0 (row `listingPreview`) nanobot's row has no `title` or `preview`.
 */
function rowJson(r: ListedRow, preview: boolean): string {
  const shown = preview ? `, "title": ${pyDumps(r.title)}, "preview": ${pyDumps(r.preview)}` : '';
  return `{"key": ${pyDumps(r.key)}, "created_at": ${pyDumps(r.created_at)}, "updated_at": ${pyDumps(r.updated_at)}${shown}, "path": ${pyDumps(r.path)}}`;
}

/** A file's text in the human listing: its row's two lines, or why nanobot leaves it out. */
function summaryText(s: SessionSummary): string {
  const r = s.row;
  if (r) return `${shownValue(r.updated_at)}  ${r.keyText}${r.title ? `  "${r.title}"` : ''}\n    ${r.preview}\n`;
  return `(not listed by nanobot) ${s.fileName}: ${s.skipReason ? skipReasonText(skipOf(s)!) : 'not listed'}\n`;
}

/**
 * Each file's printed text, kept as UTF-8 in 256 KiB blocks until nanobot's order is known: a
 * listing of 10,000 sessions holds no summary, row object or string per file in the JS heap (the
 * young generation, which grows with what survives it, stays small).
 */
class TextBlocks {
  private blocks: Uint8Array[] = [];
  private used = BLOCK;
  /** Per piece: its block, offset and length. */
  private at = new Int32Array(3 * 256);
  private count = 0;

  /** Stores a piece of text; returns its number. */
  add(s: string): number {
    if (s.length * 3 > BLOCK - this.used) {
      this.blocks.push(new Uint8Array(Math.max(BLOCK, s.length * 3)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    const { written } = encoder.encodeInto(s, this.blocks[block]!.subarray(this.used));
    if (this.count * 3 === this.at.length) {
      const more = new Int32Array(this.at.length * 2);
      more.set(this.at);
      this.at = more;
    }
    this.at.set([block, this.used, written], this.count * 3);
    this.used += written;
    return this.count++;
  }

  /** The bytes of piece `i` (a view: copy before keeping). */
  bytes(i: number): Uint8Array {
    const [block, from, length] = this.at.subarray(3 * i, 3 * i + 3) as unknown as [number, number, number];
    return this.blocks[block]!.subarray(from, from + length);
  }
}

const BLOCK = 256 << 10;
const encoder = new TextEncoder();

/** A folder's listing as its printed pieces (rows first, in nanobot's order, then the files it leaves out). */
type PrintedListing = ListingOf<number>;

/**
 * One folder's listing as the `json.dumps` of its dict (`first` members, its rows, the sort's error if
 * any), written piece by piece in ~1 MB writes: 10,000 rows are never one string.
 */
function printListingJson(p: BytePrinter, blocks: TextBlocks, l: PrintedListing, first: [string, PyValue][]): void {
  p.put('{');
  for (const [k, v] of first) p.put(`${pyDumps(k)}: ${pyDumps(v)}, `);
  p.put('"rows": [');
  for (let i = 0; i < l.listed; i++) {
    if (i) p.put(', ');
    p.put(blocks.bytes(l.items[i]!));
  }
  p.put(']');
  if (l.sortError) p.put(`, "error": ${pyDumps(dictFrom([['type', l.sortError.type], ['message', l.sortError.message]]))}`);
  p.put('}');
}

function printText(p: BytePrinter, blocks: TextBlocks, listing: PrintedListing): void {
  for (const i of listing.items) p.put(blocks.bytes(i));
  p.put(`${plural(listing.listed, 'session')}; read ${listing.bytesRead} of ${plural(listing.bytesStored, 'byte')}\n`);
  if (listing.sortError) {
    p.put(`nanobot's own listing raises ${listing.sortError.type}: ${listing.sortError.message} (an updated_at of another type than the rest); the order above is a best effort.\n`);
  }
}

/** Runs `list`; exit 1 when nanobot's own listing of some folder would raise. */
export async function cmdList(args: Args, now: string, out: Out): Promise<number> {
  const given = args.positional(0, 'DIR');
  args.noMoreThan(1);
  const dir = resolve(given);
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
  const listings: [SessionFolder, PrintedListing][] = [];
  // Each file's printed text is made as soon as it is listed, and only that text is kept.
  const blocks = new TextBlocks();
  const keepAt = (preview: boolean) =>
    args.json
      ? (s: SessionSummary) => (s.row ? blocks.add(escapeLoneSurrogates(rowJson(s.row, preview))) : -1)
      : (s: SessionSummary) => blocks.add(summaryText(s));
  const rules: string[] = [];
  for (const f of folders) {
    const { version, how } = await versionFor(dir, args, { layout, folder: f });
    const keep = keepAt(rulesOf(version).listingPreview);
    rules.push(`${f.path || '.'}: ${rulesOf(version).label} rules (${how})`);
    // A folder the layout found was listed already: its sessions are its `*.jsonl` files (not read again).
    const names = layout.kind === 'none' ? undefined : f.sessions;
    listings.push([f, await listSessionsEach(adapter, f.path, { now, version, names, isUtf8 }, keep)]);
  }
  const raised = listings.some(([, l]) => l.sortError);
  // The answer goes out as bytes in 64 KiB writes, not a write per row, nor as one string of every row
  // (each write's buffer is a fresh one: 1 MiB buffers were three dead MiB at 10,000 rows).
  const p = bytePrinter(out, 64 << 10);
  if (args.json) {
    const [f, l] = listings[0] ?? [];
    if (listings.length === 1) printListingJson(p, blocks, l!, f!.path ? [['folder', f!.path]] : []);
    else {
      p.put('{"folders": [');
      listings.forEach(([f, l], i) => {
        if (i) p.put(', ');
        printListingJson(p, blocks, l, [['path', f.path], ['label', folderLabelText(f.label)]]);
      });
      p.put(']}');
    }
    p.put('\n');
    p.flush();
    return raised ? 1 : 0;
  }
  for (const r of rules) p.put(r + '\n');
  for (const n of notes) p.put(layoutNoteText(n) + '\n');
  if (folders.length === 0) p.put('No session folder here.\n');
  for (const [f, l] of listings) {
    if (listings.length > 1 || f.path) p.put(`== ${folderLabelText(f.label)} (${f.path || '.'}) ==\n`);
    printText(p, blocks, l);
  }
  p.flush();
  return raised ? 1 : 0;
}

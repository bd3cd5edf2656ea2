/**
 * docs/ARCHITECTURE.md is a map, and a map that names a room that is gone misleads the next reader:
 * every path it writes in backticks must exist, and every file name its tables list must exist in the
 * folder the row names. A map that leaves a room out sends the reader to grep: every folder of src/ that
 * holds files must be a row of its table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** Every file under src/, relative to src/, to find a bare name or a path written from inside src/. */
const srcFiles = fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => f.replaceAll('\\', '/'));

const FILE = /^[\w.@*-]+(\/[\w.@*-]+)*\/?$/;
const EXT = /\.(ts|tsx|mjs|js|json|md|py|sh|css|html)$/;

/** The backticked spans that look like a path or a file name (not code, not a command). */
function pathsNamed(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    if (m[1]!.startsWith('../shared/')) continue;
    const s = m[1]!.replace(/^\.\.\//, '').replace(/:\d+$/, '');
    if (!FILE.test(s) || s.includes('*')) continue;
    if (EXT.test(s) || (s.includes('/') && /^(src|test|bench|scripts|fuzz|docs|public)\//.test(s))) out.add(s);
  }
  // Links: [text](../src/...)
  for (const m of text.matchAll(/\]\(\.\.\/([^)#\s]+)\)/g)) out.add(m[1]!);
  return [...out];
}

/** Named but not the repository's own: absolute paths, the build's outputs, a corpus's own files (`_units.json`). */
const OUTSIDE = /^(\/|dist\/|dist-cli\/|_)/;

function exists(p: string): boolean {
  const bare = p.replace(/\/$/, '');
  if (fs.existsSync(path.join(root, bare))) return true;
  if (fs.existsSync(path.join(root, 'src', bare))) return true;
  // A name without a folder, or a path relative to a concern: somewhere under src/, test/, scripts/ or bench/.
  const tail = `/${bare}`;
  if (srcFiles.some((f) => f === bare || f.endsWith(tail))) return true;
  for (const dir of ['test', 'scripts', 'bench', 'fuzz', 'public', '.github']) {
    const d = path.join(root, dir);
    if (!fs.existsSync(d)) continue;
    const files = fs.readdirSync(d, { recursive: true, encoding: 'utf8' }).map((f) => f.replaceAll('\\', '/'));
    if (files.some((f) => f === bare || f.endsWith(tail))) return true;
  }
  return false;
}

/** A path whose last part may hold `*`: some file of that folder matches it. */
function globExists(at: string): boolean {
  if (!at.includes('*')) return fs.existsSync(at);
  const dir = path.dirname(at);
  const re = new RegExp(`^${path.basename(at).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => re.test(f));
}

/**
 * The rows of the map's folder tables: `| index | \`line-index.ts\`, … | … |` under a heading that names a
 * folder of src/ (`### The core (\`src/core/\`)`). A row's folder may be nested (`session/replay`); `root`
 * rows hold the heading folder's own files.
 */
function tableRows(): { base: string; folder: string; files: string }[] {
  const rows: { base: string; folder: string; files: string }[] = [];
  let base: string | null = null;
  for (const line of doc.split('\n')) {
    const head = /^#+ .*\(`(src(?:\/[\w/]+)?)\/`\)/.exec(line);
    if (head) base = head[1]!;
    else if (/^#+ /.test(line)) base = null;
    const row = /^\| ([\w/-]+) \| ([^|]+) \|/.exec(line);
    if (base && row) rows.push({ base, folder: row[1]!, files: row[2]! });
  }
  return rows;
}

describe('docs/ARCHITECTURE.md', () => {
  it('names only paths that exist', () => {
    const missing = pathsNamed(doc).filter((p) => !OUTSIDE.test(p) && !exists(p));
    expect(missing).toEqual([]);
  });

  it('lists in each folder table only folders and files that exist there', () => {
    const missing: string[] = [];
    for (const { base, folder, files } of tableRows()) {
      const header = !files.includes('`') && files.trim() !== '—';
      if (folder !== 'root' && !header && !fs.existsSync(path.join(root, base, folder))) missing.push(`${folder}: no such folder`);
      for (const m of files.matchAll(/`([^`]+\.tsx?)`/g)) {
        const name = m[1]!;
        // A name is the folder's own file (`load.ts`, `cache/listing-cache.ts`), or a path from the base (`turn/build.ts`).
        const at = [path.join(root, base, folder, name), path.join(root, base, name)];
        if (!at.some(globExists)) missing.push(`${folder}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('maps every folder of src/ that holds files: a row of its table, or a folder its rows name files in', () => {
    const mapped = new Set<string>();
    for (const { base, folder, files } of tableRows()) {
      mapped.add(base);
      if (folder !== 'root') mapped.add(`${base}/${folder}`);
      // A file named by a path below the row's folder (`read/slice-feed.ts`) maps the folder it sits in.
      for (const m of files.matchAll(/`([\w./*-]+\/[\w.*-]+)`/g)) {
        for (const at of [`${base}/${folder}/${m[1]}`, `${base}/${m[1]}`]) if (globExists(path.join(root, at))) mapped.add(path.posix.dirname(at));
      }
    }
    const unmapped: string[] = [];
    const walk = (dir: string) => {
      const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
      if (dir !== 'src' && entries.some((e) => e.isFile()) && !mapped.has(dir)) unmapped.push(dir);
      for (const e of entries) if (e.isDirectory()) walk(`${dir}/${e.name}`);
    };
    walk('src');
    expect(unmapped).toEqual([]);
  });
});

describe('the house', () => {
  it('keeps at most a dozen files at the root of each folder of src/ (grouped by concern below that)', () => {
    const crowded: string[] = [];
    const walk = (dir: string) => {
      const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).length;
      if (files > 12) crowded.push(`${dir} (${files})`);
      for (const e of entries) if (e.isDirectory()) walk(`${dir}/${e.name}`);
    };
    walk('src');
    expect(crowded).toEqual([]);
  });
});

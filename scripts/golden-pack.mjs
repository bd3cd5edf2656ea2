#!/usr/bin/env node
/**
 * Packs the shared golden corpora into the repository (test/golden-data/<corpus>.bin.gz), so a fresh
 * clone runs every test without the sibling ../shared folder. Run it when ../shared has newer
 * corpora: it rewrites a pack only when the corpus's content hash changed.
 *   node scripts/golden-pack.mjs            (every corpus found in ../shared)
 *   node scripts/golden-pack.mjs --from DIR (every corpus found in DIR instead: corpora made into a scratch folder
 *                                            by scripts/release-golden.py, ../shared being read-only)
 * Format (gzip): records of [u32 path length][path UTF-8][u32 data length][data], sorted by path;
 * the first record is `.source-sha256`, the hash of all the others.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = process.argv.indexOf('--from');
const shared = from > 0 ? path.resolve(process.argv[from + 1]) : path.resolve(root, '..', 'shared');
const out = path.join(root, 'test', 'golden-data');
const RELEASES_01 = ['0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3'];
export const CORPORA = ['golden', 'golden-v0.3', 'golden-main', ...RELEASES_01.map((v) => `golden-${v}`), 'golden-0.2.0', 'golden-0.2.1', 'golden-0.2.2'];

function walk(dir, rel = '') {
  const files = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) files.push(...walk(dir, r));
    else if (e.isFile()) files.push(r);
  }
  return files.sort();
}

function record(name, data) {
  const p = Buffer.from(name, 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(p.length);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(data.length);
  return [head, p, len, data];
}

/** The content hash a pack records for a corpus folder. */
export function corpusHash(dir) {
  const h = createHash('sha256');
  for (const f of walk(dir)) h.update(f).update('\0').update(fs.readFileSync(path.join(dir, f))).update('\0');
  return h.digest('hex');
}

/** The hash stored in a pack, or null. */
export function packHash(file) {
  if (!fs.existsSync(file)) return null;
  const buf = zlib.gunzipSync(fs.readFileSync(file));
  const n = buf.readUInt32LE(0);
  const len = buf.readUInt32LE(4 + n);
  return buf.subarray(8 + n, 8 + n + len).toString('utf8');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(out, { recursive: true });
  for (const corpus of CORPORA) {
    const dir = path.join(shared, corpus);
    if (!fs.existsSync(dir)) {
      console.log(`${corpus}: not in ../shared, pack kept`);
      continue;
    }
    const file = path.join(out, `${corpus}.bin.gz`);
    const hash = corpusHash(dir);
    if (packHash(file) === hash) {
      console.log(`${corpus}: up to date`);
      continue;
    }
    const parts = record('.source-sha256', Buffer.from(hash));
    for (const f of walk(dir)) parts.push(...record(f, fs.readFileSync(path.join(dir, f))));
    fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(parts), { level: 9 }));
    console.log(`${corpus}: packed ${walk(dir).length} files, ${fs.statSync(file).size} bytes`);
  }
}

/**
 * Reads the golden files in `../shared/golden` (or `$GOLDEN_DIR`) into the value model.
 *
 * `JSON.parse` would lose what the golden data records: `1.0` is a Python float (boxed in
 * PyFloat), dict key order survives even for integer-like keys, and the tags `{"$float": "NaN"}` /
 * `{"$bigint": "…"}` stand for values strict JSON cannot hold. Strings keep lone surrogates.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PyFloat, dictFrom, dictKeys, type PyValue } from '../src/core/python/pyvalue';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * A corpus by folder name (`golden`, `golden-v0.3`, `golden-main`): `../shared/<name>` beside the
 * repo when it is there, else the copy packed into `test/golden-data/<name>.bin.gz` (by
 * scripts/golden-pack.mjs), unpacked once under node_modules/.cache. `GOLDEN_FROM_PACK=1` forces
 * the pack (how the tests are checked as a fresh clone would run them).
 */
export function corpusDir(name: string): string {
  const shared = resolve(REPO_ROOT, '..', 'shared', name);
  if (existsSync(shared) && !process.env.GOLDEN_FROM_PACK) return shared;
  const known = unpacked.get(name);
  if (known && existsSync(known)) return known;
  const dir = unpack(name);
  unpacked.set(name, dir);
  return dir;
}

/** The folder each pack was found or unpacked in, by this process (the sweeps ask for every corpus in every test). */
const unpacked = new Map<string, string>();

/**
 * The pack's first record, `.source-sha256` (scripts/golden-pack.mjs writes it first), read from the
 * pack's first compressed bytes: the rest (tens of MiB) is inflated only when its folder is missing.
 */
function packHash(packed: Buffer): string | undefined {
  try {
    const head = gunzipSync(packed.subarray(0, 4096), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    const n = head.readUInt32LE(0);
    if (head.subarray(4, 4 + n).toString('utf8') !== '.source-sha256') return undefined;
    const len = head.readUInt32LE(4 + n);
    if (8 + n + len > head.length) return undefined;
    return head.subarray(8 + n, 8 + n + len).toString('utf8').slice(0, 16);
  } catch {
    return undefined;
  }
}

function unpack(name: string): string {
  const pack = resolve(REPO_ROOT, 'test', 'golden-data', `${name}.bin.gz`);
  const packed = readFileSync(pack);
  const early = packHash(packed);
  if (early) {
    const target = resolve(REPO_ROOT, 'node_modules', '.cache', 'session-lens-golden', `${name}-${early}`);
    if (existsSync(target)) return target;
  }
  const buf = gunzipSync(packed);
  const records: [string, Buffer][] = [];
  for (let at = 0; at < buf.length; ) {
    const n = buf.readUInt32LE(at);
    const path = buf.subarray(at + 4, at + 4 + n).toString('utf8');
    const len = buf.readUInt32LE(at + 4 + n);
    records.push([path, buf.subarray(at + 8 + n, at + 8 + n + len)]);
    at += 8 + n + len;
  }
  const hash = records[0]![1].toString('utf8').slice(0, 16);
  const target = resolve(REPO_ROOT, 'node_modules', '.cache', 'session-lens-golden', `${name}-${hash}`);
  if (existsSync(target)) return target;
  // Test files run in parallel workers: unpack beside the target, then rename it into place.
  const tmp = `${target}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  for (const [path, data] of records.slice(1)) {
    const file = resolve(tmp, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, data);
  }
  try {
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(target)) throw e;
  }
  return target;
}

/** The golden folder: `$GOLDEN_DIR` (relative to the repo root), else the v0.2 corpus. */
export const GOLDEN_DIR = process.env.GOLDEN_DIR ? resolve(REPO_ROOT, process.env.GOLDEN_DIR) : corpusDir('golden');

/** Parses a golden file under GOLDEN_DIR (e.g. `_units.json`, `cases/x.json`), or under `dir`. */
export function readGolden(relPath: string, dir = GOLDEN_DIR): PyValue {
  return parseGolden(readFileSync(resolve(dir, relPath), 'utf8'));
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const SPACE = /[ \t\n\r]*/y;

/** Strict JSON → PyValue: fractions/exponents are floats, tags decoded, key order kept. */
export function parseGolden(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`golden JSON: ${what} at offset ${i}`);
  };
  const skip = () => {
    SPACE.lastIndex = i;
    SPACE.exec(text);
    i = SPACE.lastIndex;
  };
  const string = (): string => {
    let j = i + 1;
    while (text[j] !== '"') {
      if (j >= text.length) fail('unterminated string');
      j += text[j] === '\\' ? 2 : 1;
    }
    const s = JSON.parse(text.slice(i, j + 1)) as string;
    i = j + 1;
    return s;
  };
  const value = (): PyValue => {
    skip();
    const c = text[i];
    if (c === '"') return string();
    if (c === '{') {
      i++;
      const entries: [string, PyValue][] = [];
      skip();
      if (text[i] === '}') i++;
      else
        for (;;) {
          skip();
          if (text[i] !== '"') fail('expected a key');
          const k = string();
          skip();
          if (text[i++] !== ':') fail('expected ":"');
          entries.push([k, value()]);
          skip();
          const sep = text[i++];
          if (sep === '}') break;
          if (sep !== ',') fail('expected "," or "}"');
        }
      return untag(dictFrom(entries));
    }
    if (c === '[') {
      i++;
      const items: PyValue[] = [];
      skip();
      if (text[i] === ']') i++;
      else
        for (;;) {
          items.push(value());
          skip();
          const sep = text[i++];
          if (sep === ']') break;
          if (sep !== ',') fail('expected "," or "]"');
        }
      return items;
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('unexpected character');
    i = NUMBER.lastIndex;
    if (m[1] !== undefined || m[2] !== undefined) return new PyFloat(Number(m[0]));
    return int(BigInt(m[0]));
  };
  const result = value();
  skip();
  if (i !== text.length) fail('trailing text');
  return result;
}

function int(b: bigint): number | bigint {
  const n = Number(b);
  return Number.isSafeInteger(n) ? n + 0 : b;
}

function untag(d: ReturnType<typeof dictFrom>): PyValue {
  const keys = dictKeys(d);
  if (keys.length !== 1 || typeof d[keys[0]!] !== 'string') return d;
  const raw = d[keys[0]!] as string;
  if (keys[0] === '$float') return new PyFloat(Number(raw));
  if (keys[0] === '$bigint') return int(BigInt(raw));
  return d;
}

/** JSON text of a PyValue for failure messages (floats as `1.0`-style tags, bigints as digits). */
export function showValue(v: unknown): string {
  return JSON.stringify(
    v,
    (_k, x: unknown) =>
      typeof x === 'bigint' ? { $bigint: x.toString() } : x instanceof PyFloat ? { $float: String(x.value) } : x,
    1,
  );
}


import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexBytes } from '../index-bytes';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { searchFile } from '../../src/store/large/find/large-find';
import { openFromBytes } from '../open-bytes';
import { findMatches, searchIndex, type FindMatch } from '../ui/session/find/find-reference';
import { MATCH_LIMIT } from '../../src/ui/session/find/state';
import { CORPORA, fixturePaths, fixturesInTurn, releasesInTurn } from '../corpora';
import { expectEqual } from '../expect-equal';

const SLICES = [1, 7, 333, 65_536];

/** A small seeded generator, so a failure names a case that can be run again. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each file's index and Blob, made once for all of its queries (the search never changes them). */
const opened = new WeakMap<Uint8Array, { ix: ReturnType<typeof indexBytes>; blob: Blob }>();

/** The large-file search's matches, collected. */
async function largeFind(bytes: Uint8Array, version: NanobotVersion, query: string, slice: number, limit = MATCH_LIMIT): Promise<{ matches: FindMatch[]; limited: boolean }> {
  let file = opened.get(bytes);
  if (!file) opened.set(bytes, (file = { ix: indexBytes(bytes, version, 4096), blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }));
  const { ix, blob } = file;
  const matches: FindMatch[] = [];
  let last = 0;
  const end = await searchFile(blob, ix, {
    query,
    slice,
    limit,
    live: () => true,
    onSlice: (flat, total, at) => {
      for (let k = 0; k < flat.length; k += 2) matches.push({ message: flat[k]!, nth: flat[k + 1]! });
      // A call a slice (of 1 byte, often): the matchers run only where the plain check fails, and give the verdict.
      if (!Object.is(total, matches.length)) expect(total).toBe(matches.length);
      if (typeof at !== 'number' || !(at >= last)) expect(at).toBeGreaterThanOrEqual(last);
      last = at;
    },
  });
  expect(end.total).toBe(matches.length);
  return { matches, limited: end.limited };
}

/** The full view's index and matches of the same bytes. */
function fullView(bytes: Uint8Array, version: NanobotVersion) {
  const path = 'sessions/x.jsonl';
  const o = openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: '2026-12-04T00:00:00' });
  const index = searchIndex(o);
  return { index, find: (q: string) => findMatches(index, q) };
}

/** Queries drawn from the file's own searchable text (any span, escapes and newlines included), some upper-cased, plus fixed ones. */
/** Queries every fixture sees in turn: words, single letters, JSON's punctuation, CJK, accents, emoji, a miss. */
const FIXED = ['the', 'TOOL', 'a', 'i', 'k', 'none', 'true', '"', '\n', '/', '{', "'", ': ', '你', 'é', '😀', 'zzzz-not-there'];

/** Two of the fixed queries (in turn across fixtures) and six cut from the fixture's own text. */
function queriesFor(n: number, index: readonly string[], next: () => number): string[] {
  const out = [FIXED[(2 * n) % FIXED.length]!, FIXED[(2 * n + 1) % FIXED.length]!];
  const texts = index.filter((t) => t.length > 0);
  for (let n = 0; n < 6 && texts.length; n++) {
    const t = texts[Math.floor(next() * texts.length)]!;
    const at = Math.floor(next() * t.length);
    const q = t.slice(at, at + 1 + Math.floor(next() * 14));
    out.push(next() < 0.3 ? q.toUpperCase() : q);
  }
  return out;
}

describe('the large-file search equals the full view’s find', () => {
  for (const [dir, version] of CORPORA) {
    const files = fixturePaths(dir);
    // Where the slices cut a file is the same at every version: a fixture the corpora share is searched
    // in small slices by one corpus in turn (corpora.ts), and by the others in one slice of 64 KiB.
    const cut = new Set(fixturesInTurn(dir));
    it(`on every ${dir} fixture, in slices of ${SLICES.join(', ')} bytes (the small ones on the fixtures it takes in turn)`, async () => {
      const next = rng(files.length);
      let found = 0;
      for (const [n, f] of files.entries()) {
        const bytes = new Uint8Array(readFileSync(f));
        const full = fullView(bytes, version);
        expect(indexBytes(bytes, version).messageCount, f).toBe(full.index.length);
        for (const [k, q] of queriesFor(n, full.index, next).entries()) {
          const slice = cut.has(f) ? SLICES[(n + k) % SLICES.length]! : SLICES.at(-1)!;
          const want = full.find(q);
          const got = await largeFind(bytes, version, q, slice);
          expectEqual(got.matches, want, `${f} ${JSON.stringify(q)} slice ${slice}`);
          found += want.length;
        }
      }
      expect(found * releasesInTurn(dir)).toBeGreaterThan(1000); // with the other releases' shares in turn
    }, 120_000);
  }
});

/** JSON text of `v` with the characters of its strings written as `\uXXXX` where `escape` says so (keys too). */
function escapedJson(v: unknown, escape: (ch: string) => boolean): string {
  return JSON.stringify(v).replace(/"(?:[^"\\]|\\.)*"/g, (lit) => {
    let out = '';
    for (let i = 0; i < lit.length; i++) {
      const ch = lit[i]!;
      if (ch === '\\') {
        const len = lit[i + 1] === 'u' ? 6 : 2;
        out += lit.slice(i, i + len);
        i += len - 1;
      } else if (i > 0 && i < lit.length - 1 && escape(ch)) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, lit.length % 2 ? '0' : '0').toUpperCase()}`;
      else out += ch;
    }
    return out;
  });
}

const HOSTILE_TEXTS = [
  'A line\nthen "quoted" and a back\\slash, a/slash and a\ttab',
  'Emoji 😀 and 👍🏽 and CJK 你好，世界 and 日本語のテキスト',
  'İstanbul, the Kelvin sign K, ΟΔΥΣΣΕΥΣ and ΣΑΣ, ÉCOLE and école, straße STRASSE',
  'mixed Case WoRdS, FIND me, find ME, fInD',
  'control \u0001 and \u001f, DEL \u007f, line sep \u2028 para \u2029',
  'planted needle far down: haystack-needle-42',
];

/** A session of hostile messages: every text as content, text blocks and tool calls (string and non-string arguments). */
function hostileFile(next: () => number): Uint8Array {
  const rows: string[] = [JSON.stringify({ _type: 'metadata', key: 'k', created_at: null, updated_at: null, metadata: {}, last_consolidated: 0 })];
  const pick = () => HOSTILE_TEXTS[Math.floor(next() * HOSTILE_TEXTS.length)]!;
  for (let i = 0; i < 60; i++) {
    const kind = i % 6;
    const v =
      kind === 0
        ? { role: 'user', content: pick() }
        : kind === 1
          ? { role: 'assistant', content: [{ type: 'text', text: pick() }, { type: 'image_url', image_url: { url: 'FIND me not' } }, 'loose FIND', { type: 'text', text: pick() }] }
          : kind === 2
            ? { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'find_tool', arguments: JSON.stringify({ q: pick() }) } }, 'not a call', { id: 'c2', name: 'bare', arguments: { q: pick(), none: null, yes: true, n: 1.5 } }] }
            : kind === 3
              ? { role: 'tool', tool_call_id: 'c1', content: pick(), tool_calls: [{ function: { name: 'not searched: a tool row' } }] }
              : kind === 4
                ? { role: 'assistant', content: pick(), tool_calls: [{ id: 'c3', function: { name: 'None', arguments: ['Σ', { é: 'FIND' }] } }] }
                : { role: 'system', content: { text: 'a dict is not searched FIND' } };
    const p = next();
    // Some rows as nanobot writes them, some with every non-ASCII character escaped, some with letters escaped too.
    rows.push(p < 0.4 ? JSON.stringify(v) : p < 0.7 ? escapedJson(v, (ch) => ch.charCodeAt(0) > 0x7e) : escapedJson(v, () => next() < 0.3));
  }
  rows.push('not json FIND', '{"role": "user", "content": "bad utf-8 FIND \xff"}', '', '\ufeff{"role": "user", "content": "after a BOM: FIND"}');
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

const HOSTILE_QUERIES = ['find', 'FIND me', 'a/slash', 'line\nthen', '"quoted"', 'back\\slash', '\t', '😀', '👍🏽', '你好，', '世界 and', 'istanbul', 'i̇stanbul', 'k', 'kelvin sign k', 'σς', 'οδυσσευς', 'σας', 'école', 'straße', 'none', 'true', "{'q': '", '1.5', 'find_tool', '\nfind_tool', 'a tool row', 'needle-42', '\u2028', 'del \u007f', 'i', 'ı'];

describe('the large-file search on hostile text', () => {
  it('finds what the full view finds, across escapes, emoji, CJK and case mappings, in odd slice sizes', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const bytes = hostileFile(rng(seed));
      const full = fullView(bytes, 'v0.3.0');
      for (const q of HOSTILE_QUERIES) {
        const want = full.find(q);
        for (const slice of [1, 13, 4096]) expectEqual((await largeFind(bytes, 'v0.3.0', q, slice)).matches, want, `seed ${seed} ${JSON.stringify(q)} slice ${slice}`);
      }
    }
    const bytes = hostileFile(rng(1));
    expect(fullView(bytes, 'v0.3.0').find('find').length).toBeGreaterThan(20);
  });

  it('stops at the limit and says so', async () => {
    const bytes = hostileFile(rng(3));
    const all = fullView(bytes, 'v0.3.0').find('i');
    const got = await largeFind(bytes, 'v0.3.0', 'i', 7, 25);
    expect(got.limited).toBe(true);
    expect(got.matches).toEqual(all.slice(0, 25));
  });

  it('stops before the next slice once it is no longer wanted', async () => {
    const bytes = hostileFile(rng(4));
    const ix = indexBytes(bytes, 'v0.3.0');
    let slices = 0;
    const end = await searchFile(new Blob([bytes as Uint8Array<ArrayBuffer>]), ix, { query: 'find', slice: 1, limit: MATCH_LIMIT, live: () => slices < 3, onSlice: () => slices++ });
    expect(end.cancelled).toBe(true);
    expect(slices).toBe(3);
  });
});

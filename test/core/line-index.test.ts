import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { loadNanobot } from '../../src/core/lens/load';
import { EOL, lineEnd } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import { indexLoadOf, loadOnIndex } from './index-cut';
import { splitLines } from '../../src/core/python/lines';
import { KIND, KIND_NAMES, textFacts } from '../../src/core/index/record-facts';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { CORPORA, fixturePaths, fixturesInTurn } from '../corpora';

const NOW = '2026-12-04T00:00:00';

/** What the whole-file parse and nanobot's load say of a file: computed once, for every chunk size its index is built in. */
function reference(bytes: Uint8Array, version: NanobotVersion) {
  const doc = parseDocument(bytes, { version });
  const lines = splitLines(bytes);
  return {
    bytes,
    version,
    kinds: doc.records.map((r) => r.kind),
    starts: lines.map((l) => l.start),
    lengths: lines.map((l) => l.end - l.start),
    nexts: lines.map((l) => l.next),
    load: loadNanobot(bytes, 'k', NOW, version),
  };
}

/** The index must say what the whole-file parse says, line by line, and what nanobot's load says. */
function compare(bytes: Uint8Array, version: NanobotVersion, chunk: number, name: string): void {
  agrees(reference(bytes, version), chunk, name);
}

function agrees(want: ReturnType<typeof reference>, chunk: number, name: string): void {
  const { bytes, version } = want;
  const ix = indexBytes(bytes, version, chunk);
  expect(ix.count, name).toBe(want.kinds.length);
  expect(ix.size).toBe(bytes.length);
  // Whole columns at once: one comparison per column, not one per line (a diff still names the line).
  const col = <T>(f: (i: number) => T) => Array.from({ length: ix.count }, (_, i) => f(i));
  expect(col((i) => KIND_NAMES[ix.kind[i]!]), `${name} kinds`).toEqual(want.kinds);
  expect(col((i) => ix.start[i]), `${name} starts`).toEqual(want.starts.slice(0, ix.count));
  expect(col((i) => ix.length[i]), `${name} lengths`).toEqual(want.lengths.slice(0, ix.count));
  expect(col((i) => lineEnd(ix, i)), `${name} line ends`).toEqual(want.nexts.slice(0, ix.count));
  const load = indexLoadOf(loadOnIndex(bytes, ix, version));
  const nb = want.load;
  expect(load.raises, `${name} raises`).toBe(nb.error !== null);
  if (nb.error) return;
  expect(load.path, `${name} path`).toBe(nb.path);
  expect(load.loaded, `${name} loaded`).toBe(nb.result !== null);
  expect(load.skipped, `${name} skipped`).toBe(nb.skipped);
  if (nb.result) {
    expect([...load.messageLines], `${name} messages`).toEqual(nb.result.messageLines);
    expect(load.lastConsolidated, `${name} last_consolidated`).toBe(nb.result.lastConsolidated);
  }
}

/** Each line's facts (kind, role, flags) must be those of the exact parse of its text. */
function factsAgree(bytes: Uint8Array, version: NanobotVersion, chunk: number, name: string): void {
  compare(bytes, version, chunk, name);
  // Without and with FLAG.dumps (a printer's index).
  for (const dumps of [false, true]) {
    const ix = indexBytes(bytes, version, chunk, dumps);
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    for (let i = 0; i < ix.count; i++) {
      let text: string;
      try {
        text = decoder.decode(bytes.subarray(ix.start[i]!, ix.start[i]! + ix.length[i]!));
      } catch {
        expect(ix.kind[i], `${name} line ${i}`).toBe(KIND.corrupt);
        continue;
      }
      expect({ kind: ix.kind[i], role: ix.role[i], flags: ix.flags[i] }, `${name} line ${i} (dumps ${dumps})`).toEqual(textFacts(text, version, dumps));
    }
  }
}

describe('line index', () => {
  for (const [dir, version] of CORPORA) {
    const files = fixturePaths(dir);
    // Cutting a file into chunks is the same at every version: the fixtures the corpora share are cut
    // into 1 and 3 bytes once, by one corpus in turn (corpora.ts); each is read in 4096-byte chunks at
    // every version.
    const cut = new Set(fixturesInTurn(dir));
    it(`agrees with parseDocument and loadNanobot on every ${dir} fixture, in 4096-byte chunks (1 and 3 too, those it takes in turn)`, () => {
      for (const f of files) {
        const want = reference(new Uint8Array(readFileSync(f)), version);
        for (const chunk of cut.has(f) ? [1, 3, 4096] : [4096]) agrees(want, chunk, `${f} @${chunk}`);
      }
    });
  }

  it('joins lines and UTF-8 characters cut by any chunk boundary, and a \\r\\n split between chunks', () => {
    const text =
      '{"_type":"metadata","key":"k","created_at":"2026-01-01T00:00:00","updated_at":"2026-01-01T00:00:00","metadata":{},"last_consolidated":1}\r\n' +
      '{"role":"user","content":"héllo 世界 🎉"}\r' +
      '{"role":"assistant","content":"","tool_calls":[{"id":"a","type":"function","function":{"name":"x","arguments":"{}"}}]}\n' +
      '\ufeff{"role":"tool","tool_call_id":"a","content":"ok"}\n' +
      '   \n' +
      '[1,2]\n' +
      '{"role":"user","content":"bad \xff"}\n' +
      '{"role":"user","content":"no newline"}';
    const bytes = new TextEncoder().encode(text);
    for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
      for (let chunk = 1; chunk <= 40; chunk++) compare(bytes, version, chunk, `generated @${chunk}`);
    }
    const ix = indexBytes(bytes, 'main', 7);
    expect([...ix.eol]).toEqual([EOL.crlf, EOL.cr, EOL.lf, EOL.lf, EOL.lf, EOL.lf, EOL.lf, EOL.none]);
  });

  it('lines where JSON.parse and Python disagree: deep nesting, NaN, a 5,000-digit number, a provider_state version 1.0', () => {
    const meta = '{"_type":"metadata","key":"k","created_at":null,"updated_at":null,"metadata":{},"last_consolidated":0}';
    const user = '{"role":"user","content":"hi"}';
    const cases = [
      `{"role":"user","content":${'['.repeat(1000)}${']'.repeat(1000)}}`,
      '{"role":"user","content":NaN,"x":-Infinity}',
      `{"role":"user","content":"x","n":${'9'.repeat(5000)}}`,
      '{"_type":"provider_state","version":1.0,"state":{}}',
      '{"_type":"provider_state","provider":"p","model":"m","version":1,"state":{"a":1},"updated_at":"2026-01-01T00:00:00"}',
    ];
    for (const c of cases) {
      const bytes = new TextEncoder().encode([meta, user, c, user].join('\n') + '\n');
      for (const version of ['v0.2', 'v0.3.0', 'main'] as const) compare(bytes, version, 4096, `${c.slice(0, 40)} ${version}`);
    }
  });

  it('a byte that is not UTF-8 in a multibyte character cut by a chunk is found, and nanobot loads nothing', () => {
    const good = new TextEncoder().encode('{"role":"user","content":"世"}\n');
    const bytes = new Uint8Array([...good, ...good]);
    bytes[good.length + 27] = 0x41; // breaks the second 世 (bytes e4 b8 96) in its middle
    for (let chunk = 1; chunk < 12; chunk++) compare(bytes, 'v0.2', chunk, `broken @${chunk}`);
    const ix = indexBytes(bytes, 'v0.2', 5);
    expect(indexLoadOf(loadOnIndex(bytes, ix, 'v0.2')).loaded).toBe(false);
  });

  it('grows past its first capacity: 5,000 generated messages with random lengths', () => {
    const parts: string[] = ['{"_type":"metadata","key":"k","created_at":null,"updated_at":null,"metadata":{},"last_consolidated":4000}'];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 5000; i++) {
      const role = ['user', 'assistant', 'tool'][i % 3];
      parts.push(JSON.stringify({ role, content: 'ä'.repeat(Math.floor(rnd() * 300)), ...(role === 'tool' ? { tool_call_id: `c${i}` } : {}) }));
    }
    const bytes = new TextEncoder().encode(parts.join('\n') + '\n');
    for (const chunk of [1000, 65536]) compare(bytes, 'v0.3.0', chunk, `5000 @${chunk}`);
    expect(indexBytes(bytes, 'main', 999).messageCount).toBe(5000);
  });

  it('finds each line\'s end while reading it: a \\r or \\n inside a string or between values ends the line there, whatever follows', () => {
    const lines = [
      '{"role":"user","content":"a\rb"}',
      '{"role":"user","content":"a\nb"}',
      '{"role":"user",\n"content":"x"}',
      '{"role":"user",\r\n"content":"x"}',
      '{"role":"user"}\t\x0b\x0c\x1c \r\n',
      ' \x1f{"role":"tool","tool_call_id":"a"}',
      '{"role":"user"} x',
      '{"role":"user"}{"role":"user"}',
      '{"role":"user"}\r\r\n',
      '{"role":"user","content":"\\',
      '{"role":"user","n":1',
      '{"role":"user","content":"\ud83c"}',
      '\r\n\n',
      '{}',
    ];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    // Every chunk size: some chunk ends just after each `\r` of a line read whole within it.
    for (let chunk = 1; chunk <= bytes.length; chunk++) factsAgree(bytes, 'main', chunk, `line ends @${chunk}`);
    for (const chunk of [1, 7, 1 << 20]) factsAgree(bytes, 'v0.2', chunk, `line ends v0.2 @${chunk}`);
  });

  it('agrees with parseDocument on lines made of random pieces of records, terminators and stray bytes', () => {
    const piece = fc.constantFrom('{"role":"user","content":"', '{"role":"assistant","tool_calls":[1]}', '"', '\\', 'é', '世', '🎉', 'ab', ' ', '\t', '\x0b', '\r', '\n', '\r\n', '}', '{', ',"x":1}', ':', '\u00e9', '\\n', '\\"', '\\\\', '\\u00e9', '\\u12g4', '\\x', '\n{"r\\u006fle":"user","\\u0074ool_calls":[1]}\n', '\n{"role":"us\\u0065r"}\n', 'plain text of more than sixteen bytes ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (pieces, chunk) => {
        const bytes = new TextEncoder().encode(pieces.join(''));
        factsAgree(bytes, 'main', chunk, JSON.stringify(pieces.join('')));
        factsAgree(bytes, 'main', 1 << 20, JSON.stringify(pieces.join('')));
      }),
      { numRuns: 500 },
    );
  });
});

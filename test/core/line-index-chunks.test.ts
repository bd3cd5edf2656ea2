import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { EOL, lineEnd, type LineIndex } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import { KIND, KIND_NAMES } from '../../src/core/index/record-facts';
import { splitLines } from '../../src/core/python/lines';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { SLICE_BYTES } from '../../src/store/large/large-client';

/**
 * The line index read as real reads feed it: Node's stream (64 KiB), the CLI's chunks (256 KiB),
 * the page's slices and byte stream (1 MiB), with the hard part of a file placed across the
 * boundary. Small chunks send every split down the slow path; these reach the byte pass's fast
 * path, which must wait on a `\r` ending a chunk and join what a boundary cuts.
 */
const REAL_CHUNKS = [64 << 10, 256 << 10, SLICE_BYTES];
const UTF8 = new TextEncoder();

/** The first line whose columns differ between two indexes, or -1 (the row is then compared, for a readable failure). */
function firstDiff(a: LineIndex, b: LineIndex): number {
  const n = Math.max(a.count, b.count);
  for (let i = 0; i < n; i++) {
    if (a.start[i] !== b.start[i] || a.length[i] !== b.length[i] || a.eol[i] !== b.eol[i] || a.kind[i] !== b.kind[i] || a.role[i] !== b.role[i] || a.flags[i] !== b.flags[i]) return i;
  }
  return -1;
}
const row = (ix: LineIndex, i: number) => [ix.start[i], ix.length[i], ix.eol[i], ix.kind[i], ix.role[i], ix.flags[i]];

/** The index in `chunk`-byte chunks is the index of the file in one piece, and its lines are Python's lines and the whole-file parse's records. */
function agrees(bytes: Uint8Array, version: NanobotVersion, chunk: number, name: string, parse = true): LineIndex {
  const ix = indexBytes(bytes, version, chunk);
  const whole = indexBytes(bytes, version, bytes.length + 1);
  const lines = splitLines(bytes);
  expect(ix.count, `${name}: lines`).toBe(lines.length);
  const d = firstDiff(ix, whole);
  if (d >= 0) expect(row(ix, d), `${name} line ${d}`).toEqual(row(whole, d));
  expect(ix.messageCount, name).toBe(whole.messageCount);
  for (let i = 0; i < ix.count; i++) {
    if (ix.start[i] !== lines[i]!.start || lineEnd(ix, i) !== lines[i]!.next) expect([ix.start[i], lineEnd(ix, i)], `${name} line ${i}`).toEqual([lines[i]!.start, lines[i]!.next]);
  }
  if (!parse) return ix;
  const doc = parseDocument(bytes, { version });
  expect(Array.from(ix.kind, (k) => KIND_NAMES[k]), name).toEqual(doc.records.map((r) => r.kind));
  return ix;
}

const plain = (i: number, content: string) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content });

/**
 * A file of plain messages in which `piece` starts at byte `boundary - cut` (so a chunk of
 * `boundary` bytes ends `cut` bytes into it), with plain messages after it.
 */
function across(boundary: number, piece: string, cut: number): Uint8Array {
  const head: string[] = [];
  let size = 0;
  for (let i = 0; size < boundary - 2000; i++) {
    const line = plain(i, 'x'.repeat(40 + ((i * 37) % 300))) + '\n';
    head.push(line);
    size += line.length;
  }
  // One more plain message, padded to end exactly where the piece must start.
  const pad = boundary - cut - size - (plain(0, '').length + 1);
  head.push(plain(0, 'p'.repeat(pad)) + '\n');
  const tail = Array.from({ length: 20 }, (_, i) => plain(i, `after ${i} é`)).join('\n') + '\n';
  const bytes = UTF8.encode(head.join('') + piece + tail);
  expect(UTF8.encode(head.join('')).length).toBe(boundary - cut);
  return bytes;
}

describe('the line index at the chunk sizes real reads use', () => {
  it('a \\r\\n split between two reads is one terminator: two lines, not three', () => {
    const line = plain(1, 'ends in crlf');
    for (const chunk of REAL_CHUNKS) {
      for (const version of ['v0.2', 'main'] as const) {
        // The chunk ends before the `\r`, between `\r` and `\n`, and after the `\n`.
        for (const cut of [line.length, line.length + 1, line.length + 2]) {
          const bytes = across(chunk, `${line}\r\n`, cut);
          const ix = agrees(bytes, version, chunk, `crlf @${chunk} cut ${cut} ${version}`);
          const at = ix.messages[ix.messageCount - 21]!;
          expect(ix.eol[at], `crlf @${chunk} cut ${cut}`).toBe(EOL.crlf);
          expect(ix.kind[at + 1]).toBe(KIND.message);
        }
      }
    }
  });

  it('a lone \\r ending a read is a terminator of its own once the next read starts with something else', () => {
    const line = plain(1, 'ends in cr');
    for (const chunk of REAL_CHUNKS) {
      const ix = agrees(across(chunk, `${line}\r`, line.length + 1), 'main', chunk, `cr @${chunk}`);
      expect(ix.eol[ix.messages[ix.messageCount - 21]!]).toBe(EOL.cr);
    }
  });

  it('a multi-byte character cut at each of its bytes, and a line cut at each of its bytes, are joined', () => {
    for (const ch of ['é', '世', '🎉']) {
      const line = `${plain(0, `before ${ch} after`)}\n`;
      const at = UTF8.encode(line.slice(0, line.indexOf(ch))).length;
      for (const chunk of REAL_CHUNKS) {
        for (let k = 1; k < UTF8.encode(ch).length; k++) agrees(across(chunk, line, at + k), 'v0.3.0', chunk, `${ch} byte ${k} @${chunk}`);
      }
    }
    const records = [
      '{"_type": "metadata", "key": "cli:x", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}\n',
      '{"role": "assistant", "content": "", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "x", "arguments": "{}"}}]}\r\n',
      '{"role": "tool", "tool_call_id": "a", "content": "ok \\u00e9 \\"q\\""}\n',
    ];
    for (const rec of records) {
      const n = UTF8.encode(rec).length;
      // Every cut against the index in one piece (the whole-file parse already agrees with that on the few below).
      for (let cut = 0; cut <= n; cut++) agrees(across(64 << 10, rec, cut), 'main', 64 << 10, `record cut ${cut}: ${rec.slice(0, 30)}`, cut % 16 === 0);
      for (const cut of [1, n >> 1, n - 2, n - 1]) agrees(across(1 << 20, rec, cut), 'main', 1 << 20, `record cut ${cut} @1MiB`);
    }
  });
});

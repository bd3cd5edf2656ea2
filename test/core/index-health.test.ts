import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { addHealth, emptyHealth, fileProblemCount, lineProblems, LINE_PROBLEM, LINE_PROBLEMS, nextFileProblemLine, nextProblemLine, type LineProblem } from '../../src/core/index/index-health';
import { type LineIndex } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import { splitLines } from '../../src/core/python/lines';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { CORPORA, fixturePaths } from '../corpora';

const enc = (s: string) => new TextEncoder().encode(s);
/** The health of the whole index in one pass (the page counts in slices). */
const indexHealth = (ix: LineIndex) => addHealth(emptyHealth(), ix, 0, ix.count);
const META = '{"_type":"metadata","key":"k","created_at":null,"updated_at":null,"metadata":{},"last_consolidated":0}';

/** The index's counts must be the whole-file parse's diagnostics, kind by kind. */
function compare(bytes: Uint8Array, version: NanobotVersion, name: string): void {
  const ix = indexBytes(bytes, version);
  const h = indexHealth(ix);
  const doc = parseDocument(bytes, { version });
  const diags = (kind: string) => doc.diagnostics.filter((d) => d.kind === kind).length;
  expect(h.lines.invalidUtf8, `${name} invalid-utf8`).toBe(diags('invalid-utf8'));
  expect(h.lines.blank, `${name} blank`).toBe(diags('blank-line'));
  expect(h.lines.bom, `${name} bom`).toBe(diags('bom'));
  expect(h.lines.badJson + h.lines.longNumber, `${name} bad-json`).toBe(diags('bad-json'));
  expect(h.lines.tooDeep, `${name} too-deep`).toBe(diags('too-deep'));
  expect(h.lines.notObject, `${name} not-object`).toBe(diags('not-object'));
  expect(h.lines.missingRole, `${name} missing-role`).toBe(diags('missing-role'));
  expect(h.lines.notRecord, `${name} corrupt`).toBe(doc.records.filter((r) => r.kind === 'corrupt').length);
  expect(fileProblemCount(h, 'noFinalNewline'), `${name} final newline`).toBe(diags('no-final-newline'));
  expect(fileProblemCount(h, 'missingMetadata'), `${name} missing metadata`).toBe(diags('missing-metadata'));
  expect(fileProblemCount(h, 'metadataNotFirst'), `${name} metadata not first`).toBe(diags('metadata-not-first'));
  expect(fileProblemCount(h, 'duplicateMetadata'), `${name} duplicates`).toBe(diags('duplicate-metadata'));
  const lines = splitLines(bytes);
  expect(h.lines.crlf, `${name} crlf`).toBe(lines.filter((l) => l.next - l.end === 2).length);
  expect(h.lines.cr, `${name} cr`).toBe(lines.filter((l) => l.next - l.end === 1 && bytes[l.end] === 13).length);
}

describe('the health of an index', () => {
  for (const [dir, version] of CORPORA) {
    const files = fixturePaths(dir);
    it(`counts what parseDocument diagnoses, kind by kind, on every ${dir} fixture`, () => {
      for (const f of files) compare(new Uint8Array(readFileSync(f)), version, f);
    });
  }

  it('tells each kind of bad line apart, a BOM included, and the file-wide problems', () => {
    const text = [
      '{"role":"user","content":"before the metadata"}',
      META,
      '\ufeff{"role":"user","content":"bom"}',
      '\ufeff[1]',
      '\ufeffnot json',
      '[1, 2]',
      '{"role": "user", "content": x}',
      `{"role":"user","content":${'['.repeat(1000)}${']'.repeat(1000)}}`,
      `{"role":"user","n":${'9'.repeat(5000)}}`,
      '{"content":"no role"}',
      '   ',
      META,
      '{"role":"user","content":"crlf"}\r',
      '{"role":"user","content":"cr"}\r{"role":"user","content":"last, no newline"}',
    ].join('\n');
    const bytes = new Uint8Array([...enc(text.split('\n').slice(0, 6).join('\n') + '\n'), ...enc('{"role":"user","content":"bad \xff'), 0xff, ...enc('"}\n'), ...enc(text.split('\n').slice(6).join('\n'))]);
    for (const version of ['v0.2', 'main'] as const) compare(bytes, version, `mixed ${version}`);
    const ix = indexBytes(bytes, 'v0.2');
    const h = indexHealth(ix);
    const has = (p: LineProblem) => [...Array(ix.count).keys()].filter((i) => lineProblems(ix, i) & LINE_PROBLEM[p]);
    expect(has('bom')).toEqual([2, 3, 4]);
    expect(has('invalidUtf8')).toEqual([6]);
    expect(has('notObject')).toEqual([3, 5]);
    expect(has('badJson')).toEqual([4, 7]);
    expect(has('tooDeep')).toEqual([8]);
    expect(has('longNumber')).toEqual([9]);
    // json.loads raises on every BOM line and every corrupt line whose bytes are UTF-8 (the invalid one stops nanobot before).
    expect(has('rejected')).toEqual([2, 3, 4, 5, 7, 8, 9]);
    expect(has('notRecord')).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(has('missingRole')).toEqual([10]);
    expect(has('blank')).toEqual([11]);
    expect(has('crlf')).toEqual([13]);
    for (const p of LINE_PROBLEMS) expect(h.first[p], p).toBe(has(p)[0] ?? -1);
    expect(has('cr')).toEqual([14]);
    expect(h.metadata).toEqual({ count: 2, first: 1, last: 12 });
    expect(h.noFinalNewline).toBe(15);
    expect(fileProblemCount(h, 'metadataNotFirst')).toBe(1);
    expect(nextFileProblemLine(ix, h, 'metadataNotFirst', 5)).toBe(1);
    expect(nextFileProblemLine(ix, h, 'duplicateMetadata', -1)).toBe(1);
    expect(nextFileProblemLine(ix, h, 'noFinalNewline', 0)).toBe(15);
  });

  it('finds the next line with a problem after any line, wrapping to the first', () => {
    const bytes = enc([META, 'x', '{"role":"user"}', 'y', '{"role":"user"}'].join('\n') + '\n');
    const ix = indexBytes(bytes, 'v0.2');
    expect(nextProblemLine(ix, 'badJson', -1)).toBe(1);
    expect(nextProblemLine(ix, 'badJson', 1)).toBe(3);
    expect(nextProblemLine(ix, 'badJson', 3)).toBe(1);
    expect(nextProblemLine(ix, 'blank', 0)).toBe(-1);
    expect(nextFileProblemLine(ix, indexHealth(ix), 'missingMetadata', 0)).toBe(-1);
  });

  it('adds up the same in slices of any size as in one pass', () => {
    const rows = [META];
    for (let i = 0; i < 500; i++) rows.push(i % 7 === 0 ? 'bad' : i % 11 === 0 ? '' : `{"role":"${i % 13 ? 'user' : ''}"}`);
    const ix = indexBytes(enc(rows.join('\r\n')), 'v0.2');
    const whole = indexHealth(ix);
    for (const step of [1, 7, 100, 1000]) {
      const h = emptyHealth();
      for (let a = 0; a < ix.count; a += step) addHealth(h, ix, a, Math.min(ix.count, a + step));
      expect(h, `step ${step}`).toEqual(whole);
    }
    expect(LINE_PROBLEMS.every((p) => typeof whole.lines[p] === 'number')).toBe(true);
    expect(whole.lines.crlf).toBe(ix.count - 1);
  });
});

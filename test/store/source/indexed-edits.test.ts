/**
 * Add a message, `last_consolidated`, clear and remove a line of a file on its line index give the
 * whole document's plan and bytes, never reading the file whole: every session file of the three
 * golden corpora (one edit a file, its settings taken in turn) and generated files with the hard
 * parts (no metadata record, two of them, corrupt and blank lines, CRLF, a BOM, no final newline, a
 * lone surrogate that cannot be written, a byte that is not UTF-8).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticMessages } from '../../../bench/synthetic';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../../src/core/python/pyjson';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import type { SourceEdit } from '../../../src/store/source/session-source';
import { CORPORA, releasesInTurn, sweepFiles } from '../../corpora';
import { countingAdapter } from './counting-adapter';

const NOW = '2031-07-08T09:10:11.121314';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

/** An edit's setting `k` (taken in turn across files): roles, contents, bounds in and out of range. */
function editFor(k: number, messages: number, lines: number): SourceEdit {
  const kinds = ['append', 'last-consolidated', 'clear', 'remove-line'] as const;
  const kind = kinds[k % kinds.length]!;
  const turn = Math.floor(k / kinds.length);
  switch (kind) {
    case 'append': {
      const contents = ['added é 😀', [{ type: 'text', text: 'parts' }], { nested: { a: [1, 2.5, null, true] } }, 'lone \ud800 surrogate', ''];
      return { kind, role: turn % 2 ? 'assistant' : 'user', content: contents[turn % contents.length]! };
    }
    case 'last-consolidated':
      return { kind, upTo: [0, messages, Math.floor(messages / 2), messages + 1, -1, 1.5][turn % 6]! };
    case 'clear':
      return { kind };
    case 'remove-line':
      return { kind, line: [0, lines - 1, Math.floor(lines / 2), lines, -1][turn % 5]! };
  }
}

/** The plan and what its save does (the bytes written, or the refusal), on the index (threshold 0) or the whole document. */
async function outcome(bytes: Uint8Array, name: string, version: NanobotVersion, edit: SourceEdit, indexed: boolean) {
  const { adapter, whole } = countingAdapter();
  adapter.setFile(name, bytes, 1_800_000_000_000);
  LINE_INDEX.from = indexed ? 0 : Infinity;
  const source = await openSource(adapter, name, { now: NOW, version });
  const plan = await source.plan(edit);
  let result: unknown;
  if ('error' in plan) result = { error: plan.error };
  else {
    let saved: unknown;
    try {
      saved = await source.save(plan);
    } catch (e) {
      const err = e as { code?: string; reason?: unknown };
      saved = { refused: err.code, reason: err.reason };
    }
    result = { change: plan.change, writes: plan.writes, backup: plan.backup, saved, file: Buffer.from(adapter.getFile(name)!).toString('latin1') };
  }
  return { result, wholeReads: whole.reads };
}

/** Compares the index's answer with the whole document's for one file and edit; a mismatch as words. */
async function compare(bytes: Uint8Array, name: string, version: NanobotVersion, edit: SourceEdit): Promise<string[]> {
  const doc = await outcome(bytes, name, version, edit, false);
  const ix = await outcome(bytes, name, version, edit, true);
  const out: string[] = [];
  if (JSON.stringify(ix.result) !== JSON.stringify(doc.result)) out.push(`${name} ${version} ${JSON.stringify(edit)}: ${JSON.stringify(ix.result).slice(0, 400)} vs ${JSON.stringify(doc.result).slice(0, 400)}`);
  if (ix.wholeReads) out.push(`${name} ${JSON.stringify(edit)}: the index read the file whole`);
  return out;
}

/** Lines and messages of a file, as the whole document counts them (for the settings' bounds). */
function counts(bytes: Uint8Array): { lines: number; messages: number } {
  const text = Buffer.from(bytes).toString('latin1');
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return { lines: lines.length, messages: lines.filter((l) => l.includes('"role"')).length };
}

describe('the small edits over the index give the whole document\'s plan and bytes', () => {
  it.each(CORPORA)('every session file of %s', { timeout: 300_000 }, async (corpus, version) => {
    const files = sweepFiles(corpus);
    const mismatches: string[] = [];
    const seen = new Set<string>();
    for (const [i, path] of files.entries()) {
      const bytes = new Uint8Array(readFileSync(path));
      const c = counts(bytes);
      const edit = editFor(i, c.messages, c.lines);
      seen.add(edit.kind);
      mismatches.push(...(await compare(bytes, 'sessions/' + path.split('/').pop()!, version, edit)));
    }
    expect(mismatches.slice(0, 8)).toEqual([]);
    expect(seen.size).toBe(4);
    // The corpus's share of the fixtures, with the other releases' shares in turn, is the whole corpus.
    expect(files.length * releasesInTurn(corpus)).toBeGreaterThan(300);
  });

  const enc = new TextEncoder();
  const meta = (key: string, lc: unknown, metadata: unknown) => pyDumps({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: metadata as never, last_consolidated: lc as never });
  const body = syntheticMessages(40, 7, 12).map((m) => pyDumps(m));
  const HARD: Record<string, string> = {
    'no metadata record, no final newline': body.join('\n'),
    'two metadata records, corrupt and blank lines, CRLF': [meta('a:b', 3, { title: 't', _last_summary: 's' }), ...body.slice(0, 10), '{"role": "user", "content": "cut', '', '[]', meta('c:d', 99, { _last_summary: 'x' }), ...body.slice(10)].join('\r\n') + '\r\n',
    'a BOM line, metadata last without a newline': ['\ufeff' + body[0]!, ...body.slice(1, 20), meta('e:f', 'x', [])].join('\n'),
    'metadata that is a list, a lone surrogate in it': [meta('g:h', 2, ['\ud800']).replace('"\ud800"', '"\\ud800"'), ...body.slice(0, 5)].join('\n') + '\n',
    'a lone cr and a deep line': [meta('i:j', 1, {}), ...body.slice(0, 5), `{"role": "assistant", "content": ${'['.repeat(200)}1${']'.repeat(200)}}`, ...body.slice(5, 9)].join('\r') + '\n',
    'empty file': '',
    'only a corrupt line': '{bad',
  };
  it.each(Object.keys(HARD))('%s: every edit, every setting, every version', async (name) => {
    const bytes = enc.encode(HARD[name]!);
    const c = counts(bytes);
    const mismatches: string[] = [];
    for (let k = 0; k < 24; k++) mismatches.push(...(await compare(bytes, 'sessions/hard_file.jsonl', NANOBOT_VERSIONS[k % NANOBOT_VERSIONS.length]!, editFor(k, c.messages, c.lines))));
    // A byte that is not UTF-8 near the end.
    const invalid = bytes.slice();
    const at = invalid.lastIndexOf(0x61);
    if (at >= 0) {
      invalid[at] = 0xff;
      for (let k = 0; k < 8; k++) mismatches.push(...(await compare(invalid, 'sessions/hard_file.jsonl', 'main', editFor(k, c.messages, c.lines))));
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * The write commands' plans are the core's change codes worded by src/words/edit-en.ts: the CLI
 * prints, line for line, what it printed when the core still wrote English sentences, on the
 * whole-file path and on a big file's index alike.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LINE_INDEX as STREAMING } from '../../src/store/source/open-source';
import { editChangeEn } from '../../src/words/edit-en';
import { runCli } from './run-cli';

/** The command at v0.2's rules, its output without the line that names them. */
async function run(...argv: string[]): Promise<{ out: string }> {
  const r = await runCli(...argv, '--nanobot', 'v0.2');
  expect(r.code).toBe(0);
  const [head, ...rest] = r.out.split('\n');
  expect(head).toBe('nanobot v0.2 rules (as asked with --nanobot)');
  return { out: rest.join('\n') };
}

const root = mkdtempSync(join(tmpdir(), 'sl-cli-edit-words-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const threshold = STREAMING.from;
afterEach(() => void (STREAMING.from = threshold));

const meta = (key: string, lc = 0) => JSON.stringify({ _type: 'metadata', key, created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: lc });
const user = (c: string) => JSON.stringify({ role: 'user', content: c, timestamp: '2026-06-01T10:00:00' });
const bot = (c: string) => JSON.stringify({ role: 'assistant', content: c });
let n = 0;

function file(lines: string[]): string {
  const f = join(root, `a_b${n++}.jsonl`);
  writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

const DRY = '(dry run: add --write to do it)';

describe('the write commands word the core’s change codes as before', () => {
  it.each([
    ['whole file', Infinity],
    ['line index', 0],
  ])('trim (%s)', async (_path, from) => {
    STREAMING.from = from;
    const f = file([meta('a:b', 2), user('one'), bot('two'), user('three'), bot('four'), user('five'), bot('six')]);
    expect((await run('trim', f, '2')).out).toBe(`Drops 4 of 6 messages (2 already archived, 2 never archived) and keeps 2.\n${DRY}`);
    expect((await run('trim', f, '9')).out).toBe('Nothing to drop: all 6 messages fit within 9; the file stays as it is. Nothing is written.');
    expect((await run('trim', f, '0')).out).toBe(`Drops 6 of 6 messages (2 already archived, 4 never archived) and keeps 0.\n${DRY}`);
    const one = file([meta('a:b'), user('one')]);
    expect((await run('trim', one, '1')).out).toBe('Nothing to drop: all 1 message fit within 1; the file stays as it is. Nothing is written.');
    expect((await run('trim', one, '0')).out).toBe(`Drops 1 of 1 message (0 already archived, 1 never archived) and keeps 0.\n${DRY}`);
  });

  it('set-title and repair', async () => {
    const f = file([meta('a:b'), user('one'), '{"cut', meta('a:b'), '', bot('two')]);
    expect((await run('set-title', f, 'Trip to Porto')).out).toBe(`Title becomes "Trip to Porto" (marked as edited by you, so nanobot keeps it).\n${DRY}`);
    expect((await run('repair', f)).out).toBe(`Writes 2 messages under one metadata record (1 extra metadata record merged), leaving out 2 corrupt or blank lines (kept in the backup).\n${DRY}`);
    const clean = file([meta('a:b'), user('one'), '[]']);
    expect((await run('repair', clean)).out).toBe(`Writes 1 message under one metadata record, leaving out 1 corrupt or blank line (kept in the backup).\n${DRY}`);
  });

  it('prints the words of the code, counts ungrouped', async () => {
    STREAMING.from = 0;
    const lines = [meta('a:b')];
    for (let i = 0; i < 1200; i++) lines.push(user(`u${i}`), bot(`b${i}`));
    const f = file(lines);
    const out = (await run('trim', f, '10')).out;
    expect(out).toBe(`${editChangeEn({ code: 'trim', total: 2400, dropped: 2390, archived: 0, kept: 10 })}\n${DRY}`);
    expect(out).toContain('Drops 2390 of 2400 messages');
  });
});

describe('with --json, a write command prints its plan as the code and values', () => {
  const json = async (...argv: string[]) => {
    const r = await runCli(...argv, '--json', '--nanobot', 'v0.2');
    expect(r.code, r.err).toBe(0);
    return JSON.parse(r.out) as unknown;
  };

  it.each([
    ['whole file', Infinity],
    ['line index', 0],
  ])('trim (%s)', async (_path, from) => {
    STREAMING.from = from;
    const f = file([meta('a:b', 2), user('one'), bot('two'), user('three'), bot('four'), user('five'), bot('six')]);
    expect(await json('trim', f, '2')).toEqual({ plan: { code: 'trim', total: 6, dropped: 4, archived: 2, kept: 2 }, dry_run: true, written: null });
    expect(await json('trim', f, '9', '--write')).toEqual({ plan: { code: 'trim-nothing', total: 6, max: 9 }, dry_run: false, written: null });
    const done = await json('trim', f, '2', '--write');
    expect(done).toEqual({ plan: { code: 'trim', total: 6, dropped: 4, archived: 2, kept: 2 }, dry_run: false, written: { path: f, bytes: expect.any(Number), backup: null } });
    expect((done as { written: { bytes: number } }).written.bytes).toBe(statSync(f).size);
  });

  it('set-title, repair, fork and delete', async () => {
    const f = file([meta('a:b'), user('one'), '{"cut', bot('two')]);
    expect(await json('set-title', f, 'Trip')).toEqual({ plan: { code: 'title', title: 'Trip' }, dry_run: true, written: null });
    expect(await json('repair', f)).toEqual({ plan: { code: 'repair', messages: 2, merged: 0, removed: 1 }, dry_run: true, written: null });
    const repaired = (await json('repair', f, '--write')) as { written: { backup: string } };
    expect(repaired.written.backup).toMatch(/\.bak$/);
    expect(await json('fork', f, '1', 'c:d')).toEqual({ plan: { code: 'fork', key: 'a:b', beforeUserTurn: 1, newKey: 'c:d', fileName: 'c_d.jsonl', messages: 2 }, dry_run: true, written: null });
    expect(await json('delete', f)).toEqual({ plan: { code: 'delete', path: f, key: 'a:b', messages: 2 }, dry_run: true, written: null });
  });
});

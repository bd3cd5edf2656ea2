/** CLI faults found by trying it as a new user would; each test pins one. */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';
import { base64urlKey } from '../../src/core/nanobot/keys';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyValue } from '../../src/core/python/pyvalue';
import { version } from '../../package.json';
import { NOW, runCli } from './run-cli';

const root = mkdtempSync(join(tmpdir(), 'sl-cli-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const meta = (key: string, updated: unknown = '2026-06-01T10:00:00') =>
  JSON.stringify({ _type: 'metadata', key, created_at: '2026-06-01T09:00:00', updated_at: updated, metadata: {}, last_consolidated: 0 });
const user = (c: string) => JSON.stringify({ role: 'user', content: c, timestamp: '2026-06-01T10:00:00' });
const bot = (c: string) => JSON.stringify({ role: 'assistant', content: c });
let n = 0;

/** A fresh folder holding `files` (name → lines). */
function folder(files: Record<string, string[]>): string {
  const dir = join(root, `d${n++}`);
  for (const [name, lines] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), lines.join('\n') + '\n');
  }
  return dir;
}

const run = runCli;

describe('CLI faults', () => {
  it('trim that drops nothing changes nothing, even with --write', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one'), bot('two')] });
    const file = join(dir, 'a_b.jsonl');
    const before = readFileSync(file);
    const r = await run('trim', file, '5', '--write');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Nothing to drop: all 2 messages fit within 5');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('fork: dry run and --write agree on the index, which counts user turns from 0', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one'), bot('two'), user('three')] });
    const file = join(dir, 'a_b.jsonl');
    const dry = await run('fork', file, '99', 'c:d');
    const wet = await run('fork', file, '99', 'c:d', '--write');
    expect([dry.code, wet.code]).toEqual([2, 2]);
    expect(dry.err).toBe(wet.err);
    expect(dry.err).toContain('user turns count from 0, and this session has 2 user turns, so the index is 0 to 1, or 2 to copy every message');
    const ok = await run('fork', file, '1', 'c:d');
    expect(ok.out).toContain('before user turn 1 (user turns count from 0)');
    expect(ok.out).toContain('c_d.jsonl, 2 messages');
    expect((await run('fork', file, '2', 'c:d', '--write')).out).toContain('(3 messages)');
    expect((await run('--help')).out).toContain('user turns count from 0');
  });

  it('forking onto an existing key says so in the CLI’s words, in the dry run too', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one')], 'c_d.jsonl': [meta('c:d'), user('mine')] });
    const before = readFileSync(join(dir, 'c_d.jsonl'));
    for (const extra of [[], ['--write']]) {
      const r = await run('fork', join(dir, 'a_b.jsonl'), '0', 'c:d', ...extra);
      expect(r.code).toBe(2);
      expect(r.err).toContain('NEW_KEY "c:d" is taken');
      expect(r.err).toContain('Choose another NEW_KEY');
    }
    expect(readFileSync(join(dir, 'c_d.jsonl')).equals(before)).toBe(true);
  });

  it('--help and help exit 0; --version prints the version', async () => {
    for (const argv of [['--help'], ['help'], ['-h'], ['replay', '--help']]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.out).toContain('usage: session-lens');
    }
    expect(await run('--version')).toMatchObject({ code: 0, out: `session-lens ${version}` });
    expect((await run()).code).toBe(2);
  });

  it('--max-tokens -5 is no budget, as in nanobot, and says so', async () => {
    const file = join(folder({ 'a_b.jsonl': [meta('a:b'), user('one'), bot('two')] }), 'a_b.jsonl');
    const r = await run('replay', file, '--max-tokens', '-5');
    expect(r.code).toBe(0);
    expect(r.out).toContain('--max-tokens -5 is no budget: nanobot applies one only when max_tokens > 0.');
    expect(r.out).toContain('2 of 2 messages replayed');
    expect(r.out).toContain('(no token budget)');
    expect(r.out).not.toContain('-5-token budget');
  });

  it('unexpected extra arguments are an error (exit 2)', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one')] });
    const file = join(dir, 'a_b.jsonl');
    for (const argv of [['load', file, 'x'], ['replay', file, 'x'], ['list', dir, 'x'], ['check', file, 'x'], ['trim', file, '1', 'x'], ['set-title', file, 'T', 'x'], ['fork', file, '0', 'c:d', 'x'], ['delete', file, 'x']]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toContain('unexpected argument "x"');
    }
    expect(readdirSync(dir)).toEqual(['a_b.jsonl']);
  });

  it('list prints the rows it can where nanobot’s own sort raises, then says so, and exits 1', async () => {
    const dir = folder({ 'a.jsonl': [meta('a', '2026-06-01T10:00:00'), user('hello a')], 'b.jsonl': [meta('b', 5), user('hello b')] });
    const r = await run('list', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('2026-06-01T10:00:00  a');
    expect(r.out).toContain('5  b');
    expect(r.out).toMatch(/2 sessions; .*\nnanobot's own listing raises TypeError: '<' not supported/);
    const j = await run('list', dir, '--json');
    expect(j.code).toBe(1);
    expect(JSON.parse(j.out)).toMatchObject({ rows: [{ key: 'a' }, { key: 'b' }], error: { type: 'TypeError' } });
  });

  it('list finds the sessions of a workspace folder and of a config folder with namespaces, as the app does', async () => {
    const ws = folder({ 'sessions/a_b.jsonl': [meta('a:b'), user('in the workspace')] });
    expect(JSON.parse((await run('list', ws, '--json')).out)).toMatchObject({ folder: 'sessions', rows: [{ key: 'a:b', preview: 'in the workspace' }] });
    const id = '0123456789abcdef0123456789abcdef';
    const config = folder({ 'config.json': ['{}'], [`sessions/${id}/${base64urlKey('x:y')}.jsonl`]: [meta('x:y'), user('in a namespace')], [`sessions/${id}/.workspace`]: ['/home/me/ws'] });
    const r = await run('list', config);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`== /home/me/ws (sessions/${id}) ==`);
    expect(r.out).toContain('x:y');
    expect(r.out).toContain('in a namespace');
    expect(JSON.parse((await run('list', config, '--json')).out)).toMatchObject({ folder: `sessions/${id}`, rows: [{ key: 'x:y' }] });
  });

  it('list --json of several folders is json.dumps of nanobot’s rows per folder, byte for byte', async () => {
    const [id1, id2] = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];
    const titled = JSON.stringify({ _type: 'metadata', key: 'x:y', created_at: 5, updated_at: '2026-06-02T10:00:00', metadata: { title: 'Café «1»' }, last_consolidated: 0 });
    const config = folder({
      'config.json': ['{}'],
      [`sessions/${id1}/${base64urlKey('x:y')}.jsonl`]: [titled, user('say "hi"\tthere 天气')],
      [`sessions/${id1}/${base64urlKey('x:z')}.jsonl`]: [meta('x:z', '2026-06-03T10:00:00'), bot('only me')],
      [`sessions/${id2}/.workspace`]: ['/home/me/ws'],
      [`sessions/${id2}/${base64urlKey('q:r')}.jsonl`]: [meta('q:r', 7), user('a')],
      [`sessions/${id2}/${base64urlKey('q:s')}.jsonl`]: [meta('q:s'), user('b')],
    });
    const r = await run('list', config, '--json', '--nanobot', 'v0.3.0');
    expect(r.code).toBe(1); // the second folder's times mix a number with text
    expect(r.out).toBe(pyDumps(JSON.parse(r.out) as PyValue));
    expect(JSON.parse(r.out)).toEqual({
      folders: [
        {
          path: `sessions/${id1}`,
          label: `workspace ${id1}`,
          rows: [
            { key: 'x:z', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-03T10:00:00', title: '', preview: 'only me', path: `${base64urlKey('x:z')}.jsonl` },
            { key: 'x:y', created_at: 5, updated_at: '2026-06-02T10:00:00', title: 'Café «1»', preview: 'say "hi" there 天气', path: `${base64urlKey('x:y')}.jsonl` },
          ],
        },
        { path: `sessions/${id2}`, label: '/home/me/ws', rows: expect.any(Array), error: { type: 'TypeError', message: expect.stringContaining("'<' not supported") } },
      ],
    });
  });

  it('list prints 300 sessions in one write, not a write per row, the same text as line by line', async () => {
    const files: Record<string, string[]> = {};
    for (let i = 0; i < 300; i++) files[`sessions/s_${i}.jsonl`] = [meta(`s:${i}`, `2026-06-01T10:00:${String(i % 60).padStart(2, '0')}`), user(`question ${i}`)];
    const dir = folder(files);
    const pieces: string[] = [];
    const code = await main(['list', dir, ...NOW], { log: (s) => pieces.push(s + '\n'), write: (s) => pieces.push(s) });
    expect(code).toBe(0);
    expect(pieces).toHaveLength(1);
    const byLine = await run('list', dir);
    expect(pieces.join('')).toBe(byLine.out + '\n');
    expect(byLine.out).toContain('300 sessions; read');
  });

  it('replay --json carries each message’s fate beside the entries', async () => {
    const file = join(folder({ 'a_b.jsonl': [meta('a:b'), bot('before'), user('one'), JSON.stringify({ role: 'user', content: '/new', _command: true })] }), 'a_b.jsonl');
    const r = JSON.parse((await run('replay', file, '--json', '--timestamps')).out);
    expect(r.entries).toHaveLength(1);
    expect(r.fates).toEqual([
      { line: 2, kept: false, reason: 'before-user' },
      { line: 3, kept: true, entry: 0, changes: ['timestamp'] },
      { line: 4, kept: false, reason: 'command' },
    ]);
  });

  it('counts agree with their nouns: "1 line", "1 message", "1 problem"', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one')] });
    const file = join(dir, 'a_b.jsonl');
    expect((await run('load', file)).out).toContain('as nanobot sees it: 1 message,');
    expect((await run('load', file)).out).toContain('recovered: 1 message, 2 lines');
    expect((await run('replay', file)).out).toMatch(/1 of 1 message replayed, ~\d+ tokens \(no token budget\)/);
    expect((await run('list', dir)).out).toContain('1 session; read');
    expect((await run('trim', file, '0')).out).toContain('Drops 1 of 1 message');
    writeFileSync(file, [meta('a:b'), user('one'), '', '{"role": "user", "content": "cut'].join('\n') + '\n');
    const check = await run('check', file);
    expect(check.out).toContain("its repair pass keeps 1 message and skips 1 line.");
    expect(check.out).toMatch(/\n2 problems that lose data or break nanobot; 1 other note\.$/);
    expect((await run('repair', file)).out).toContain('Writes 1 message under one metadata record, leaving out 2 corrupt or blank lines');
  });

  it('an atomic save keeps the file’s mode, and a backup gets the mode of the file it copies', async () => {
    const dir = folder({ 'a_b.jsonl': [meta('a:b'), user('one'), '{"cut'] });
    const file = join(dir, 'a_b.jsonl');
    chmodSync(file, 0o600);
    expect((await run('set-title', file, 'T', '--write')).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await run('repair', file, '--write')).code).toBe(0);
    const backup = readdirSync(dir).find((f) => f.endsWith('.bak'))!;
    expect(statSync(join(dir, backup)).mode & 0o777).toBe(0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

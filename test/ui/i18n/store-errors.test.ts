/**
 * Every storage error reason has words in English and Chinese: a sample of each code (the type
 * makes the list complete), worded by both catalogs and the CLI, with its values quoted as they are.
 */
import { describe, expect, it } from 'vitest';
import enShell from '../../../src/ui/i18n/en/errors';
import zhShell from '../../../src/ui/i18n/zh/errors';
import { storeErrorText } from '../../../src/cli/output/text';
import { StoreError, type NameProblem, type SnapshotChange, type StoreReason } from '../../../src/store/adapter/errors';
import { nameProblem } from '../../../src/store/adapter/names';

type Samples<U extends { code: string }> = { [C in U['code']]: Extract<U, { code: C }>[] };

const PROBLEMS: Samples<NameProblem> = {
  empty: [{ code: 'empty' }],
  'dot-name': [{ code: 'dot-name', name: '..' }],
  'lone-surrogate': [{ code: 'lone-surrogate', cp: 'U+D800' }],
  forbidden: [{ code: 'forbidden', cp: 'U+003A', shown: ':' }],
  invisible: [{ code: 'invisible', cp: 'U+200B' }],
  'bad-start': [{ code: 'bad-start', cp: 'U+0020' }, { code: 'bad-start', cp: 'U+007E', shown: '~' }],
  'bad-end': [{ code: 'bad-end', cp: 'U+002E', shown: '.' }],
  device: [{ code: 'device', stem: 'CON' }],
  'shell-file': [{ code: 'shell-file', name: 'desktop.ini' }],
  'shell-extension': [{ code: 'shell-extension', ext: 'lnk' }],
  'too-long': [{ code: 'too-long', bytes: 256, max: 255 }],
};

const CHANGES: Samples<SnapshotChange> = {
  deleted: [{ code: 'deleted' }],
  exists: [{ code: 'exists' }],
  size: [{ code: 'size', from: 9, to: 18 }],
  modified: [{ code: 'modified', from: 1_000_000, to: 2_000_000 }],
  content: [{ code: 'content', from: 'aaaaaaaaaaaa', to: 'bbbbbbbbbbbb' }],
  replaced: [{ code: 'replaced' }],
  shorter: [{ code: 'shorter' }],
  line: [{ code: 'line', line: 7 }],
  'written-while-read': [{ code: 'written-while-read', from: 5, to: 6 }],
  bytes: [{ code: 'bytes', from: 0, to: 4096 }],
};

const PY = { type: 'UnicodeEncodeError', message: "'utf-8' codec can't encode character '\\udc80'" };

const REASONS: Samples<StoreReason> = {
  'changed-while-read': [{ code: 'changed-while-read' }],
  'keeps-changing': [{ code: 'keeps-changing' }],
  'changed-since-read': [{ code: 'changed-since-read', changes: Object.values(CHANGES).flat() }, { code: 'changed-since-read', changes: [] }],
  'name-exists': [{ code: 'name-exists', from: 'sessions/x.jsonl', to: 'sessions/y.jsonl' }],
  'bad-name': Object.values(PROBLEMS).flat().map((why) => ({ code: 'bad-name' as const, name: 'odd:name', why })),
  backslash: [{ code: 'backslash' }],
  'not-relative': [{ code: 'not-relative' }],
  'no-file-path': [{ code: 'no-file-path' }],
  'not-a-file': [{ code: 'not-a-file' }],
  'not-found': [{ code: 'not-found' }],
  'folder-not-empty': [{ code: 'folder-not-empty' }],
  'permission-revoked': [{ code: 'permission-revoked' }],
  'quota-exceeded': [{ code: 'quota-exceeded' }],
  busy: [{ code: 'busy' }],
  cancelled: [{ code: 'cancelled' }],
  injected: [{ code: 'injected', fault: 'io', step: 'write' }],
  native: [
    { code: 'native', action: 'reading', fault: 'not-found', name: 'ENOENT', text: "ENOENT: no such file or directory, open 'x'" },
    { code: 'native', action: 'renaming-onto', fault: 'io', name: 'TypeMismatchError', text: 'The path supplied exists, but was not an entry of requested type.' },
    { code: 'native', action: 'syncing-folder', fault: 'quota', name: '', text: 'disk full' },
    { code: 'native', action: 'reading', fault: 'io', name: 'IndexNotSent', text: '' },
    { code: 'native', action: 'reading', fault: 'io', name: 'UnexpectedReply', text: 'progress' },
  ],
  'nanobot-raises': [{ code: 'nanobot-raises', fileName: 'long.jsonl', error: { type: 'OSError', message: '[Errno 36] File name too long' } }],
  'line-cannot-save': [{ code: 'line-cannot-save', line: 12, error: PY }],
  'no-user-turn': [{ code: 'no-user-turn', userIndex: 9, users: 2 }, { code: 'no-user-turn', userIndex: 1, users: 0 }],
  'fork-raises': [{ code: 'fork-raises', error: PY }],
  'key-cannot-name': [{ code: 'key-cannot-name', key: 'k\udc80', error: 'surrogates not allowed' }],
  'key-bad-file-name': [{ code: 'key-bad-file-name', key: 'CON', name: 'CON.jsonl', why: { code: 'device', stem: 'CON' } }],
  'key-taken': [{ code: 'key-taken', key: 'c:d', name: 'c_d.jsonl' }],
  'produce-failed': [{ code: 'produce-failed', text: 'iterator broke' }],
  'size-mismatch': [{ code: 'size-mismatch', written: 10, planned: 12 }],
};

const PATH = 'sessions/some file.jsonl';
const all = Object.values(REASONS).flat() as StoreReason[];

/** The string values a reason carries (not its codes), which every language quotes as they are. */
function values(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return ['code', 'fault', 'action'].includes(key) || v === '' ? [] : [v];
  if (Array.isArray(v)) return v.flatMap((x) => values(x));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => values(x, k));
  return [];
}

/** English words left in a text once its values are taken out (names that stay in English allowed). */
function english(text: string, reason: StoreReason): string[] {
  let rest = text;
  for (const v of values(reason).sort((a, b) => b.length - a.length)) rest = rest.split(v).join(' ');
  rest = rest.split(PATH).join(' ');
  return (rest.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !['nanobot', 'gateway', 'Windows', 'UTF', 'sha', 'Error', 'ISO'].includes(w));
}

describe('storage errors in words', () => {
  it('has a sample of every reason, name problem and change code', () => {
    expect(all.map((r) => r.code)).toEqual(expect.arrayContaining(Object.keys(REASONS)));
    expect(all.length).toBeGreaterThan(Object.keys(REASONS).length + Object.keys(PROBLEMS).length);
  });

  it.each(all.map((r) => [r.code, r] as const))('words %s in English and in Chinese, its values verbatim', (_code, r) => {
    const en = enShell.storeError(r, PATH);
    const zh = zhShell.storeError(r, PATH);
    expect(en).toMatch(/[A-Za-z]{3}/);
    expect(zh).toMatch(/\p{Script=Han}/u);
    expect(english(zh, r)).toEqual([]);
    for (const v of values(r)) {
      expect(en).toContain(v);
      expect(zh).toContain(v);
    }
  });

  it('words every name problem in both languages (the fork card says why a key cannot name a file)', () => {
    for (const p of Object.values(PROBLEMS).flat()) {
      expect(enShell.nameProblem(p)).toMatch(/[a-z]{3}/);
      expect(zhShell.nameProblem(p)).toMatch(/\p{Script=Han}/u);
    }
    expect(zhShell.nameProblem(nameProblem('CON.jsonl')!)).toBe('“CON”是 Windows 的保留设备名');
  });

  it('words every change in both languages', () => {
    for (const c of Object.values(CHANGES).flat()) {
      expect(enShell.snapshotChange(c)).toMatch(/[a-z]{3}/);
      expect(zhShell.snapshotChange(c)).toMatch(/\p{Script=Han}/u);
    }
  });

  it('the CLI says what the English catalog says, from the reason, not the message', () => {
    for (const r of all) {
      const e = new StoreError('io', 'FALLBACK', { path: PATH, reason: r });
      expect(storeErrorText(e)).toBe(enShell.storeError(r, PATH));
      expect(storeErrorText(e)).not.toContain('FALLBACK');
    }
  });

  it('a tmp file the failed save left behind is named in both languages and the CLI', () => {
    const e = new StoreError('quota', 'FALLBACK', { path: PATH, reason: { code: 'quota-exceeded' } });
    e.leftover = 'sessions/.x.jsonl.0123456789abcdef.tmp';
    expect(storeErrorText(e)).toBe(`${enShell.storeError(e.reason, PATH)} ${enShell.storeLeftover(e.leftover)}`);
    expect(storeErrorText(e)).toContain(`The temporary file '${e.leftover}' could not be removed`);
    expect(zhShell.storeLeftover(e.leftover)).toBe(`临时文件“${e.leftover}”无法删除；原文件没有改动。`);
  });

  it('the store reports a bad name as a code the words follow', () => {
    expect(nameProblem('telegram:1.jsonl')).toEqual({ code: 'forbidden', cp: 'U+003A', shown: ':' });
    expect(nameProblem('a\u200bb')).toEqual({ code: 'invisible', cp: 'U+200B' });
    expect(zhShell.storeError({ code: 'bad-name', name: 'telegram:1.jsonl', why: nameProblem('telegram:1.jsonl')! })).toBe('无法使用名称“telegram:1.jsonl”：它包含 “:”（U+003A）。');
  });
});

/**
 * What an edit changes and why one cannot be made are codes with values (core/edit/edits.ts): every
 * code has words in English and Chinese, the Chinese holding no English word once its values are
 * taken out, and the English is the CLI's own (src/words/edit-en.ts), in the words the CLI printed
 * when the core still wrote them as sentences.
 */
import { describe, expect, it } from 'vitest';
import enPages from '../../../src/ui/i18n/en/pages';
import zhPages from '../../../src/ui/i18n/zh/pages';
import { groupDigits } from '../../../src/ui/i18n/numbers';
import { editChangeEn, editRefusalEn } from '../../../src/words/edit-en';
import type { EditChange, EditRefusal } from '../../../src/core/edit/edits';

type Samples<U extends { code: string }> = { [C in U['code']]: Extract<U, { code: C }>[] };

const PY = { type: 'UnicodeEncodeError', message: "'utf-8' codec can't encode character '\\udc80'" };

/** Each change with the CLI's words for it, as the core wrote them before it handed codes. */
const CHANGES: Samples<EditChange & { en?: string }> = {
  title: [{ code: 'title', title: 'Trip to Porto', en: 'Title becomes "Trip to Porto" (marked as edited by you, so nanobot keeps it).' }],
  archive: [
    { code: 'archive', upTo: 0, total: 3, en: 'No message counts as archived to memory; replay starts after them (3 messages remain replayable).' },
    { code: 'archive', upTo: 1, total: 2, en: 'Message 1 counts as archived to memory; replay starts after them (1 message remains replayable).' },
    { code: 'archive', upTo: 2600, total: 2602, en: 'Messages 1–2600 count as archived to memory; replay starts after them (2 messages remain replayable).' },
  ],
  append: [{ code: 'append', role: 'user', en: 'Adds a user message at the end.' }],
  'remove-line': [{ code: 'remove-line', line: 7, en: 'Removes line 7.' }],
  'trim-nothing': [
    { code: 'trim-nothing', total: 2, max: 5, en: 'Nothing to drop: all 2 messages fit within 5; the file stays as it is.' },
    { code: 'trim-nothing', total: 1, max: 1, en: 'Nothing to drop: all 1 message fit within 1; the file stays as it is.' },
  ],
  trim: [
    { code: 'trim', total: 2602, dropped: 2502, archived: 0, kept: 100, en: 'Drops 2502 of 2602 messages (0 already archived, 2502 never archived) and keeps 100.' },
    { code: 'trim', total: 1, dropped: 1, archived: 1, kept: 0, en: 'Drops 1 of 1 message (1 already archived, 0 never archived) and keeps 0.' },
  ],
  clear: [
    { code: 'clear', messages: 1, en: 'Removes the only message; the metadata record stays.' },
    { code: 'clear', messages: 40, en: 'Removes all 40 messages; the metadata record stays.' },
  ],
  repair: [
    { code: 'repair', messages: 1, merged: 0, removed: 2, en: 'Writes 1 message under one metadata record, leaving out 2 corrupt or blank lines (kept in the backup).' },
    { code: 'repair', messages: 30, merged: 1, removed: 1, en: 'Writes 30 messages under one metadata record (1 extra metadata record merged), leaving out 1 corrupt or blank line (kept in the backup).' },
    { code: 'repair', messages: 0, merged: 2, removed: 0, en: 'Writes 0 messages under one metadata record (2 extra metadata records merged), leaving out 0 corrupt or blank lines (kept in the backup).' },
  ],
};

const REFUSALS: Samples<EditRefusal> = {
  raises: [{ code: 'raises', error: { type: 'TypeError', message: "'int' object is not iterable" } }],
  'bad-last-consolidated': [{ code: 'bad-last-consolidated', max: 2602 }],
  'no-line': [{ code: 'no-line', line: 99 }],
  'line-cannot-save': [{ code: 'line-cannot-save', line: 12, error: PY }],
};

const changes = Object.values(CHANGES).flat();
const refusals = Object.values(REFUSALS).flat() as EditRefusal[];

/** A code's text values (its words quote them as they are). */
function values(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return ['code', 'en'].includes(key) ? [] : [v];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => values(x, k));
  return [];
}

/** English words left in a Chinese text once its values are out (names nanobot's files use allowed). */
function english(text: string, c: object): string[] {
  let rest = text;
  for (const v of values(c).sort((a, b) => b.length - a.length)) rest = rest.split(v).join(' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((w) => !['nanobot', 'last_consolidated'].includes(w) && !/^(last|consolidated)$/.test(w));
}

describe('what an edit changes, in words', () => {
  it('has a sample of every code', () => {
    expect(new Set(changes.map((c) => c.code)).size).toBe(Object.keys(CHANGES).length);
    expect(new Set(refusals.map((r) => r.code)).size).toBe(Object.keys(REFUSALS).length);
  });

  it.each(changes.map((c) => [c.code, c] as const))('words %s in English and in Chinese, its values verbatim', (_code, c) => {
    const en = enPages.edit.change(c);
    const zh = zhPages.edit.change(c);
    expect(en).toMatch(/[A-Za-z]{3}/);
    expect(zh).toMatch(/\p{Script=Han}/u);
    expect(english(zh, c)).toEqual([]);
    for (const v of values(c)) {
      expect(en).toContain(v);
      expect(zh).toContain(v);
    }
  });

  it.each(changes.map((c) => [c.code, c] as const))('the CLI words %s as it did when the core wrote sentences', (_code, { en, ...c }) => {
    expect(editChangeEn(c)).toBe(en);
    // The app's English is the same words with its counts grouped.
    expect(enPages.edit.change(c)).toBe(editChangeEn(c, groupDigits));
  });

  it('groups counts in the app, as the CLI does not', () => {
    const c: EditChange = { code: 'trim', total: 2602, dropped: 2502, archived: 0, kept: 100 };
    expect(enPages.edit.change(c)).toBe('Drops 2,502 of 2,602 messages (0 already archived, 2,502 never archived) and keeps 100.');
    expect(zhPages.edit.change(c)).toBe('删除 2,602 条消息中的 2,502 条（0 条已归档，2,502 条从未归档），保留 100 条。');
    expect(zhPages.edit.change({ code: 'trim-nothing', total: 2, max: 5 })).toBe('无需删除：全部 2 条消息都在 5 条之内；文件保持不变。');
  });

  it.each(refusals.map((r) => [r.code, r] as const))('words the refusal %s in English and in Chinese', (_code, r) => {
    const en = enPages.edit.refusal(r);
    const zh = zhPages.edit.refusal(r);
    expect(en).toBe(editRefusalEn(r));
    expect(zh).toMatch(/\p{Script=Han}/u);
    expect(english(zh, r)).toEqual([]);
    for (const v of values(r)) {
      expect(en).toContain(v);
      expect(zh).toContain(v);
    }
  });
});

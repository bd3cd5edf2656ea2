/**
 * The export's words and masks as data a worker is sent: made back into functions, they give the
 * very text of the page's own (English words, English and Chinese-shaped masks); words or masks that do not simply wrap
 * their arguments are refused (the page then makes the file itself).
 */
import { describe, expect, it } from 'vitest';
import { wordsFromData, wordsToData } from '../../src/core/export/export-parts';
import { EXPORT_EN as EXPORT_WORDS } from '../../src/words/export-en';
import { maskFromData, maskToData, numberFindings, type Numbered } from '../../src/core/export/export-redact';
import { SECRET_KINDS } from '../../src/core/export/redact';
import enPages from '../../src/ui/i18n/en/pages';

const mail = (id: number): Numbered => ({ id, f: { kind: 'email', start: 0, end: 5, text: 'a@b.c', path: [], inKey: false } });

describe('words and masks as data', () => {
  it('give back the same text (English)', () => {
    const d = wordsToData(EXPORT_WORDS, 3)!;
    const w = wordsFromData(structuredClone(d));
    expect(w.messages(3)).toBe(EXPORT_WORDS.messages(3));
    expect(w.typedBlock('image_url')).toBe(EXPORT_WORDS.typedBlock('image_url'));
    expect(w.typedBlock('$& $1')).toBe(EXPORT_WORDS.typedBlock('$& $1'));
    expect(w.untitled).toBe(EXPORT_WORDS.untitled);
    const mask = (label: string, n: number) => `[redacted ${label} #${n}]`;
    const labels = Object.fromEntries(SECRET_KINDS.map((k) => [k, enPages.export.secret(k)]));
    const m = maskFromData(structuredClone(maskToData(mask, labels, [4])!));
    expect(m(mail(0))).toBe('[redacted e-mail address #1]');
    expect(m(mail(4))).toBeNull();
    expect(m(mail(12344))).toBe('[redacted e-mail address #12345]');
    const zh = maskFromData(maskToData((label, n) => `[已遮蔽：${label} #${n}]`, { email: '电子邮件地址' }, [])!);
    expect(zh(mail(1))).toBe('[已遮蔽：电子邮件地址 #2]');
  });

  it('are refused when a function does more than wrap its argument', () => {
    expect(wordsToData({ ...EXPORT_WORDS, typedBlock: (t) => `${t.toUpperCase()} block` }, 1)).toBeNull();
    expect(maskToData((label, n) => `[${label} #${n.toLocaleString('en-US')}]`, {}, [])).toBeNull();
    expect(maskToData((label) => `[${label}]`, {}, [])).toBeNull();
  });

  it('number findings on from the ones before', () => {
    const ns = numberFindings({ a: 'x@corp.example y@corp.example' }, 'k', ['messages', 0], 7);
    expect(ns.map((n) => n.id)).toEqual([7, 8]);
  });
});

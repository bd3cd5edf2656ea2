/**
 * The export's findings are kinds (core/export/redact.ts `SECRET_KINDS`), not English labels: each
 * language words every kind itself, for the findings list and the masks.
 */
import { describe, expect, it } from 'vitest';
import enPages from '../../../src/ui/i18n/en/pages';
import zhPages from '../../../src/ui/i18n/zh/pages';
import { SECRET_KINDS } from '../../../src/core/export/redact';

/** Product and format names that stay as they are in Chinese. */
const NAMES = ['Anthropic', 'OpenAI', 'API', 'sk', 'Google', 'GitHub', 'GitLab', 'AWS', 'ID', 'Slack', 'webhook', 'Stripe', 'Hugging', 'Face', 'Groq', 'xAI', 'Telegram', 'JSON', 'Web', 'Token', 'JWT', 'Bearer', 'Basic', 'URL'];

describe('kinds of secret in words', () => {
  it.each([...SECRET_KINDS])('words %s in English and in Chinese', (kind) => {
    const en = enPages.export.secret(kind);
    const zh = zhPages.export.secret(kind);
    expect(en).toMatch(/[A-Za-z]{3}/);
    expect(zh).not.toBe(en);
    expect((zh.match(/[A-Za-z]+/g) ?? []).filter((w) => !NAMES.includes(w))).toEqual([]);
  });

  it('masks with the reader’s words', () => {
    expect(enPages.export.mask(enPages.export.secret('email'), 3)).toBe('[redacted e-mail address #3]');
    expect(zhPages.export.mask(zhPages.export.secret('email'), 3)).toContain('电子邮件地址');
  });
});

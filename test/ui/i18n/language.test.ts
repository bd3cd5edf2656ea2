import { afterEach, describe, expect, it } from 'vitest';
import { languageFromBrowser, rememberLanguage, rememberedLanguage } from '../../../src/ui/i18n/language';

describe('the interface language', () => {
  it('follows the first browser language the app speaks; any Chinese gets Simplified Chinese', () => {
    expect(languageFromBrowser(['zh-TW', 'en'])).toBe('zh-CN');
    expect(languageFromBrowser(['zh'])).toBe('zh-CN');
    expect(languageFromBrowser(['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['de', 'zh-Hans-CN'])).toBe('zh-CN');
    expect(languageFromBrowser(['de'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });
  describe('remembered', () => {
    const store = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage ??= {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    };
    afterEach(() => localStorage.removeItem('session-lens:language'));
    it('keeps the choice and ignores anything else found under its name', () => {
      expect(rememberedLanguage()).toBeNull();
      rememberLanguage('zh-CN');
      expect(rememberedLanguage()).toBe('zh-CN');
      localStorage.setItem('session-lens:language', '{"evil":1}');
      expect(rememberedLanguage()).toBeNull();
    });
  });
});

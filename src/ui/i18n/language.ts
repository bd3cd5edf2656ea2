/**
 * The interface languages, which one the reader gets (their choice, else the browser's), and the
 * remembered choice. The CLI stays English; only the page's text follows this.
 */
import * as z from 'zod/mini';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

const KEY = 'session-lens:language';
const Stored = z.enum(LANGUAGES);

/** The first of the browser's languages the app speaks: any Chinese tag gets Simplified Chinese. */
export function languageFromBrowser(tags: readonly string[]): Language {
  for (const tag of tags) {
    const t = tag.toLowerCase();
    if (t === 'zh' || t.startsWith('zh-')) return 'zh-CN';
    if (t === 'en' || t.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The remembered choice, checked at the border (anything else in storage is ignored). */
export function rememberedLanguage(): Language | null {
  try {
    const r = Stored.safeParse(localStorage.getItem(KEY));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Remembers the reader's choice across visits (private mode: for this page only). */
export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // nothing to do: the choice lasts for this page
  }
}

/** The language the page starts in: the remembered choice, else the browser's. */
export function startLanguage(): Language {
  const nav = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];
  return rememberedLanguage() ?? languageFromBrowser(nav);
}

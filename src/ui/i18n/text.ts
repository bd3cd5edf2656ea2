/**
 * The interface's words in the reader's language. Each language's catalog is a folder of two parts:
 * `shell` (start page, workspace, header: loaded before the first render) and `pages` (session page,
 * guide, health, leftovers, upgrade: loaded with the first of them), so the words of pages a reader
 * may never open stay out of the initial JavaScript. Reading `ui()` or `pg()` during a render
 * subscribes the component, so switching language re-renders what is on screen.
 */
import { batch, signal } from '@preact/signals';
import type { ShellText } from './en/shell';
import type { PageText } from './en/pages';
import type { ErrorText } from './en/errors';
import { rememberLanguage, type Language } from './language';

export type { ShellText, PageText, ErrorText };

const shellLoaders: Record<Language, () => Promise<ShellText>> = {
  en: () => import('./en/shell').then((m) => m.default),
  'zh-CN': () => import('./zh/shell').then((m) => m.default),
};
const pageLoaders: Record<Language, () => Promise<PageText>> = {
  en: () => import('./en/pages').then((m) => m.default),
  'zh-CN': () => import('./zh/pages').then((m) => m.default),
};

/** Storage errors' words: loaded after the first paint (and with the first page), outside the initial JavaScript. */
const errorLoaders: Record<Language, () => Promise<ErrorText>> = {
  en: () => import('./en/errors').then((m) => m.default),
  'zh-CN': () => import('./zh/errors').then((m) => m.default),
};

export const language = signal<Language>('en');
const shell = signal<ShellText | null>(null);
const pages = signal<PageText | null>(null);
let pagesWanted = false;
const errorWords = signal<ErrorText | null>(null);
let errorsWanted = false;

/** The shell's words (always loaded once the app has started). */
export function ui(): ShellText {
  const s = shell.value;
  if (!s) throw new Error('the interface text is not loaded yet (startText() runs before the first render)');
  return s;
}

/** The pages' words (loaded before any lazy page renders, see lazyComponent). */
export function pg(): PageText {
  const p = pages.value;
  if (!p) throw new Error('the pages text is not loaded yet (pageTextReady() runs before a lazy page renders)');
  return p;
}

/** Loads the shell's words for `lang` before the first render. */
export async function startText(lang: Language): Promise<void> {
  const s = await shellLoaders[lang]();
  batch(() => {
    shell.value = s;
    language.value = lang;
  });
  markDocument(lang);
}

/** Loads the pages' words in the current language (once; later calls share the first load). */
export async function pageTextReady(): Promise<void> {
  pagesWanted = true;
  if (pages.value) return;
  const lang = language.value;
  const p = await pageLoaders[lang]();
  if (language.value === lang) pages.value = p;
  else await pageTextReady();
}

/** Storage errors' words, or null until `errorTextReady()` has loaded them (read during a render, it subscribes). */
export function er(): ErrorText | null {
  return errorWords.value;
}

/** Loads storage errors' words in the current language (once; later calls share the first load). */
export async function errorTextReady(): Promise<void> {
  errorsWanted = true;
  if (errorWords.value) return;
  const lang = language.value;
  const e = await errorLoaders[lang]();
  if (language.value === lang) errorWords.value = e;
  else await errorTextReady();
}

/** Switches every string on screen to `lang` and remembers the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  const [s, p, e] = await Promise.all([shellLoaders[lang](), pagesWanted ? pageLoaders[lang]() : Promise.resolve(null), errorsWanted ? errorLoaders[lang]() : Promise.resolve(null)]);
  batch(() => {
    shell.value = s;
    pages.value = p;
    errorWords.value = e;
    language.value = lang;
  });
  markDocument(lang);
  rememberLanguage(lang);
}

function markDocument(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

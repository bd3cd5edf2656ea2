/**
 * Loads the Markdown renderer (markdown-it and ./render) with a dynamic import, off the first
 * paint; until it is there (or when it fails to load) messages show as plain text.
 */
import { signal } from '@preact/signals';

export type MarkdownModule = typeof import('./render');

/** The loaded renderer, or null while loading / before anyone asked / after a failed load. */
export const markdownModule = signal<MarkdownModule | null>(null);
/** Set when the import failed (offline with a stale cache, say): the views stay plain text. */
export const markdownFailed = signal(false);

let loading: Promise<MarkdownModule | null> | null = null;

/** Starts (once) loading the renderer; resolves with it, or null when it cannot be loaded. */
export function loadMarkdown(): Promise<MarkdownModule | null> {
  loading ??= import('./render').then(
    (m) => (markdownModule.value = m),
    () => {
      markdownFailed.value = true;
      return null;
    },
  );
  return loading;
}

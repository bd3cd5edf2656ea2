/** One polite announcement line for the whole app (saves, reloads, errors), read by screen readers. */
import { signal } from '@preact/signals';
import { isStoreError } from '../store/adapter/errors';
import { ui } from './i18n/text';

export type Tone = 'info' | 'success' | 'error';

export interface Status {
  id: number;
  text: string;
  tone: Tone;
  /** A link that follows up on the message ("Open the fork"). */
  link?: { label: string; href: string };
  /** Said to screen readers only: what the page itself already shows (a workspace that opened). */
  quiet?: boolean;
}

export const status = signal<Status | null>(null);
let next = 1;

/** Announce something; errors stay until dismissed or replaced, the rest fade after a while. */
export function say(text: string, tone: Tone = 'info', link?: Status['link'], opts: { quiet?: boolean } = {}): void {
  const id = next++;
  status.value = { id, text, tone, ...(link ? { link } : {}), ...(opts.quiet ? { quiet: true } : {}) };
  if (tone !== 'error') {
    setTimeout(() => {
      if (status.value?.id === id) status.value = null;
    }, 8000);
  }
}

/**
 * Anything thrown, in the reader's words, for `say(…, 'error')`: a StoreError through the catalog
 * (its reason's code and values, never its English `message`); any other error as its message.
 */
export function errorText(e: unknown): string {
  if (isStoreError(e)) return ui().storeError(e.reason, e.path) + (e.leftover ? ` ${ui().storeLeftover(e.leftover)}` : '');
  return e instanceof Error ? e.message : String(e);
}

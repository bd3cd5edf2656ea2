/** One polite announcement line for the whole app (saves, reloads, errors), read by screen readers. */
import { signal } from '@preact/signals';
import { isStoreError, type StoreErrorReason } from '../../store/adapter/errors';
import type { SkipReason } from '../../core/listing/listing';
import { er, errorTextReady, ui } from '../i18n/text';

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

/** Where the last navigation arrived, said by the same live region ('' before any). */
export const arrival = signal('');
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
  if (isStoreError(e)) {
    const w = er();
    if (!w) {
      void errorTextReady();
      return ui().storeErrorShort[e.code];
    }
    return w.storeError(e.reason, e.path) + (e.leftover ? ` ${w.storeLeftover(e.leftover)}` : '');
  }
  return e instanceof Error ? e.message : String(e);
}

/** Why Session Lens could not read a listed file, in the reader's words (a storage error through the catalog). */
export function readErrorText(s: { error?: string; errorReason?: StoreErrorReason }): string {
  if (!s.errorReason) return s.error ?? '';
  const w = er();
  if (!w) void errorTextReady();
  return w ? w.storeError(s.errorReason.reason, s.errorReason.path) : '…';
}

/** A listed file's skip reason, a read error in it worded in the reader's language. */
export function skipOf(s: { skipReason?: SkipReason; error?: string; errorReason?: StoreErrorReason }): SkipReason | undefined {
  const r = s.skipReason;
  return r?.code === 'lens-cannot-read' && s.errorReason ? { ...r, error: readErrorText(s) } : r;
}

/** One polite announcement line for the whole app (saves, reloads, errors), read by screen readers. */
import { signal } from '@preact/signals';

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

/** The message of anything thrown, for `say(…, 'error')`. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

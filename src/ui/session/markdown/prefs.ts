/**
 * Raw or formatted: one switch for every message (remembered in localStorage), and a per-message
 * choice that overrides it for as long as the session stays open.
 */
import { signal, type Signal } from '@preact/signals';
import { createContext } from 'preact';

const KEY = 'session-lens.markdown-raw';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** True: every message shows its raw text, unless it was switched on its own. */
export const rawEverywhere = signal(stored());

/** Flip the global switch and remember it (when storage is available). */
export function setRawEverywhere(on: boolean): void {
  rawEverywhere.value = on;
  try {
    globalThis.localStorage?.setItem(KEY, on ? '1' : '0');
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
}

/** Per-text choices (id → raw?) that override the global switch; one map per opened session. */
export type RawOverrides = Signal<ReadonlyMap<string, boolean>>;

/** A fresh, empty set of per-text choices. */
export function rawOverrides(): RawOverrides {
  return signal(new Map());
}

/** Where MessageText finds the per-text choices (ConversationTab provides them). */
export const RawOverridesContext = createContext<RawOverrides | null>(null);

/** Record a per-text choice. */
export function setOverride(o: RawOverrides, id: string, raw: boolean): void {
  const next = new Map(o.value);
  next.set(id, raw);
  o.value = next;
}

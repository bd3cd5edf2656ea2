/**
 * The service worker, registered from the app's own script (the CSP forbids inline ones). A new
 * version waits until the person chooses to reload: an update never interrupts an edit.
 */
import { signal } from '@preact/signals';

/** True when a new version is installed and waiting. */
export const updateReady = signal(false);
/** True once the app is cached for offline use. */
const offlineReady = signal(false);

let update: ((reload?: boolean) => Promise<void>) | null = null;

/** Registers the service worker (no-op where there is none, e.g. in dev or tests). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Its own chunk (with workbox-window), fetched after the first paint rather than before it.
  void import('virtual:pwa-register').then(({ registerSW }) => {
    update = registerSW({
      onNeedRefresh: () => (updateReady.value = true),
      onOfflineReady: () => (offlineReady.value = true),
    });
  });
}

/** Activates the waiting version and reloads: call only from the person's click. */
export function applyUpdate(): void {
  void update?.(true);
}

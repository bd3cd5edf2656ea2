import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
// With its extension: Vite's native config loader (its future default) needs it, and warns without.
import { bundleBudget, contentSecurityPolicy } from './scripts/vite-plugins.ts';

// Relative asset URLs so dist/ works from any sub-folder of any static host.
export default defineConfig({
  base: './',
  plugins: [
    preact(),
    contentSecurityPolicy(),
    bundleBudget(60, [/workbox-window/, /pwa-register/, /i18n\/en\/shell/]), // pwa-register + workbox-window register the worker (after the first paint, still at start); en/shell is the first words (i18n/text.ts)
    VitePWA({
      registerType: 'prompt',
      injectRegister: null, // registered from src/pwa/register.ts: no inline script under the CSP
      manifest: {
        name: 'Session Lens',
        short_name: 'Session Lens',
        description: 'Read, understand, repair and safely edit nanobot session files, entirely in your browser.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#10151c',
        theme_color: '#1f3a5f',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The app's own files only. Session files (*.jsonl, demo included) are never cached, and
        // nothing is cached at run time: files opened from disk never touch the network at all.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
        globIgnores: ['**/*.jsonl', 'demo/**'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // The cl100k rank table (~930 KB) is one lazy chunk, fetched only by the Replay tab: no warning for it.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1024 },
  worker: { format: 'es' },
});

import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// Relative asset URLs so dist/ works from any sub-folder of any static host.
export default defineConfig({
  base: './',
  plugins: [preact()],
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
});

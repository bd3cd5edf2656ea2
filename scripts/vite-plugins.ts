/**
 * Build-time guards for the shipped app: a Content Security Policy that allows nothing but the
 * app's own origin, and a budget on the JavaScript loaded before any session is opened.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Only the app's own files: no inline script, no remote anything. Workers and blobs for downloads;
 * WebAssembly compiled by the app's own script (the byte pass's SIMD kernel, src/core/bytes/plain-run.ts),
 * never JavaScript from strings.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Adds the CSP as a meta tag to the built index.html (dev keeps Vite's inline HMR helpers). */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'session-lens-csp',
    apply: 'build',
    transformIndexHtml: (html) => html.replace(/<head>/i, `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
  };
}

/**
 * Fails the build when the initial JavaScript (gzip) exceeds `limitKb`: the entry chunk, its static
 * imports, and the dynamic imports it makes at start-up (chunks whose module id matches `startup`).
 */
export function bundleBudget(limitKb: number, startup: RegExp[] = []): Plugin {
  return {
    name: 'session-lens-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
      if (!entry || entry.type !== 'chunk') return;
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        const c = bundle[name];
        if (c && c.type === 'chunk') c.imports.forEach(visit);
      };
      visit(entry.fileName);
      for (const c of chunks) if (c.type === 'chunk' && c.facadeModuleId && startup.some((r) => r.test(c.facadeModuleId!))) visit(c.fileName);
      let gz = 0;
      for (const name of seen) {
        const c = bundle[name];
        if (c && c.type === 'chunk') gz += gzipSync(c.code).length;
      }
      const kb = gz / 1024;
      if (process.env.BUDGET_DETAIL) for (const name of seen) { const c = bundle[name]; if (c && c.type === 'chunk') console.log(`  ${(gzipSync(c.code).length / 1024).toFixed(1)} KiB ${name}`); }
      console.log(`initial JavaScript: ${kb.toFixed(1)} KiB gzip in ${seen.size} chunk(s) (budget ${limitKb} KiB)`);
      if (kb > limitKb) this.error(`initial JavaScript is ${kb.toFixed(1)} KiB gzip, over the budget of ${limitKb} KiB`);
    },
  };
}

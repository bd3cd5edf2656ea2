/** The build's JavaScript budget: what counts as initial, and that going over fails the build. */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { bundleBudget, contentSecurityPolicy } from '../../scripts/vite-plugins';

// Random text barely compresses, so chunk sizes stay far apart after gzip.
const code = (kib: number) => randomBytes(kib * 1024).toString('base64');

function chunk(fileName: string, kib: number, opts: { isEntry?: boolean; imports?: string[]; facadeModuleId?: string } = {}) {
  return { type: 'chunk', fileName, code: code(kib), isEntry: false, imports: [], facadeModuleId: null, ...opts };
}

function run(limitKb: number, startup: RegExp[], chunks: ReturnType<typeof chunk>[]) {
  const plugin = bundleBudget(limitKb, startup);
  const error = vi.fn((m: string) => {
    throw new Error(m);
  });
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
    (plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => void).call({ error }, {}, bundle);
    return String(log.mock.calls.at(-1)?.[0]);
  } finally {
    log.mockRestore();
  }
}

describe('bundleBudget', () => {
  const app = [
    chunk('index.js', 20, { isEntry: true, imports: ['shared.js'] }),
    chunk('shared.js', 10),
    chunk('tokenizer.js', 40, { facadeModuleId: '/src/core/tokens/tokenizer.ts' }),
    chunk('workbox.js', 5, { facadeModuleId: '/node_modules/workbox-window/build/workbox-window.prod.es5.mjs' }),
  ];

  it('counts the entry, its static imports and the start-up dynamic imports, not lazy chunks', () => {
    const line = run(60, [/workbox-window/], app);
    expect(line).toMatch(/in 3 chunk\(s\)/);
    const gz = (name: string) => gzipSync(app.find((c) => c.fileName === name)!.code).length / 1024;
    const expected = gz('index.js') + gz('shared.js') + gz('workbox.js');
    expect(Number(/([\d.]+) KiB/.exec(line)![1])).toBeCloseTo(expected, 1);
  });

  it('fails the build past the budget', () => {
    // gzip of base64 random bytes ≈ the bytes: with workbox ≈ 35.5 KiB, without ≈ 30.5.
    expect(() => run(33, [/workbox-window/], app)).toThrow(/over the budget of 33 KiB/);
    expect(() => run(33, [], app)).not.toThrow();
  });
});

describe('contentSecurityPolicy', () => {
  it('puts the policy first in the head of the built page', () => {
    const html = (contentSecurityPolicy().transformIndexHtml as (h: string) => string)('<html><head><title>x</title></head></html>');
    expect(html).toMatch(/<head>\n\s*<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval';[^"]*object-src 'none'/);
  });
});

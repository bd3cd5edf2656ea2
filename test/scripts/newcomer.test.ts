/** A fresh clone's `npm test` is quiet and clean: no Vite config warning, no test page left in the temp dir. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';
import { buildTestPage, removeTestPage } from '../browser/build-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('newcomer hygiene', () => {
  it('loading vite.config.ts warns about nothing', async () => {
    const warnings: string[] = [];
    const logger = { ...createLogger('silent'), warn: (m: string) => void warnings.push(m), warnOnce: (m: string) => void warnings.push(m) };
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'vite.config.ts'), root, 'warn', logger);
    expect(loaded?.config.build?.target).toBe('es2022');
    expect(warnings).toEqual([]);
  });

  it('the browser tests’ page is removed again, not left in the temp dir', async () => {
    const dir = await buildTestPage();
    expect(fs.existsSync(path.join(dir, 'index.html'))).toBe(true);
    await removeTestPage();
    expect(fs.existsSync(dir)).toBe(false);
  });
});

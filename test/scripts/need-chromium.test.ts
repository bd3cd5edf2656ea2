/** `npm test` names what it needs before the long run: Chromium, and how to get it (scripts/need-chromium.mjs). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, no types
import { CHROMIUM, chromiumProblem } from '../../scripts/need-chromium.mjs';
import { CHROMIUM as HARNESS_CHROMIUM } from '../browser/harness';

const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/need-chromium.mjs', ...args], { encoding: 'utf8' });

describe('pretest: Chromium', () => {
  it('runs first in npm test, on the Chromium the browser tests launch', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.pretest).toBe('node scripts/need-chromium.mjs');
    expect(CHROMIUM).toBe(HARNESS_CHROMIUM);
  });

  it('stops with how to install it when it is missing', () => {
    const r = run('/nonexistent/chromium');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('/nonexistent/chromium was not found');
    expect(r.stderr).toContain('apt-get install -y chromium');
    expect(chromiumProblem('/nonexistent/chromium')).toBe('/nonexistent/chromium was not found');
  });

  it('stops when the file is there but does not run as a browser', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-chromium-'));
    try {
      const fake = path.join(dir, 'chromium');
      fs.writeFileSync(fake, '#!/bin/sh\necho "no display" >&2\nexit 3\n', { mode: 0o755 });
      expect(chromiumProblem(fake)).toBe(`${fake} did not run (no display)`);
      expect(run(fake).status).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes quietly when Chromium runs', () => {
    const r = run();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

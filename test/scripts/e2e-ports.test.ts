/**
 * The Chromium tests run two files at a time, each serving the app on its own fixed port (its
 * Chromium profile grants the folder guards to that origin): no two files may name the same port.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRS = ['test/e2e', 'test/browser'];

/** Every port a test file names: `const PORT = n` and `port: n`. */
function portsOf(text: string): number[] {
  return [...text.matchAll(/\bPORT\s*=\s*(\d{4,5})\b|\bport:\s*(\d{4,5})\b/g)].map((m) => Number(m[1] ?? m[2]));
}

describe('e2e ports', () => {
  it('each Chromium test file serves on ports no other file uses', () => {
    const owner = new Map<number, string>();
    const clashes: string[] = [];
    let files = 0;
    for (const dir of DIRS) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
        const ports = portsOf(readFileSync(join(dir, name), 'utf8'));
        if (ports.length) files++;
        for (const p of new Set(ports)) {
          const other = owner.get(p);
          if (other) clashes.push(`${p}: ${other} and ${name}`);
          else owner.set(p, name);
        }
      }
    }
    expect(files).toBeGreaterThan(20);
    expect(clashes).toEqual([]);
  });
});

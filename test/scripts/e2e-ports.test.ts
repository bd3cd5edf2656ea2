/**
 * The Chromium tests run side by side (and beside other checkouts' tests on the same machine): each
 * serves on a free port the OS picks (port 0) and grants its Chromium profile the guards for that
 * origin. A fixed port would collide; no file may name one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRS = ['test/e2e', 'test/browser'];

/** Every fixed port a file names: `PORT = n`, `port: n`, a listen on n or a URL on 127.0.0.1:n (0, the OS's pick, is not one). */
function portsOf(text: string): number[] {
  return [...text.matchAll(/\bPORT\s*=\s*(\d{2,5})\b|\bport:\s*(\d{2,5})\b|\blisten\((\d{2,5})\b|127\.0\.0\.1:(\d{2,5})\b|\bserve(?:App|Dir)\([^,()]+,\s*(\d{2,5})\b/g)].map((m) => Number(m.slice(1).find((x) => x !== undefined))).filter((p) => p !== 0);
}

describe('e2e ports', () => {
  it('names a fixed port in this check’s own pattern (the pattern works)', () => {
    expect(portsOf("const PORT = 41803; launchChromium({ port: 41731 }); server.listen(41913, '127.0.0.1'); 'http://127.0.0.1:41842/'; serveApp(dist, 41815, {})")).toEqual([41803, 41731, 41913, 41842, 41815]);
    expect(portsOf("server.listen(0, '127.0.0.1'); serveApp(dist, 0, { base }); launchChromium({ port: app.port })")).toEqual([]);
  });

  it('no Chromium test file serves on a fixed port', () => {
    const fixed: string[] = [];
    let files = 0;
    for (const dir of DIRS) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
        files++;
        for (const p of portsOf(readFileSync(join(dir, name), 'utf8'))) fixed.push(`${name}: ${p}`);
      }
    }
    expect(files).toBeGreaterThan(20);
    expect(fixed).toEqual([]);
  });
});

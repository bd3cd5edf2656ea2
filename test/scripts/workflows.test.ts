/**
 * The GitHub workflows say what README promises: every tag publishes the app to Pages only after the
 * sub-path e2e test passed on that same dist/, and CI packs and runs the CLI on each supported Node.
 * (No YAML parser in the dependencies: the files are read as text, in order.)
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (p: string) => fs.readFileSync(p, 'utf8');
/** Index of `needle` in `text`, failing when it is missing. */
function at(text: string, needle: string): number {
  const i = text.indexOf(needle);
  expect(i, needle).toBeGreaterThanOrEqual(0);
  return i;
}

describe('.github/workflows', () => {
  it('pages: on every v* tag, build, check the same dist/ from a sub-path, then publish it', () => {
    const y = read('.github/workflows/pages.yml');
    expect(y).toMatch(/on:\n {2}push:\n {4}tags: \['v\*'\]/);
    const steps = [at(y, 'npm ci'), at(y, 'run: npm run build'), at(y, 'npx vitest run test/e2e/offline.e2e.test.ts'), at(y, 'actions/upload-pages-artifact'), at(y, 'actions/deploy-pages')];
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(y).toMatch(/upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist\n/);
    // The build is one for every sub-path: relative URLs, no per-repository base to get wrong.
    expect(read('vite.config.ts')).toMatch(/\n {2}base: '\.\/',\n/);
    expect(JSON.parse(read('package.json')).scripts.build).toMatch(/\bvite build\b/);
    // …and the e2e test serves that build from a folder below the root.
    expect(read('test/e2e/offline.e2e.test.ts')).toMatch(/\nconst BASE = '\/[a-z]+\/[a-z]+\/';\n/);
  });

  it('ci: the whole suite through .ci/run, and the packed CLI on each Node from the minimum up', () => {
    const y = read('.github/workflows/ci.yml');
    expect(y).toContain('run: .ci/run');
    const min = /^>=(\d+)$/.exec(JSON.parse(read('package.json')).engines.node)![1];
    const versions = /node: \[([\d, ]+)\]/.exec(y)![1]!.split(',').map((v) => v.trim());
    expect(versions[0]).toBe(min);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(y).toContain('node-version: ${{ matrix.node }}');
    expect(y).toContain('npx vitest run test/scripts/pack.test.ts');
  });
});

/**
 * The npm package, as a person gets it: `npm pack` of a copy of the repository (no dist-cli/ yet, so
 * `prepack` must build it) gives a small tarball with the licence, the built CLI and its tokenizer
 * table and nothing else (no tests, no sources, no app); installed offline into a fresh prefix, it
 * runs as `session-lens` from another folder. The Node versions it supports are said once and agree.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; engines: { node: string }; files: string[]; bin: Record<string, string> };
/** What a clone holds that a build or a run made: never copied, so the copy is a fresh clone. */
const MADE = new Set(['node_modules', 'dist', 'dist-cli', 'test-results', '.bench', '.git']);
const MAX_BYTES = 5 * 1024 * 1024;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-pack-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A copy of the repository as a fresh clone has it, sharing node_modules (the build's tools). */
function freshClone(): string {
  const clone = path.join(temp, 'clone');
  fs.mkdirSync(clone);
  for (const e of fs.readdirSync(root)) if (!MADE.has(e)) fs.cpSync(path.join(root, e), path.join(clone, e), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  return clone;
}

interface Packed {
  filename: string;
  size: number;
  files: { path: string }[];
}

describe('the npm package', () => {
  let packed: Packed;
  let tarball: string;

  it('packs from a fresh clone: under 5 MB, the licence and the built CLI, no tests', { timeout: 120_000 }, () => {
    const clone = freshClone();
    expect(fs.existsSync(path.join(clone, 'dist-cli'))).toBe(false);
    const out = path.join(temp, 'out');
    fs.mkdirSync(out);
    const json = execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    packed = (JSON.parse(json) as Packed[])[0]!;
    tarball = path.join(out, packed.filename);
    const files = packed.files.map((f) => f.path).sort();
    console.log(`npm pack: ${files.length} files, ${(packed.size / 1e6).toFixed(2)} MB packed`);
    expect(packed.size).toBeLessThan(MAX_BYTES);
    expect(fs.statSync(tarball).size).toBe(packed.size);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', pkg.bin['session-lens']!, 'dist-cli/chunks/cl100k.ranks']));
    expect(files.filter((f) => !/^(LICENSE|README\.md|CHANGELOG\.md|package\.json|dist-cli\/(cli\.js|package\.json|chunks\/[\w.-]+\.(js|ranks)))$/.test(f))).toEqual([]);
    expect(fs.readFileSync(path.join(clone, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('installs offline into a fresh prefix and runs as session-lens from another folder', { timeout: 120_000 }, () => {
    const prefix = path.join(temp, 'prefix');
    // No registry needed: the CLI is one self-contained bundle, so the package has no dependencies.
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], { cwd: temp, stdio: ['ignore', 'pipe', 'pipe'] });
    const installed = JSON.parse(fs.readFileSync(path.join(prefix, 'lib/node_modules/session-lens/package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.dependencies).toBeUndefined();

    const elsewhere = path.join(temp, 'elsewhere');
    fs.mkdirSync(path.join(elsewhere, 'ws', 'sessions'), { recursive: true });
    const meta = { _type: 'metadata', key: 'cli:packed', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: 'From the tarball' }, last_consolidated: 0 };
    const msg = { role: 'user', content: 'hello', timestamp: '2026-01-01T00:00:01' };
    fs.writeFileSync(path.join(elsewhere, 'ws', 'sessions', 'cli_packed.jsonl'), `${JSON.stringify(meta)}\n${JSON.stringify(msg)}\n`);
    const bin = path.join(prefix, 'bin', 'session-lens');
    // PATH without the repository's node_modules/.bin, which `npm test` puts first.
    const env = { ...process.env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}/usr/bin:/bin` };
    const run = (...args: string[]) => spawnSync('session-lens', args, { cwd: elsewhere, env, encoding: 'utf8' });
    expect(fs.realpathSync(bin)).toBe(path.join(prefix, 'lib/node_modules/session-lens', pkg.bin['session-lens']!));
    const version = run('--version');
    expect(version.stderr).toBe('');
    expect(version.stdout).toBe(`session-lens ${pkg.version}\n`);
    const list = run('list', 'ws', '--nanobot', 'v0.2');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('cli:packed');
    expect(list.stdout).toContain('From the tarball');
  });
});

describe('supported Node versions', () => {
  it('are one number: engines, the CLI build target and README agree, and this Node meets it', () => {
    const min = /^>=(\d+)$/.exec(pkg.engines.node)?.[1];
    expect(min).toBeDefined();
    expect(fs.readFileSync(path.join(root, 'scripts/build-cli.mjs'), 'utf8')).toContain(`target: 'node${min}'`);
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node.js ${min} or later`);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(Number(min));
  });
});

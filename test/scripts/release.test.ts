/**
 * `npm run release` (scripts/release.mjs): the next version, the changelog's Unreleased entries moved
 * under it with the date, and in a scratch git repository one commit and one annotated tag, with
 * package.json and its lock bumped together; a dirty tree, an empty Unreleased section or a version
 * not after the current one changes nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, no types
import { nextVersion, releaseChangelog, today } from '../../scripts/release.mjs';

const SCRIPT = path.resolve('scripts/release.mjs');

describe('nextVersion', () => {
  it('bumps patch, minor and major, or takes a higher x.y.z', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.9.3', 'major')).toBe('1.0.0');
    expect(nextVersion('0.1.0', '0.10.0')).toBe('0.10.0');
  });

  it('refuses a word it does not know, a lower or equal version, and a version that is not x.y.z', () => {
    expect(() => nextVersion('0.1.0', 'huge')).toThrow(/patch, minor, major or x\.y\.z/);
    expect(() => nextVersion('0.1.0', undefined)).toThrow(/patch, minor, major or x\.y\.z/);
    expect(() => nextVersion('0.2.0', '0.1.9')).toThrow(/not after the current version 0\.2\.0/);
    expect(() => nextVersion('0.2.0', '0.2.0')).toThrow(/not after/);
    expect(() => nextVersion('0.2', 'patch')).toThrow(/not x\.y\.z/);
  });
});

const LOG = `# Changelog

Intro.

## Unreleased

- Added a thing.
- Fixed another.

## 0.1.0 - 2026-12-05

- First.
`;

describe('releaseChangelog', () => {
  it('moves the Unreleased entries under the version and date, leaving Unreleased empty above', () => {
    expect(releaseChangelog(LOG, '0.2.0', '2027-01-02')).toBe(`# Changelog

Intro.

## Unreleased

## 0.2.0 - 2027-01-02

- Added a thing.
- Fixed another.

## 0.1.0 - 2026-12-05

- First.
`);
  });

  it('works when Unreleased is the last section', () => {
    expect(releaseChangelog('# Changelog\n\n## Unreleased\n\n- Only.\n', '1.0.0', '2027-01-02')).toBe('# Changelog\n\n## Unreleased\n\n## 1.0.0 - 2027-01-02\n\n- Only.\n');
  });

  it('refuses an empty Unreleased section, a missing one, and a version already released', () => {
    expect(() => releaseChangelog('# Changelog\n\n## Unreleased\n\n## 0.1.0 - 2026-12-05\n\n- First.\n', '0.2.0', '2027-01-02')).toThrow(/Unreleased section is empty/);
    expect(() => releaseChangelog('# Changelog\n', '0.2.0', '2027-01-02')).toThrow(/no "## Unreleased" section/);
    expect(() => releaseChangelog(LOG, '0.1.0', '2027-01-02')).toThrow(/already has a section for 0\.1\.0/);
  });

  it('dates by the local calendar', () => {
    expect(today(new Date(2027, 0, 2, 23, 59))).toBe('2027-01-02');
  });
});

describe('npm run release, in a scratch repository', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-release-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const release = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');

  it('bumps package.json and its lock, dates the changelog, commits and tags vX.Y.Z', () => {
    git('init', '-q');
    git('config', 'user.email', 'release@test.invalid');
    git('config', 'user.name', 'Release Test');
    // The repository's own package.json and lock, as a release would find them.
    fs.copyFileSync('package.json', path.join(dir, 'package.json'));
    fs.copyFileSync('package-lock.json', path.join(dir, 'package-lock.json'));
    fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), LOG);
    git('add', '.');
    git('commit', '-q', '-m', 'start');
    const before = JSON.parse(read('package.json')) as { version: string };
    const expected = nextVersion(before.version, 'minor') as string;

    // A dirty tree is refused, and nothing changes.
    fs.writeFileSync(path.join(dir, 'stray.txt'), 'x');
    const dirty = release('minor', '--date', '2027-01-02');
    expect(dirty.status).toBe(1);
    expect(dirty.stderr).toContain('uncommitted changes');
    fs.rmSync(path.join(dir, 'stray.txt'));
    expect(git('tag', '--list')).toBe('');

    const r = release('minor', '--date', '2027-01-02');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Released v${expected}`);
    const pkg = JSON.parse(read('package.json')) as Record<string, unknown>;
    expect(pkg).toEqual({ ...JSON.parse(fs.readFileSync('package.json', 'utf8')), version: expected });
    expect(read('package.json')).toBe(fs.readFileSync('package.json', 'utf8').replace(`"version": "${before.version}"`, `"version": "${expected}"`));
    const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version: string }> };
    expect([lock.version, lock.packages['']!.version]).toEqual([expected, expected]);
    expect(read('CHANGELOG.md')).toBe(releaseChangelog(LOG, expected, '2027-01-02'));
    expect(git('status', '--porcelain')).toBe('');
    expect(git('log', '-1', '--format=%s')).toBe(`Release v${expected}`);
    expect(git('tag', '--list')).toBe(`v${expected}`);
    expect(git('cat-file', '-t', `v${expected}`)).toBe('tag'); // annotated
    expect(git('rev-parse', `v${expected}^{commit}`)).toBe(git('rev-parse', 'HEAD'));

    // Again at once: the Unreleased section is empty now, so nothing is released.
    const again = release('patch');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Unreleased section is empty');
    expect(git('tag', '--list')).toBe(`v${expected}`);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('is what npm run release runs', () => {
    expect((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.release).toBe('node scripts/release.mjs');
  });
});

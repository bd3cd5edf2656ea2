/** `--nanobot` takes every release by its pip name and by its tag, and the help lists them (issue 40). */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { versionFamilies } from '../../src/cli/version-names';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';

const FILE = 'test/fixtures/versions/0.2.1/sessions/cli_direct.jsonl';

describe('--nanobot', () => {
  it('takes each release by its pip name and by its tag, and says which rules apply', async () => {
    for (const [asked, label] of [
      ['0.1.4.post3', 'nanobot 0.1.4.post3'],
      ['v0.1.4.post3', 'nanobot 0.1.4.post3'],
      ['0.1.4', 'nanobot 0.1.4'],
      ['v0.1.5.post2', 'nanobot 0.1.5.post2'],
      ['v0.2.1', 'nanobot 0.2.1'],
      ['v0.2', 'nanobot v0.2'],
    ]) {
      const r = await runCli('load', FILE, '--nanobot', asked!);
      expect([asked, r.code, r.err]).toEqual([asked, 0, '']);
      expect(r.out).toContain(label);
    }
  });

  it('refuses a name no release has, listing what it takes', async () => {
    for (const asked of ['0.1.6', 'v0.1.4.post7', '0.3.0', 'latest']) {
      const r = await runCli('load', FILE, '--nanobot', asked);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`not "${asked}"`);
      expect(r.err).toContain('0.1.4, 0.1.4.post1, 0.1.4.post2');
    }
  });

  it('the help lists every version once, a family to a line', async () => {
    expect(versionFamilies()).toEqual([
      '0.1.4, 0.1.4.post1, 0.1.4.post2, 0.1.4.post3, 0.1.4.post4, 0.1.4.post5, 0.1.4.post6',
      '0.1.5, 0.1.5.post1, 0.1.5.post2, 0.1.5.post3',
      '0.2.0, 0.2.1, 0.2.2',
      'v0.2 (commit c915e98c1, 2026-06-24), v0.3.0, main (commit 3852956a7, 2026-08-23)',
    ]);
    const help = (await runCli('--help')).out;
    for (const v of NANOBOT_VERSIONS) expect(help).toMatch(new RegExp(`[ ,]${v.replace(/\./g, '\\.')}[ ,\\n]`));
  });
});

describe('recognised from the folder', () => {
  it('a workspace written by 0.1.4 or 0.2.1 is answered with its rules, the evidence named', async () => {
    const old = await runCli('list', 'test/fixtures/versions/0.1.4');
    expect(old.out).toMatch(/^sessions: nanobot 0\.1\.4 rules \(auto: nanobot 0\.1\.4: /m);
    expect(old.out).toContain('keyless-metadata ×2');
    expect((await runCli('list', 'test/fixtures/versions/0.2.1')).out).toMatch(/^sessions: nanobot 0\.2\.1 rules \(auto: nanobot 0\.2\.1: /m);
    // A range: the release that fits the most, the newest among equals.
    expect((await runCli('list', 'test/fixtures/versions/0.1.4.post3')).out).toMatch(/^sessions: nanobot 0\.1\.4\.post4 rules \(auto: 0\.1\.4\.post2–0\.1\.4\.post4 \(ambiguous\)/m);
  });
});

describe('list --json at a release', () => {
  // nanobot's own list_sessions() of this folder: 0.1.4 and 0.1.5.post3 give rows without title or preview
  // (their rows are key, times and path), 0.2.0 adds both.
  const rowsAt = async (v: string) => (JSON.parse((await runCli('list', 'test/fixtures/versions/0.1.4/sessions', '--json', '--nanobot', v)).out) as { rows: object[] }).rows;
  it.each(['0.1.4', '0.1.5.post3'])('%s: the rows nanobot gives, without title or preview', async (v) => {
    expect(await rowsAt(v)).toEqual([
      { key: 'telegram:42', created_at: '2026-12-07T03:33:04.146717', updated_at: '2026-12-07T03:33:04.146734', path: 'telegram_42.jsonl' },
      { key: 'cli:direct', created_at: '2026-12-07T03:33:04.146548', updated_at: '2026-12-07T03:33:04.146572', path: 'cli_direct.jsonl' },
    ]);
  });
  it('0.2.0: with title and preview', async () => {
    expect(await rowsAt('0.2.0')).toEqual([
      { key: 'telegram:42', created_at: '2026-12-07T03:33:04.146717', updated_at: '2026-12-07T03:33:04.146734', title: '', preview: 'hello', path: 'telegram_42.jsonl' },
      { key: 'cli:direct', created_at: '2026-12-07T03:33:04.146548', updated_at: '2026-12-07T03:33:04.146572', title: '', preview: 'Résumé of the café notes, please', path: 'cli_direct.jsonl' },
    ]);
  });
});

/** The CLI over real files: JSON output in Python's form, matching the golden answers; writes only with --write. */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict, PyValue } from '../../src/core/python/pyvalue';
import { GOLDEN_DIR, corpusDir, readGolden } from '../golden-values';

process.env.TZ = 'UTC'; // nanobot's mtime fallback is local time; the golden run used UTC
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const fx = (name: string) => resolve(GOLDEN_DIR, 'fixtures', `fx_${name}.jsonl`);

/** Temp folders made here, removed when the file is done. */
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await main([...argv, ...NOW], { log: (s) => lines.push(s) });
  return { code, out: lines.join('\n') };
}

describe('session-lens CLI', () => {
  it('replay --json prints exactly the golden entries, floats and key order included', async () => {
    for (const name of ['gen_tools_003', 'json_big_numbers', 'hist_media_variants']) {
      const g = readGolden(`cases/${name}.json`) as PyDict;
      const h = g.history as PyDict;
      const row = (h.grid as PyValue[][]).find((r) => r[0] === 20 && r[1] === 1000 && r[2] === true && r[3] === false)!;
      const want = pyDumps((h.outputs as number[][])[row[4] as number]!.map((j) => (h.entries as PyValue[])[j]!));
      const got = await run('replay', fx(name), '--key', g.key as string, '--max-messages', '20', '--max-tokens', '1000', '--timestamps', '--json');
      expect(got.code).toBe(0);
      expect(got.out.startsWith(`{"entries": ${want}, "fates": [`)).toBe(true);
    }
  });

  it('replay --json writes every fate in json.dumps form, with one change, several or none', async () => {
    const seen = new Set<number>();
    for (const name of readdirSync(resolve(GOLDEN_DIR, 'fixtures')).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(3, -6))) {
      for (const version of ['v0.2', 'main']) {
        const got = await run('replay', fx(name), '--nanobot', version, '--max-messages', '500', '--timestamps', '--json');
        const fates = /, "fates": (\[.*\])\}$/.exec(got.out)?.[1];
        if (!fates) continue;
        const parsed = JSON.parse(fates) as { changes?: string[] }[];
        expect(fates, name).toBe(pyDumps(parsed as unknown as PyValue));
        for (const f of parsed) if (f.changes) seen.add(Math.min(f.changes.length, 2));
      }
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('replay --json reports the exception nanobot raises', async () => {
    const got = await run('replay', fx('hist_tool_calls_int'), '--json');
    expect(got.code).toBe(1);
    expect(JSON.parse(got.out)).toEqual({ error: { code: 'nanobot-raises', during: 'replay', type: 'TypeError', message: "'int' object is not iterable", message_index: 1, line: 3 } });
  });

  it('tokens --json matches the golden estimates', async () => {
    const g = readGolden('cases/gen_mixed_004.json') as PyDict;
    const got = await run('tokens', fx('gen_mixed_004'), '--json');
    expect(JSON.parse(got.out).values).toEqual((g.estimate_message_tokens as PyDict).values);
  });

  it('list --json gives nanobot rows in nanobot order, and its TypeError on mixed types', async () => {
    const g = readGolden('_listing.json') as PyDict;
    const mixed = await run('list', resolve(GOLDEN_DIR, 'fixtures/listing/mixed_updated_at_types'), '--json');
    expect(mixed.code).toBe(1);
    expect(JSON.parse(mixed.out).error.type).toBe(((g.mixed_updated_at_types as PyDict).error as PyDict).type);
    // nanobot falls back to the file's mtime: give the copies the mtime the golden run froze.
    const dir = tempDir('sl-list-');
    const src = resolve(GOLDEN_DIR, 'fixtures/listing/sort_order');
    const epoch = (readGolden('_index.json') as PyDict).fixed_mtime_epoch as number;
    for (const f of readdirSync(src)) {
      copyFileSync(join(src, f), join(dir, f));
      utimesSync(join(dir, f), epoch, epoch);
    }
    const sorted = await run('list', dir, '--json');
    const rows = JSON.parse(sorted.out).rows as { path: string }[];
    expect(rows.map((r) => r.path)).toEqual((g.sort_order as PyDict).order);
  });

  it('load --json shows both lenses and the diagnostics', async () => {
    const got = JSON.parse((await run('load', fx('bad_bom_start'), '--json')).out);
    expect(got.nanobot.path).toBe('repair');
    expect(got.nanobot.result.created_at).toBe('2031-07-08T09:10:11.121314');
    expect(got.recovered.created_at).toBe('2024-05-01T09:00:00.000001');
    expect(got.diagnostics[0]).toMatchObject({ line: 1, kind: 'bom', severity: 'error' });
  });

  it('check exits 1 on a file nanobot would destroy and 0 on a healthy one', async () => {
    expect((await run('check', fx('bad_nonobject_array'))).code).toBe(1);
    expect((await run('check', fx('hist_plain'))).code).toBe(0);
  });

  it('bad arguments and unreadable files exit 2', async () => {
    expect((await run('bogus')).code).toBe(2);
    expect((await run('load', '/no/such/file.jsonl')).code).toBe(2);
    expect((await run('replay', fx('hist_plain'), '--max-tokens', 'lots')).code).toBe(2);
  });

  it('write commands are dry runs unless --write, and then write atomically', async () => {
    const dir = tempDir('sl-cli-');
    const file = join(dir, 'fx_bad_bom_start.jsonl');
    copyFileSync(fx('bad_bom_start'), file);
    const before = readFileSync(file);
    const dry = await run('repair', file);
    expect(dry.out).toContain('dry run');
    expect(readFileSync(file).equals(before)).toBe(true);
    const done = await run('repair', file, '--write');
    expect(done.code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith('{"_type": "metadata", "key": "fx:bad_bom_start", "created_at": "2024-05-01T09:00:00.000001"')).toBe(true);
    const names = readdirSync(dir);
    expect(names.some((n) => /\.jsonl\..+\.bak$/.test(n))).toBe(true);
    expect(names.some((n) => n.endsWith('.tmp'))).toBe(false);
    // The repaired file now loads on nanobot's normal path.
    const check = JSON.parse((await run('load', file, '--json')).out);
    expect(check.nanobot.path).toBe('normal');
    const fork = await run('fork', file, '1', 'fork:new', '--write');
    expect(fork.code).toBe(0);
    expect(readFileSync(join(dir, 'fork_new.jsonl'), 'utf8').split('\n')[0]).toContain('"key": "fork:new"');
    const bad = await run('fork', file, '1', 'CON', '--write');
    expect(bad.code).toBe(2);
  });
});

describe('session-lens CLI per nanobot version', () => {
  // A release also by its tag's spelling (v0.2.2 is pip's 0.2.2).
  const corpora = [
    ['v0.2.2', corpusDir('golden-0.2.2')],
    ['v0.3.0', corpusDir('golden-v0.3')],
    ['main', corpusDir('golden-main')],
  ] as const;
  for (const [version, dir] of corpora) {
    const fixture = (name: string) => resolve(dir, 'fixtures', `fx_${name}.jsonl`);
    it(`replay, tokens and format --nanobot ${version} --json answer like ${dir.split('/').pop()!.replace(/-[0-9a-f]{16}$/, '')}`, async () => {
      const names = (readGolden('_index.json', dir) as PyDict).fixtures as string[];
      for (const name of ['gen_tools_003', 'hist_media_variants', 'head_runtime_context_blocks', 'head_provider_state_first'].filter((n) => names.includes(n))) {
        const g = readGolden(`cases/${name}.json`, dir) as PyDict;
        const key = g.key as string;
        const h = g.history as PyDict;
        const row = (h.grid as PyValue[][]).find((r) => r[0] === 0 && r[1] === 1000 && r[3] === false)!;
        const want = pyDumps({ entries: (h.outputs as number[][])[row[4] as number]!.map((j) => (h.entries as PyValue[])[j]!) });
        const replay = await run('replay', fixture(name), '--key', key, '--nanobot', version, '--max-messages', '0', '--max-tokens', '1000', '--json');
        expect(JSON.parse(replay.out).entries ? replay.out.replace(/, "fates": .*\}$/, '}') : replay.out, name).toBe(want);
        const tokens = await run('tokens', fixture(name), '--key', key, '--nanobot', version, '--json');
        expect(JSON.parse(tokens.out).values, name).toEqual((g.estimate_message_tokens as PyDict).values);
        // The bytes as the process's stdout gets them (the CLI writes fd 1 itself, through no stream to patch).
        const chunks: Uint8Array[] = [];
        const bytesOut = { log: (s: string) => void chunks.push(Buffer.from(s + '\n')), bytes: (b: Uint8Array) => void chunks.push(b) };
        expect(await main(['format', fixture(name), '--key', key, '--nanobot', version, ...NOW], bytesOut)).toBe(0);
        expect(Buffer.concat(chunks).toString('utf8'), name).toBe((g.save as PyDict).text);
      }
    });
  }

  it('rejects an unknown --nanobot', async () => {
    expect(await main(['replay', fx('gen_tools_003'), '--nanobot', '0.4', ...NOW], { log: () => {} })).toBe(2);
    expect(await main(['replay', fx('gen_tools_003'), '--nanobot', 'v0.2.3', ...NOW], { log: () => {} })).toBe(2);
    expect(await main(['replay', fx('gen_tools_003'), '--nanobot', '0.2.1', ...NOW], { log: () => {} })).toBe(0);
  });
});

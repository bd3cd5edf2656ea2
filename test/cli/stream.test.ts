/**
 * `replay` and `check` of a big file run on its line index (holding the index and the kept replay,
 * not the file) and print exactly what the whole-file path prints (the threshold lowered to 0): one
 * replay setting per session file of the three golden corpora in turn, `check` over each corpus and
 * a sample of its files, and a generated session.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX as STREAMING } from '../../src/store/source/open-source';
import { loadNanobot } from '../../src/core/lens/load';
import { pyDumps } from '../../src/core/python/pyjson';
import { dictFrom } from '../../src/core/python/pyvalue';
import { getHistory } from '../../src/core/replay/replay';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const wholeReads = vi.hoisted(() => ({ count: 0, both: 0 }));
vi.mock('../../src/store/adapter/read-only', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/adapter/read-only')>();
  return {
    ...mod,
    readNanobotLens: (...a: Parameters<typeof mod.readNanobotLens>) => {
      wholeReads.count++;
      return mod.readNanobotLens(...a);
    },
    readBothLenses: (...a: Parameters<typeof mod.readBothLenses>) => {
      wholeReads.both++;
      return mod.readBothLenses(...a);
    },
  };
});

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...STREAMING };
afterEach(() => Object.assign(STREAMING, defaults));

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Exit code and output of one run, streaming (threshold 0) or reading whole. */
async function result(argv: string[], streaming: boolean): Promise<{ code: number; out: string }> {
  Object.assign(STREAMING, streaming ? { from: 0 } : { from: Infinity });
  const pieces: string[] = [];
  // Both sinks, as on a real stdout: raw pieces and whole lines.
  const code = await main([...argv, ...NOW], { log: (s) => pieces.push(s + '\n'), write: (s) => pieces.push(s) });
  return { code, out: pieces.join('') };
}

/** The output of a run that must succeed. */
async function run(argv: string[], streaming: boolean): Promise<string> {
  const r = await result(argv, streaming);
  expect(r.code).toBe(0);
  return r.out;
}

const SETTINGS = [['--json'], ['--json', '--max-messages', '3'], ['--json', '--max-messages', '2', '--extend-to-user'], ['--json', '--max-messages', '5', '--max-tokens', '60', '--public'], ['--max-messages', '3', '--timestamps']];

describe('replay streams big files, with the whole-file answers', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const mismatches: string[] = [];
    // The CLI's wiring (the indexed replay equals get_history in the core): one setting a file, in turn.
    for (const [i, file] of sessionFiles(join(dir, 'fixtures')).entries()) {
      for (const s of [SETTINGS[i % SETTINGS.length]!]) {
        const argv = ['replay', file, '--nanobot', version, ...s];
        // Exit code and output alike: where nanobot raises (exit 1), both paths say so the same way.
        if (JSON.stringify(await result(argv, true)) !== JSON.stringify(await result(argv, false))) mismatches.push(`${file} ${s.join(' ')}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it.each(['golden', 'golden-v0.3', 'golden-main'])('check streams every file of %s, with the whole-file findings', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    for (const target of [join(dir, 'fixtures'), ...sessionFiles(join(dir, 'fixtures')).filter((_, i) => i % 40 === 0)]) {
      for (const json of [['--json'], []]) {
        const argv = ['check', target, '--nanobot', version, ...json];
        const whole = await result(argv, false);
        wholeReads.both = 0;
        expect(await result(argv, true)).toEqual(whole);
        expect(wholeReads.both, 'streaming read a file whole').toBe(0);
      }
    }
  });

  it('a budget replay notes users, systems and tool results from their facts, commands, deliveries and ids as the whole file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lens-stream-')), 'sessions');
    temps.push(dir);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'facts.jsonl');
    const lines: Record<string, unknown>[] = [
      { _type: 'metadata', key: 'cli:facts', created_at: '2031-01-01T00:00:00', updated_at: '2031-01-01T00:00:00', metadata: {}, last_consolidated: 0 },
      { role: 'assistant', content: 'a delivery before the first user turn', tool_calls: [{ id: 'c0', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c0', content: 'delivered', _channel_delivery: true },
    ];
    for (let k = 1; k <= 30; k++) {
      lines.push({ role: 'user', content: `turn ${k}`, ...(k % 4 === 0 ? { _command: true } : {}), ...(k % 5 === 0 ? { _channel_delivery: 1 } : {}) });
      if (k % 6 === 0) lines.push({ role: 'system', content: `note ${k}` });
      const id = k % 9 === 0 ? `c${k}"q` : `c${k}`;
      lines.push({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'f', arguments: '{}' } }] });
      // A result for each call (an id with an escape is read from the value), and one early for a call never made (an orphan).
      lines.push({ role: 'tool', tool_call_id: k === 2 ? 'gone' : id, content: `result ${k} `.repeat(k) });
      lines.push({ role: 'assistant', content: k % 3 === 0 ? '   ' : `answer ${k}` });
    }
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    for (const s of [['--json'], ['--json', '--max-tokens', '400'], ['--json', '--max-tokens', '60'], ['--max-tokens', '200']]) {
      const argv = ['replay', file, '--nanobot', 'main', ...s];
      expect(await run(argv, true), s.join(' ')).toBe(await run(argv, false));
    }
  });

  it('a 3,000-message session replays from the stream alone, JSON and human output as the whole file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lens-stream-')), 'sessions');
    temps.push(dir);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, syntheticFile(syntheticMessages(3000, 3, 6), 40));
    for (const version of ['v0.2', 'v0.3.0', 'main']) {
      // main's agent loop sets no count window, only a budget: that too streams.
      for (const s of [['--json'], ['--json', '--max-messages', '200', '--max-tokens', '3000'], ['--max-messages', '50', '--extend-to-user'], ['--json', '--max-tokens', '3000'], ['--max-tokens', '500']]) {
        const argv = ['replay', file, '--nanobot', version, ...s];
        wholeReads.count = 0;
        const streamed = await run(argv, true);
        expect(wholeReads.count, `${version} ${s.join(' ')} read the whole file`).toBe(0);
        expect(streamed).toBe(await run(argv, false));
        expect(wholeReads.count).toBe(1);
      }
    }
    // The document written a piece at a time is Python's json.dumps of the whole answer.
    const load = loadNanobot(new Uint8Array(readFileSync(file)), 'bench:session', NOW[1]!, 'v0.3.0').result!;
    const r = getHistory(load.messages, load.lastConsolidated, { maxMessages: 2000 }, 'v0.3.0');
    const fates = r.fates.map((f, i) => dictFrom([['line', load.messageLines[i]! + 1], ['kept', f.kept], ...(f.kept ? ([['entry', f.entry], ['changes', f.changes]] as const) : ([['reason', f.reason]] as const))]));
    expect(await run(['replay', file, '--nanobot', 'v0.3.0', '--json'], true)).toBe(pyDumps({ entries: r.entries, fates }) + '\n');
  });
});

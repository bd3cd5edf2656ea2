/**
 * Deep nesting on both paths (the line index and the whole document): "nanobot raises" is an answer,
 * never a crash (exit 3) and never a partial stream (issue 41). The expected answers were checked
 * with nanobot's own code at each version (its `_load` called at a script's top level, then
 * `get_history`, public and not): a record nested to the version's json.loads figure loads and
 * replays; one level more makes v0.3.0's and main's `_load` raise RecursionError (v0.2's repair
 * pass catches it and loads nothing); a message nested past the public view's copy figure makes
 * the public replay raise RecursionError in `copy.deepcopy`. Depths come from the version table.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = join(mkdtempSync(join(tmpdir(), 'lens-deep-')), 'sessions');
mkdirSync(dir);
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const META = pyDumps({ _type: 'metadata', key: 'a:b', created_at: '2020-01-01T00:00:00', updated_at: '2020-01-01T00:00:00', metadata: {}, last_consolidated: 0 });
/** A message line whose json.loads nests `levels` levels (the dict 1, then lists), and whose copy depth is `levels + 1`. */
const deepLine = (role: string, levels: number) => `{"role": "${role}", "content": ${'['.repeat(levels - 1)}"x"${']'.repeat(levels - 1)}}`;
/** `n` ordinary turns, so a replay that streamed would have written entries before the deep line. */
const turns = (n: number) => Array.from({ length: n }, (_, i) => pyDumps({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` }));

interface Result {
  code: number;
  out: string;
  err: string;
}

/** One run, on the index (threshold 0) or reading whole; every sink a real stdout has. */
async function result(argv: string[], indexed: boolean): Promise<Result> {
  Object.assign(LINE_INDEX, { from: indexed ? 0 : Infinity });
  const out: string[] = [];
  const err: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await main([...argv, ...NOW], { log: (s) => out.push(s + '\n'), write: (s) => out.push(s), bytes: (b) => out.push(Buffer.from(b).toString('utf8')) });
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    spy.mockRestore();
  }
}

/** Both paths' answers, which must be the same; the index path's is returned. */
async function both(argv: string[]): Promise<Result> {
  const whole = await result(argv, false);
  const indexed = await result(argv, true);
  expect(indexed, argv.join(' ')).toEqual(whole);
  return indexed;
}

function file(name: string, lines: string[]): string {
  const f = join(dir, name);
  writeFileSync(f, [META, ...lines].join('\n') + '\n');
  return f;
}

const READS = [['tokens'], ['tokens', '--json'], ['replay'], ['replay', '--json'], ['replay', '--json', '--max-tokens', '300'], ['format']];

describe.each(NANOBOT_VERSIONS)('%s: deep nesting on the index and whole', (v: NanobotVersion) => {
  const b = rulesOf(v).depthBudget;

  it("a record nested to json.loads' figure loads and replays, on both paths alike", async () => {
    const f = file(`legal-${v}.jsonl`, [...turns(40), deepLine('assistant', b.jsonLoads), ...turns(2)]);
    for (const c of READS) {
      const r = await both([c[0]!, f, '--nanobot', v, ...c.slice(1)]);
      expect(r.code, c.join(' ')).toBe(0);
      expect(r.out).not.toContain('"error"');
    }
    expect(JSON.parse((await both(['tokens', f, '--nanobot', v, '--json'])).out).values).toHaveLength(43);
  });

  it('one level deeper: where _load raises, every command says so (an error document with --json), exit 1; v0.2 loads nothing', async () => {
    const f = file(`raises-${v}.jsonl`, [...turns(40), deepLine('assistant', b.jsonLoads + 1), ...turns(2)]);
    const raises = rulesOf(v).repairCatches !== 'any';
    for (const c of [...READS, ['replay', '--public', '--json'], ['load'], ['load', '--json'], ['check'], ['check', '--json']]) {
      const r = await both([c[0]!, f, '--nanobot', v, ...c.slice(1)]);
      if (!raises) {
        expect(r.code, c.join(' ')).toBe(c[0] === 'check' ? 1 : 0);
        continue;
      }
      expect(r.code, c.join(' ')).toBe(1);
      expect(r.out).toContain('RecursionError');
      if (c.includes('--json') && c[0] !== 'check') expect(JSON.parse(r.out), c.join(' ')).toEqual({ error: { code: 'nanobot-raises', during: 'load', type: 'RecursionError', message: expect.stringMatching(/^maximum recursion depth exceeded/) } });
      if (c[0] === 'check' && c.includes('--json')) expect(JSON.parse(r.out).findings[0]).toMatchObject({ kind: 'nanobot-raises', values: { type: 'RecursionError' } });
    }
  });
});

// The versions whose public view deep-copies each replayed message (v0.3.0 on).
const COPYING = NANOBOT_VERSIONS.filter((v) => rulesOf(v).depthBudget.publicReplayCopy !== null);

describe.each(COPYING)('%s: the public replay\'s deep copy on the index and whole', (v: NanobotVersion) => {
  it('a message past the public copy figure: the public replay raises before any entry is written, exit 1', async () => {
    const copy = rulesOf(v).depthBudget.publicReplayCopy!;
    const fits = file(`public-fits-${v}.jsonl`, [...turns(40), deepLine('assistant', copy - 1), ...turns(2)]);
    expect((await both(['replay', fits, '--nanobot', v, '--public', '--json'])).code).toBe(0);
    const f = file(`public-${v}.jsonl`, [...turns(40), deepLine('assistant', copy), ...turns(2)]);
    const json = await both(['replay', f, '--nanobot', v, '--public', '--json', '--max-messages', '500']);
    expect(json.code).toBe(1);
    // The whole answer is the error: no entry went out before it.
    expect(JSON.parse(json.out)).toEqual({ error: { code: 'nanobot-raises', during: 'replay', type: 'RecursionError', message: 'maximum recursion depth exceeded while calling a Python object', message_index: 40, line: 42 } });
    const words = await both(['replay', f, '--nanobot', v, '--public', '--max-messages', '500']);
    expect(words.code).toBe(1);
    expect(words.out).toContain('nanobot raises RecursionError: maximum recursion depth exceeded while calling a Python object at message 41 (line 42).');
    // Not public: no copy, and the replay keeps it.
    expect((await both(['replay', f, '--nanobot', v, '--json', '--max-messages', '500'])).code).toBe(0);
  });
});

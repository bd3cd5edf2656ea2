/**
 * The fork before a user turn of a file on its line index gives the whole document's answer (the
 * same plan or the same refusal, the same new file byte for byte) without reading the source whole:
 * every session file of the three golden corpora (settings taken in turn) and generated files with
 * the hard parts (runtime-context markers v0.3's public view strips, CRLF, a lone CR, no final
 * newline, a BOM line, corrupt lines, no metadata record, metadata that is not a dict, a message too
 * deep to copy, a lone surrogate nanobot cannot write, a byte that is not UTF-8). A removal on the
 * index never reads the file either.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticMessages } from '../../../bench/synthetic';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict } from '../../../src/core/python/pyvalue';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import { CORPORA, sweepFiles } from '../../corpora';
import { countingAdapter } from './counting-adapter';

const NOW = '2031-07-08T09:10:11.121314';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const SOURCE = 'sessions/src_file.jsonl';

/** A fork's setting `k` (in turn): the user turn before which it cuts, and the new key. */
function forkFor(k: number, users: number): [number, string] {
  const turns = [0, 1, Math.floor(users / 2), users, users + 1, -1, 2];
  const keys = ['fork:new', 'other:key', 'src:file', 'bad/key:x', 'fork:é'];
  return [turns[k % turns.length]!, keys[Math.floor(k / turns.length) % keys.length]!];
}

/** A store error as values (its code and reason; the words are the CLI's). */
const errorOf = (e: unknown) => ({ refused: (e as { code?: string }).code, reason: (e as { reason?: unknown }).reason, message: String((e as Error).message) });

/** The dry run and the write of a fork, and every file afterwards; on the index (threshold 0) or the whole document. */
async function outcome(bytes: Uint8Array, version: NanobotVersion, userIndex: number, newKey: string, indexed: boolean, taken?: string) {
  const { adapter, whole } = countingAdapter();
  adapter.setFile(SOURCE, bytes, 1_800_000_000_000);
  if (taken) adapter.setFile(taken, 'x', 1_800_000_000_000);
  LINE_INDEX.from = indexed ? 0 : Infinity;
  const source = await openSource(adapter, SOURCE, { now: NOW, version });
  const plan = await source.planFork(userIndex, newKey).catch(errorOf);
  const written = await source.writeFork(userIndex, newKey).catch(errorOf);
  const files = (await adapter.list('sessions')).map((e) => [e.name, Buffer.from(adapter.getFile(`sessions/${e.name}`)!).toString('latin1')]);
  return { result: { plan, written, files }, wholeReads: whole.reads };
}

async function compare(what: string, bytes: Uint8Array, version: NanobotVersion, userIndex: number, newKey: string, taken?: string): Promise<string[]> {
  const doc = await outcome(bytes, version, userIndex, newKey, false, taken);
  const ix = await outcome(bytes, version, userIndex, newKey, true, taken);
  const out: string[] = [];
  const a = JSON.stringify(ix.result);
  const b = JSON.stringify(doc.result);
  if (a !== b) out.push(`${what} ${version} fork ${userIndex} ${newKey}: ${a.slice(0, 600)}\n  vs ${b.slice(0, 600)}`);
  if (ix.wholeReads) out.push(`${what} fork ${userIndex}: the index read the file whole`);
  return out;
}

/** User turns of a file, as nanobot's lens would roughly count them (only for the settings' bounds). */
const usersIn = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').split('"role": "user"').length - 1;

describe('a fork over the index gives the whole document\'s fork', () => {
  it.each(CORPORA)('every session file of %s', { timeout: 300_000 }, async (corpus, version) => {
    const files = sweepFiles(corpus);
    const mismatches: string[] = [];
    let written = 0;
    for (const [i, path] of files.entries()) {
      const bytes = new Uint8Array(readFileSync(path));
      const [turn, key] = forkFor(i, usersIn(bytes));
      mismatches.push(...(await compare(path.split('/').pop()!, bytes, version, turn, key, i % 11 === 5 ? 'sessions/fork_new.jsonl' : undefined)));
      if (!mismatches.length && i % 11 !== 5) written += (await outcome(bytes, version, turn, key, true)).result.files.length > 1 ? 1 : 0;
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // Most forks are written (some are refused, as the whole-document fork refuses them): a third at least, whatever the share of fixtures.
    expect(written).toBeGreaterThan(files.length / 3);
  });

  const marker = (text: string): PyDict => ({ role: 'user', content: `${text}\n\n[Runtime Context]\nnow`, _runtime_context: { version: 1, suffix: '\n\n[Runtime Context]\nnow' } });
  const meta = (metadata: unknown, lc: number) => pyDumps({ _type: 'metadata', key: 'src:file', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: metadata as never, last_consolidated: lc });
  const body = syntheticMessages(30, 9, 12).map((m) => pyDumps(m));
  const deepAt = (version: NanobotVersion) => {
    const n = rulesOf(version).depthBudget.forkMessageCopy;
    return `{"role": "assistant", "content": ${'['.repeat(n)}1${']'.repeat(n)}}`;
  };
  const HARD: Record<string, (v: NanobotVersion) => string> = {
    'runtime-context markers, CRLF': () => [meta({ title: 't', goal_state: 1, _last_summary: 's' }, 20), ...body.slice(0, 8), pyDumps(marker('hi')), ...body.slice(8)].join('\r\n'),
    'no metadata, a lone CR, a BOM line, no final newline': () => ['\ufeff' + body[0]!, ...body.slice(1, 12)].join('\r'),
    'corrupt lines: the recovered lens is forked': () => [meta({}, 0), '{cut', ...body.slice(0, 10), '[1]', '{"role": "user", "content": "x"'].join('\n') + '\n',
    'metadata that is a list': () => [meta(['x'], 0), ...body.slice(0, 10)].join('\n') + '\n',
    'a message too deep to copy': (v) => [meta({}, 0), ...body.slice(0, 6), deepAt(v), ...body.slice(6)].join('\n') + '\n',
    'a lone surrogate nanobot cannot write': () => [meta({ note: 'é' }, 0), ...body.slice(0, 6), '{"role": "assistant", "content": "bad \\ud800 x"}', ...body.slice(6)].join('\n') + '\n',
    'keys out of order, escapes, spacing': () => [meta({}, 3), ...body.slice(0, 5), '{"content":"a\\u00e9","role":"user"}', '{ "role" : "user" , "content" : "spaced" }', ...body.slice(5)].join('\n') + '\n',
  };
  it.each(Object.keys(HARD))('%s: settings in turn, every version', async (name) => {
    const mismatches: string[] = [];
    for (const [j, version] of NANOBOT_VERSIONS.entries()) {
      const bytes = new TextEncoder().encode(HARD[name]!(version));
      const users = usersIn(bytes);
      for (let k = j; k < 14; k += 2) {
        const [turn, key] = forkFor(k, users);
        mismatches.push(...(await compare(name, bytes, version, turn, key)));
      }
      const invalid = bytes.slice();
      invalid[invalid.lastIndexOf(0x61)] = 0xff;
      mismatches.push(...(await compare(name + ' (not UTF-8)', invalid, version, 2, 'fork:new')));
    }
    expect(mismatches).toEqual([]);
  });
});

describe('a fork loads its source a frame deeper than a top-level load (jsonLoadsFork)', () => {
  it.each(NANOBOT_VERSIONS.filter((v) => rulesOf(v).fork))('%s: a message nested to json.loads\' own figure loads at the top level and not in the fork, on either source', async (version) => {
    const d = rulesOf(version).depthBudget.jsonLoads;
    const deep = `{"role": "user", "content": ${'['.repeat(d - 1)}1${']'.repeat(d - 1)}}`;
    const bytes = new TextEncoder().encode(`${pyDumps({ role: 'user', content: 'a' })}\n${deep}\n${pyDumps({ role: 'user', content: 'b' })}\n`);
    const answers = [];
    for (const indexed of [false, true]) {
      const { adapter } = countingAdapter();
      adapter.setFile(SOURCE, bytes, 1_800_000_000_000);
      LINE_INDEX.from = indexed ? 0 : Infinity;
      const source = await openSource(adapter, SOURCE, { now: NOW, version });
      expect((await source.load()).result?.count).toBe(3);
      answers.push(await source.planFork(1, 'fork:new').catch(errorOf));
    }
    expect(answers[1]).toEqual(answers[0]);
    // v0.3.0 on: the fork's load raises RecursionError; v0.2's (and 0.2.2's) `_load` catches any exception and its
    // repair pass gives nothing, so nanobot forks nothing (the repairCatches row). 0.2.0 and 0.2.1 have no fork.
    if (rulesOf(version).repairCatches === 'any') expect(answers[0]).toMatchObject({ refused: 'bad-name', reason: { code: 'no-user-turn' } });
    else expect(answers[0]).toMatchObject({ refused: 'io', reason: { code: 'fork-raises', error: { type: 'RecursionError' } } });
  });
});

describe('a removal on the index', () => {
  it('deletes the file without reading it, and is refused once it moved', async () => {
    const { adapter, whole } = countingAdapter();
    adapter.setFile(SOURCE, body(), 1_800_000_000_000);
    LINE_INDEX.from = 0;
    const source = await openSource(adapter, SOURCE, { now: NOW, version: 'main' });
    await source.remove();
    await expect(adapter.stat(SOURCE)).rejects.toMatchObject({ code: 'not-found' });
    expect(whole.reads).toBe(0);
    adapter.setFile(SOURCE, body(), 1_800_000_000_000);
    const again = await openSource(adapter, SOURCE, { now: NOW, version: 'main' });
    adapter.setFile(SOURCE, body() + '{"role": "user", "content": "late"}\n', 1_800_000_000_000);
    await expect(again.remove()).rejects.toMatchObject({ code: 'conflict' });
    expect(adapter.getFile(SOURCE)).toBeDefined();
  });
});

function body(): string {
  return syntheticMessages(20, 3, 10).map((m) => pyDumps(m) + '\n').join('');
}

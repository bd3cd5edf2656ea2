/**
 * Issue 28's rules: edge cases fresh corpora found where Session Lens and nanobot's own code
 * disagreed. Each answer here was measured by running nanobot's code at that version
 * (test/edge-corpus/ holds the scripts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { base64urlKey, keyFromStem, sessionFileName } from '../../src/core/nanobot/keys';
import { forkBeforeUserIndex, forkFromFile } from '../../src/core/edit/fork';
import { indexLoadOfBytes } from './index-cut';
import { indexBytes } from '../index-bytes';
import { loadNanobot, type NanobotSession } from '../../src/core/lens/load';
import { readSessionFile, readSessionMetadata } from '../golden/read-session';
import { migratesToNamespace } from '../../src/core/nanobot/migration';
import { listingRow, sortListing, type ListingRow } from '../../src/core/listing/listing';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyEquals, type PyDict } from '../../src/core/python/pyvalue';
import { getHistory } from '../../src/core/replay/replay';
import { publicHistoryMessage } from '../../src/core/nanobot/runtime-context';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';

const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}}\n';

describe('v0.3.0 stems that decode to ""', () => {
  it('`====` decodes to "", which is falsy: the file-name fallback names the row', () => {
    expect(keyFromStem('====', 'v0.3.0')).toBe('====');
    expect(keyFromStem('=_=', 'v0.3.0')).toBe('=:=');
    const out = listingRow({ bytes: enc(META), complete: true, fileName: '====.jsonl', mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: 'v0.3.0' });
    expect(out.kind === 'row' && out.row.key).toBe('====');
    // main lists only canonical stems.
    expect(keyFromStem('====', 'main')).toBeNull();
  });
});

/** main's listing row of a file (its metadata line, one line under test, then a user message "after"): preview, and whether the repair pass made it. */
function mainRow(key: string, line: string): [string, boolean] | null {
  const meta = JSON.stringify({ _type: 'metadata', key, created_at: '2020-01-01T00:00:00', updated_at: '2020-01-01T00:00:00', metadata: {} });
  const bytes = enc(`${meta}\n${line}\n{"role": "user", "content": "after"}\n`);
  const out = listingRow({ bytes, complete: true, fileName: `${base64urlKey(key)}.jsonl`, mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: 'main' });
  return out.kind === 'row' ? [out.row.preview, out.repaired] : null;
}

describe("main's listing: the provider_state prefix test is Python's `\\s`", () => {
  it('skips a line led by Python whitespace (\\x1c, U+0085, U+3000); parses one led by U+FEFF; needs `,` or `}` after the type', () => {
    // Measured with nanobot main's list_sessions (test/edge-corpus/listing_rules.py): the repaired
    // rows are those whose repair pass logged a corrupt line.
    expect(mainRow('k:u3000', '\u3000{"_type": "provider_state", "role": "user", "content": "hi"}')).toEqual(['after', false]);
    expect(mainRow('k:x1c', '\x1c{"_type": "provider_state", "role": "user", "content": "hi"}')).toEqual(['after', false]);
    expect(mainRow('k:x85', '{\x85"_type":"provider_state"}')).toEqual(['after', false]);
    expect(mainRow('k:feff', '\ufeff{"_type": "provider_state", "role": "user", "content": "hi"}')).toEqual(['after', true]);
    expect(mainRow('k:bracket', '{"_type": "provider_state"]')).toEqual(['after', true]);
    expect(mainRow('k:suffix', '{"_type":"provider_stateX", "role":"user","content":"hi"}')).toEqual(['hi', false]);
  });
});

describe("main's listing: `_type in {…}` with an unhashable `_type`", () => {
  it('raises TypeError in the preview scan, so the row comes from the repair pass', () => {
    const meta = JSON.stringify({ _type: 'metadata', key: 'k:l', created_at: '2020-01-01T00:00:00', updated_at: '2020-01-01T00:00:00', metadata: {} });
    for (const t of ['["a"]', '{}']) {
      const bytes = enc(`${meta}\n{"_type": ${t}, "role": "user", "content": "hi"}\n{"role": "user", "content": "after"}\n`);
      const out = listingRow({ bytes, complete: true, fileName: `${base64urlKey('k:l')}.jsonl`, mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: 'main' });
      expect(out).toMatchObject({ kind: 'row', repaired: true, headError: { type: 'TypeError', message: `unhashable type: '${t === '{}' ? 'dict' : 'list'}'` }, row: { preview: 'hi' } });
      // v0.3.0 compares with ==: the record is a message.
      const v03 = listingRow({ bytes, complete: true, fileName: `${base64urlKey('k:l')}.jsonl`, mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: 'v0.3.0' });
      expect(v03).toMatchObject({ kind: 'row', repaired: false, row: { preview: 'hi' } });
    }
  });
});

describe("Python's == on JSON values", () => {
  // Measured with nanobot v0.3.0's public_history_message and Python's sorted (test/edge-corpus/equality_rules.py).
  const loads = (t: string) => {
    const r = pyLoads(t);
    if (!r.ok) throw new Error(t);
    return r.value;
  };
  it("json's NaN equals itself inside lists and dicts, so marker blocks with NaN match; 1 == 1.0 == True; key order aside", () => {
    const m = loads('{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "ctx", "n": NaN}], "_runtime_context": {"version": 1.0, "blocks": [{"n": NaN, "text": "ctx", "type": "text"}]}}') as PyDict;
    expect(pyDumps(publicHistoryMessage(m).content!)).toBe('[{"type": "text", "text": "a"}]');
    const n = loads('{"role": "user", "content": [{"type": "text", "text": "ctx", "n": 1}], "_runtime_context": {"version": true, "blocks": [{"type": "text", "text": "ctx", "n": 1.0}]}}') as PyDict;
    expect(pyDumps(publicHistoryMessage(n).content!)).toBe('[]');
    // A NaN compared on its own is not equal to itself.
    expect(pyEquals(loads('NaN'), loads('NaN'))).toBe(false);
    expect(pyEquals(loads('[NaN]'), loads('[NaN]'))).toBe(true);
  });
  it('the listing sort: [NaN, 2] sorts above [NaN, 1] (their NaNs are one object)', () => {
    const rows = [loads('[NaN, 1]'), loads('[NaN, 2]')].map((u, i): ListingRow => ({ key: `k${i}`, created_at: '', updated_at: u, title: '', preview: '', path: `f${i}.jsonl` }));
    const sorted = sortListing(rows);
    expect('rows' in sorted && sorted.rows.map((r) => r.key)).toEqual(['k1', 'k0']);
  });
});

describe('a special token with a lone surrogate', () => {
  // Measured with each version's estimate_message_tokens and Session.get_history (test/edge-corpus/token_rules.py).
  it("v0.3.0 and main: the fallback's utf-8 encode raises UnicodeEncodeError, and so does get_history with a budget; v0.2 counts code points", async () => {
    const count = await loadTokenizer();
    const user = (content: string): PyDict => ({ role: 'user', content });
    const estimate = (m: PyDict, v: NanobotVersion) => {
      try {
        return estimateMessageTokens(m, count, v);
      } catch (e) {
        return (e as { error: unknown }).error;
      }
    };
    const msg = (where: string) => ({ type: 'UnicodeEncodeError', message: `'utf-8' codec can't encode ${where}: surrogates not allowed` });
    for (const v of ['v0.3.0', 'main'] as const) {
      expect(estimate(user('<|endoftext|>\ud800'), v)).toEqual(msg("character '\\ud800' in position 13"));
      expect(estimate(user('a\udc00\udfff\ud800<|fim_prefix|>'), v)).toEqual(msg('characters in position 1-3'));
      expect(estimate(user('\ud83d\ude00\udc00<|endoftext|>'), v)).toEqual(msg("character '\\udc00' in position 1"));
      expect(estimate(user('<|endoftext|>'), v)).toBe(17);
      expect(estimate(user('x\ud800'), v)).toBe(6);
      const messages = [user('<|endoftext|>\ud800'), { role: 'assistant', content: 'ok' }];
      expect(getHistory(messages, 0, { maxMessages: 50, maxTokens: 0 }, v, (m) => estimateMessageTokens(m, count, v)).error).toBeNull();
      expect(getHistory(messages, 0, { maxMessages: 50, maxTokens: 100000 }, v, (m) => estimateMessageTokens(m, count, v)).error).toMatchObject(msg("character '\\ud800' in position 13"));
    }
    expect(estimate(user('<|endoftext|>\ud800'), 'v0.2')).toBe(7);
  });
});

describe("main's migration calls .timestamp() on updated_at", () => {
  // Measured with main's SessionManager start-up under TZ=UTC and TZ=Asia/Shanghai (test/edge-corpus/migration_rules.py).
  const file = (u: string) => enc(`{"_type": "metadata", "key": "k:0", "created_at": "${u}", "updated_at": "${u}", "metadata": {}}\n{"role": "user", "content": "hi"}\n`);
  const utc = () => 0;
  // Asia/Shanghai: local mean time +8:05:43 until 1901, +8:00 after.
  const shanghai = (u: number) => (u < -2177481943 ? 29143 : 28800);
  it('a naive time on the first local day of year 1 (or past 9999 by the offset) raises ValueError: the file stays', () => {
    expect(migratesToNamespace(file('0001-01-01T00:00:00'), 'azo0.jsonl', utc)).toEqual({ ok: false, stay: { code: 'no-timestamp', line: 1, error: 'year 0 is out of range' } });
    expect(migratesToNamespace(file('0001-01-02T00:00:00'), 'azo0.jsonl', utc)).toEqual({ ok: true });
    expect(migratesToNamespace(file('0001-01-01T00:00:00+00:00'), 'azo0.jsonl', utc)).toEqual({ ok: true });
    expect(migratesToNamespace(file('9999-12-31T23:59:59'), 'azo0.jsonl', utc)).toEqual({ ok: true });
    expect(migratesToNamespace(file('9999-12-31T23:59:59'), 'azo0.jsonl', shanghai)).toEqual({ ok: false, stay: { code: 'no-timestamp', line: 1, error: 'year 10000 is out of range' } });
    expect(migratesToNamespace(file('0001-01-01T23:59:59'), 'azo0.jsonl', shanghai)).toMatchObject({ ok: false });
    expect(migratesToNamespace(file('0001-01-02T00:00:00'), 'azo0.jsonl', shanghai)).toEqual({ ok: true });
  });
});

describe('read_session_metadata when the first 8 KiB chunk ends inside a character', () => {
  // Cases and answers made by each version's read_session_metadata (test/edge-corpus/metadata_chunks.py):
  // a metadata line, or a message line after it, with a character (valid, cut, invalid, a surrogate's
  // ED A0 80) straddling byte 8192. Python's decoder holds a cut sequence (and a cut ED A0–BF) for the
  // next chunk, which it never reads when the first line ended in the first.
  type Seg = ['t', string] | ['r', string, number] | ['h', string];
  const build = (segs: Seg[]) =>
    Uint8Array.from(segs.flatMap((s) => [...(s[0] === 'h' ? Buffer.from(s[1], 'hex') : enc(s[0] === 'r' ? s[1].repeat(s[2]) : s[1]))]));
  // 0.2.0 and 0.2.1 have no read_session_metadata (their `readSessionMetadata` row).
  it.each(NANOBOT_VERSIONS.filter((v) => rulesOf(v).readSessionMetadata))('%s: every case reads what nanobot reads', (v) => {
    const cases = JSON.parse(readFileSync(new URL(`../edge-corpus/metadata-chunks-${v}.json`, import.meta.url), 'utf8')) as { name: string; segments: Seg[]; key: string | null; listed: [string, string][] | string }[];
    expect(cases).toHaveLength(58);
    const got = cases.map((c) => [c.name, readSessionMetadata(build(c.segments), 'k:a', '2031-07-08T09:10:11.121314', v).result?.key ?? null]);
    expect(got).toEqual(cases.map((c) => [c.name, c.key]));
    // The listing reads the same head the same way.
    const listed = cases.map((c) => {
      const out = listingRow({ bytes: build(c.segments), complete: true, fileName: sessionFileName('k:a', v), mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: v });
      return [c.name, out.kind === 'row' ? [[out.row.key, out.row.preview]] : out.kind === 'raise' ? out.error.type : out.kind === 'skip' ? [] : out.kind];
    });
    expect(listed).toEqual(cases.map((c) => [c.name, c.listed]));
  });
});

/** The path a load that fails its strict pass takes: the repair pass, or none before 0.1.5.post2 (an empty session). */
const failedLoadPath = (v: NanobotVersion) => (rulesOf(v).loadFailure === 'repair' ? 'repair' : 'normal');

describe("Python's text reads go chunk by chunk (issue 28, found by npm run fuzz)", () => {
  const cat = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...enc(p)] : p)));
  const deep = (levels: number) => `{"role": "user", "content": ${'['.repeat(levels - 1)}"x"${']'.repeat(levels - 1)}}\n`;

  it.each(NANOBOT_VERSIONS)('%s: a character cut at the end of the file is no error until Python reads past it', (v) => {
    // read_session_metadata reads one line: the pending 0xC2 after it never meets the end of the file.
    expect(readSessionMetadata(cat('{}\n', [0xc2]), 'k:a', 'now', v)).toMatchObject({ result: null, repairCalled: false });
    expect(readSessionMetadata(cat(META, [0xc2]), 'k:a', 'now', v)).toMatchObject({ result: { key: 'k:a' }, repairCalled: false });
    // _load reads every line: the last read finds the cut character and raises (the repair pass follows where there is one).
    expect(loadNanobot(cat(META, [0xc2]), 'k:a', 'now', v)).toMatchObject({ path: failedLoadPath(v), strictError: { type: 'UnicodeDecodeError', message: "'utf-8' codec can't decode byte 0xc2 in position 0: unexpected end of data" } });
  });

  it.each(NANOBOT_VERSIONS)('%s: the lines before the chunk that holds a decoding fault are read first', (v) => {
    const levels = rulesOf(v).depthBudget.jsonLoads + 1;
    // A line too deep for json.loads in the first 8 KiB, an invalid byte in the second.
    const file = cat(META, deep(levels), '{"role": "user", "content": "' + 'a'.repeat(8192) + '"}\n', [0x80], '\n');
    const load = loadNanobot(file, 'k:a', 'now', v);
    if (rulesOf(v).repairCatches === 'any') expect(load).toMatchObject({ path: failedLoadPath(v), strictError: { type: 'RecursionError' } });
    else expect(load).toMatchObject({ path: 'normal', error: { type: 'RecursionError' } });
    // Where the fault shares the first chunk, the decoding error comes first.
    const near = cat(META, deep(levels), [0x80], '\n');
    expect(loadNanobot(near, 'k:a', 'now', v)).toMatchObject({ path: failedLoadPath(v), strictError: { type: 'UnicodeDecodeError' } });
  });

  it("a UnicodeDecodeError's position counts from the start of the read that meets it", () => {
    const at = (bytes: Uint8Array) => (loadNanobot(bytes, 'k:a', 'now', 'main').strictError as { message: string }).message;
    expect(at(cat('a'.repeat(9000), '\n', [0x80], '\n'))).toBe("'utf-8' codec can't decode byte 0x80 in position 809: invalid start byte");
    // A character cut by the chunk's end is held back and met at the next read, at position 0.
    expect(at(cat('a'.repeat(8191), [0xc3], '\n', [0x80], '\n'))).toBe("'utf-8' codec can't decode byte 0xc3 in position 0: invalid continuation byte");
    // A valid character across the boundary is put in front of the next chunk.
    expect(at(cat('a'.repeat(8191), [0xc3, 0xa9], 'b', [0x80], '\n'))).toBe("'utf-8' codec can't decode byte 0x80 in position 3: invalid start byte");
  });
});

describe('copy.deepcopy depth, at each call site and version', () => {
  // Frames to spare measured by running each version's code (test/edge-corpus/depth_budgets.py,
  // depth-budgets.json); checked at a true top-level call for v0.2's fork (499 levels copy, 500
  // raise) and v0.3.0's load (994 levels load, 995 raise).
  const lists = (levels: number) => '['.repeat(levels) + '"x"' + ']'.repeat(levels);
  const parsed = (t: string) => {
    const r = pyLoads(t);
    if (!r.ok) throw new Error(t);
    return r.value as PyDict;
  };
  /** A message whose copy depth is `depth`: {"role", "content": lists}, the dict 1, its content's lists, "x" 1. */
  const deepMessage = (role: string, depth: number) => parsed(`{"role": "${role}", "content": ${lists(depth - 2)}}`);
  const session = (messages: PyDict[], metadata: PyDict = {}): NanobotSession => ({
    key: 'a:b', createdAt: 't', updatedAt: 't', lastConsolidated: 0, metadata, messages, messageLines: messages.map((_, i) => i + 1),
  });
  const RAISES = { error: { type: 'RecursionError', message: expect.any(String) } };

  it('the table holds the measured frames, and the budgets they give at a top-level call', () => {
    const v02 = { jsonLoads: 994, jsonLoadsRepair: 993, jsonLoadsFork: 993, jsonLoadsForkRepair: 992, forkMessageCopy: 998, forkMetadataCopy: 998, listingPreviewCopy: null, listingRepairPreviewCopy: null, publicReplayCopy: null, providerStateCopy: null, jsonLoadsMigration: null };
    // every release up to v0.2 (0.1.4 … 0.2.2, then v0.2's commit) leaves v0.2's frames, then v0.3.0 and main
    const upToV02 = NANOBOT_VERSIONS.indexOf('v0.2') + 1;
    expect(NANOBOT_VERSIONS.map((v) => rulesOf(v).spareFrames)).toEqual([
      ...Array(upToV02).fill(v02),
      { jsonLoads: 994, jsonLoadsRepair: 993, jsonLoadsFork: 993, jsonLoadsForkRepair: 992, forkMessageCopy: 997, forkMetadataCopy: 998, listingPreviewCopy: 996, listingRepairPreviewCopy: 995, publicReplayCopy: 997, providerStateCopy: null, jsonLoadsMigration: null },
      { jsonLoads: 992, jsonLoadsRepair: 991, jsonLoadsFork: 991, jsonLoadsForkRepair: 990, forkMessageCopy: 997, forkMetadataCopy: 998, listingPreviewCopy: 994, listingRepairPreviewCopy: 993, publicReplayCopy: 997, providerStateCopy: 995, jsonLoadsMigration: 988 },
    ]);
    const measured = JSON.parse(readFileSync(new URL('../edge-corpus/depth-budgets.json', import.meta.url), 'utf8')) as Record<string, Record<string, number>>;
    // 0.2.0 and 0.2.1 have no read_session_metadata or fork, which the measuring script calls: 0.2.2 measured as v0.2.
    for (const v of NANOBOT_VERSIONS.filter((x) => rulesOf(x).fork && rulesOf(x).readSessionMetadata)) {
      const f = rulesOf(v).spareFrames;
      const m = measured[v]!;
      expect([f.jsonLoads, f.jsonLoadsRepair, f.jsonLoadsFork, f.jsonLoadsForkRepair, f.forkMessageCopy, f.forkMetadataCopy, f.listingPreviewCopy, f.listingRepairPreviewCopy, f.publicReplayCopy, f.providerStateCopy, f.jsonLoadsMigration]).toEqual(
        [m.json_load, m.json_load_repair_pass, m.json_fork_load, m.json_fork_load_repair_pass, m.copy_fork, m.copy_fork_metadata, m.copy_listing_preview ?? null, m.copy_listing_repair_preview ?? null, m.copy_public_replay ?? null, m.copy_provider_state_payload ?? null, m.json_migration ?? null],
      );
    }
    // The 0.1.x releases have neither: what they do have is measured (the load, its repair pass from
    // 0.1.5.post2, read_session_file, the listing's head), and every figure is v0.2's.
    for (const v of NANOBOT_VERSIONS.slice(0, NANOBOT_VERSIONS.indexOf('0.2.0'))) {
      const f = rulesOf(v).spareFrames;
      const m = measured[v]!;
      expect(m.json_load, v).toBe(f.jsonLoads);
      expect(m.json_listing_head, v).toBe(f.jsonLoads);
      expect(m.json_read_session_file ?? f.jsonLoads, v).toBe(f.jsonLoads);
      expect(m.json_load_repair_pass === undefined, v).toBe(rulesOf(v).loadFailure === 'empty-session');
      if (m.json_load_repair_pass !== undefined) expect(m.json_load_repair_pass, v).toBe(f.jsonLoadsRepair);
    }
    const b02 = { jsonLoads: 994, jsonLoadsRepair: 993, jsonLoadsFork: 993, jsonLoadsForkRepair: 992, forkMessageCopy: 499, forkMetadataCopy: 499, listingPreviewCopy: null, listingRepairPreviewCopy: null, publicReplayCopy: null, providerStateCopy: null, jsonLoadsMigration: null };
    expect(NANOBOT_VERSIONS.map((v) => rulesOf(v).depthBudget)).toEqual([
      ...Array(upToV02).fill(b02),
      { jsonLoads: 994, jsonLoadsRepair: 993, jsonLoadsFork: 993, jsonLoadsForkRepair: 992, forkMessageCopy: 498, forkMetadataCopy: 499, listingPreviewCopy: 498, listingRepairPreviewCopy: 497, publicReplayCopy: 498, providerStateCopy: null, jsonLoadsMigration: null },
      { jsonLoads: 992, jsonLoadsRepair: 991, jsonLoadsFork: 991, jsonLoadsForkRepair: 990, forkMessageCopy: 498, forkMetadataCopy: 499, listingPreviewCopy: 497, listingRepairPreviewCopy: 496, publicReplayCopy: 498, providerStateCopy: 497, jsonLoadsMigration: 988 },
    ]);
  });

  it.each(NANOBOT_VERSIONS)("%s: json.loads nests as deep as the version's own figure: the strict pass and the reads, and the repair pass one less", (v) => {
    const b = rulesOf(v).depthBudget;
    // v0.2 and v0.3.0 accept 994 levels, main 992; their repair passes 993 and 991.
    expect([b.jsonLoads, b.jsonLoadsRepair]).toEqual(v === 'main' ? [992, 991] : [994, 993]);
    const file = (levels: number, badFirst = false) => enc(`${META}${badFirst ? '{bad\n' : ''}{"role": "user", "content": ${lists(levels - 1)}}\n`);
    expect(loadNanobot(file(b.jsonLoads), 'a:b', 'now', v)).toMatchObject({ path: 'normal', result: { messages: [{}] } });
    const deep = loadNanobot(file(b.jsonLoads + 1), 'a:b', 'now', v);
    expect(deep.strictError ?? deep.error).toMatchObject({ type: 'RecursionError' });
    expect(readSessionFile(file(b.jsonLoads), 'a:b', 'now', v)).toMatchObject({ result: { messages: [{}] }, repairCalled: false });
    const read = readSessionFile(file(b.jsonLoads + 1), 'a:b', 'now', v);
    expect(read.repairCalled ? read.error : read.raised).toMatchObject({ type: 'RecursionError' });
    // A bad line first: the repair pass reads the deep one (before 0.1.5.post2 there is none: nothing loads).
    if (failedLoadPath(v) === 'normal') {
      expect(loadNanobot(file(b.jsonLoadsRepair, true), 'a:b', 'now', v)).toMatchObject({ path: 'normal', result: null, startsEmpty: 'no-repair' });
      return;
    }
    expect(loadNanobot(file(b.jsonLoadsRepair, true), 'a:b', 'now', v)).toMatchObject({ path: 'repair', result: { messages: [{}] } });
    const repaired = loadNanobot(file(b.jsonLoadsRepair + 1, true), 'a:b', 'now', v);
    expect(repaired.result).toBeNull();
    expect(repaired.repairError ?? repaired.error).toMatchObject({ type: 'RecursionError' });
  });

  it.each(NANOBOT_VERSIONS)('%s: a fork loads its source a frame deeper than a top-level _load: its json.loads nest a level less', (v) => {
    const b = rulesOf(v).depthBudget;
    expect([b.jsonLoadsFork, b.jsonLoadsForkRepair]).toEqual([b.jsonLoads - 1, b.jsonLoadsRepair - 1]);
    const file = (levels: number, badFirst = false) => enc(`${META}${badFirst ? '{bad\n' : ''}{"role": "user", "content": "u"}\n{"role": "assistant", "content": ${lists(levels - 1)}}\n`);
    expect(loadNanobot(file(b.jsonLoadsFork), 'a:b', 'now', v, undefined, 'fork')).toMatchObject({ path: 'normal', result: { messages: [{}, {}] } });
    expect(loadNanobot(file(b.jsonLoads), 'a:b', 'now', v)).toMatchObject({ path: 'normal', result: { messages: [{}, {}] } });
    const deep = loadNanobot(file(b.jsonLoads), 'a:b', 'now', v, undefined, 'fork');
    expect(deep.strictError ?? deep.error).toMatchObject({ type: 'RecursionError' });
    if (failedLoadPath(v) === 'normal') return; // no repair pass before 0.1.5.post2
    expect(loadNanobot(file(b.jsonLoadsForkRepair, true), 'a:b', 'now', v, undefined, 'fork')).toMatchObject({ path: 'repair', result: { messages: [{}, {}] } });
    const repaired = loadNanobot(file(b.jsonLoadsRepair, true), 'a:b', 'now', v, undefined, 'fork');
    expect(repaired.repairError ?? repaired.error).toMatchObject({ type: 'RecursionError' });
  });

  it.each(NANOBOT_VERSIONS.filter((v) => rulesOf(v).fork))("%s: the app's fork of a file loads its source as nanobot's fork does, a level less than the view", (v) => {
    // Measured (nanobot's fork_session_before_user_index(key, "f:k", 0 or 1) on [meta, user, assistant
    // nesting to a figure, user]): at the fork's own figure it forks; at the top-level figure v0.2's (and
    // 0.2.2's) fork loads no session and makes no fork, v0.3.0's and main's raise. 0.2.0 and 0.2.1 have no fork.
    const b = rulesOf(v).depthBudget;
    const file = (levels: number) => enc(`${META}{"role": "user", "content": "u"}\n{"role": "assistant", "content": ${lists(levels - 1)}}\n{"role": "user", "content": "v"}\n`);
    const fork = (levels: number, index: number) => {
      const bytes = file(levels);
      const opened = loadNanobot(bytes, 'a:b', 'now', v);
      expect(opened.result?.messages).toHaveLength(3); // the view loads every line
      return forkFromFile(bytes, 'a:b', opened, opened.result!, 'f:k', index, 'now', v);
    };
    expect(fork(b.jsonLoadsFork, 0)).toMatchObject({ messages: [] });
    // v0.2's `_load` catches any exception (its fork then has no session); later ones let RecursionError through.
    const atTop = rulesOf(v).repairCatches === 'any' ? null : RAISES;
    expect(fork(b.jsonLoads, 0)).toEqual(atTop);
    expect(fork(b.jsonLoads, 1)).toEqual(atTop);
  });

  it("main's start-up migration reads a workspace file as deep as its own figure, and raises past it", () => {
    // Measured (test/edge-corpus/depth_budgets.py, json_migration): SessionManager() from a script's top
    // level migrates a line of 988 levels; at 989 it copies the file, then raises reading the copy back.
    const depth = rulesOf('main').depthBudget.jsonLoadsMigration!;
    expect(depth).toBe(988);
    expect(rulesOf('v0.2').depthBudget.jsonLoadsMigration).toBeNull();
    const file = (levels: number) => enc(`${META}{"role": "user", "content": ${lists(levels - 1)}}\n`);
    expect(migratesToNamespace(file(depth), 'a_b.jsonl')).toEqual({ ok: true });
    expect(migratesToNamespace(file(depth + 1), 'a_b.jsonl')).toMatchObject({ error: { type: 'RecursionError' } });
    // Below `_load`'s own figure: main loads the same line once it is in place.
    expect(loadNanobot(file(depth + 1), 'a:b', 'now', 'main')).toMatchObject({ path: 'normal', result: { messages: [{}] } });
  });

  it.each(NANOBOT_VERSIONS)('%s: fork copies up to its budget, raises past it, even past the last user turn, and for metadata', (v) => {
    const b = rulesOf(v).depthBudget;
    const user = parsed('{"role": "user", "content": "u"}');
    const fits = session([user, deepMessage('assistant', b.forkMessageCopy)]);
    const deep = session([user, deepMessage('assistant', b.forkMessageCopy + 1)]);
    expect(forkBeforeUserIndex(fits, 'f:k', 1, 'now', v)).toMatchObject({ messages: [{}, {}] });
    expect(forkBeforeUserIndex(deep, 'f:k', 1, 'now', v)).toEqual(RAISES);
    // Past the last user turn nanobot has copied every message before it finds no target.
    expect(forkBeforeUserIndex(fits, 'f:k', 5, 'now', v)).toBeNull();
    expect(forkBeforeUserIndex(deep, 'f:k', 5, 'now', v)).toEqual(RAISES);
    const meta = (depth: number) => session([user], parsed(`{"a": ${lists(depth - 2)}}`));
    expect(forkBeforeUserIndex(meta(b.forkMetadataCopy), 'f:k', 1, 'now', v)).toMatchObject({ messages: [{}] });
    expect(forkBeforeUserIndex(meta(b.forkMetadataCopy + 1), 'f:k', 1, 'now', v)).toEqual(RAISES);
  });

  it.each(['v0.3.0', 'main'] as const)("%s: the listing's preview and the public replay copy every message through the public view", (v) => {
    const b = rulesOf(v).depthBudget;
    const row = (depth: number) => {
      const bytes = enc(`${META.replace('"metadata": {}', '"key": "a:b", "metadata": {}')}{"role": "tool", "content": ${lists(depth - 2)}}\n{"role": "user", "content": "hi"}\n`);
      return listingRow({ bytes, complete: true, fileName: `${base64urlKey('a:b')}.jsonl`, mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: v });
    };
    expect(row(b.listingPreviewCopy!)).toMatchObject({ kind: 'row', row: { preview: 'hi' } });
    expect(row(b.listingPreviewCopy! + 1)).toMatchObject({ kind: 'raise', error: { type: 'RecursionError' } });
    // A row the repair pass made (a non-object line in the head) previews its messages one frame deeper.
    const repaired = (depth: number) => {
      const bytes = enc(`${META.replace('"metadata": {}', '"key": "a:b", "metadata": {}')}[1]\n{"role": "tool", "content": "", "x": ${lists(depth - 2)}}\n{"role": "user", "content": "hi"}\n`);
      return listingRow({ bytes, complete: true, fileName: `${base64urlKey('a:b')}.jsonl`, mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: v });
    };
    expect(repaired(b.listingRepairPreviewCopy!)).toMatchObject({ kind: 'row', repaired: true, row: { preview: 'hi' } });
    expect(repaired(b.listingRepairPreviewCopy! + 1)).toMatchObject({ kind: 'raise', error: { type: 'RecursionError' } });
    const replay = (depth: number) => getHistory([parsed('{"role": "user", "content": "u"}'), deepMessage('assistant', depth)], 0, { maxMessages: 50, includeRuntimeContext: false }, v).error;
    expect(replay(b.publicReplayCopy!)).toBeNull();
    expect(replay(b.publicReplayCopy! + 1)).toMatchObject({ type: 'RecursionError', message_index: 1 });
    // With the runtime context kept there is no public view, and no copy.
    expect(getHistory([parsed('{"role": "user", "content": "u"}'), deepMessage('assistant', 900)], 0, { maxMessages: 50, includeRuntimeContext: true }, v).error).toBeNull();
  });

  it("main: loading a provider state deep-copies its payload and pending messages", async () => {
    const b = rulesOf('main').depthBudget.providerStateCopy!;
    const file = (payload: string, pending: string) =>
      enc(`${META}{"_type": "provider_state", "state": {"kind": "k", "provider": "p", "model": "m", "version": 1, "payload": ${payload}, "pending_messages": ${pending}}}\n`);
    const load = (bytes: Uint8Array) => loadNanobot(bytes, 'a:b', '2031-07-08T09:10:11.121314', 'main');
    // payload {"a": lists}: depth lists + 2; pending [{"a": lists}]: lists + 3.
    expect(load(file(`{"a": ${lists(b - 2)}}`, '[]')).result?.providerState).toBeTruthy();
    expect(load(file(`{"a": ${lists(b - 1)}}`, '[]')).error).toMatchObject({ type: 'RecursionError' });
    expect(load(file('{}', `[{"a": ${lists(b - 3)}}]`)).result?.providerState).toBeTruthy();
    expect(load(file('{}', `[{"a": ${lists(b - 2)}}]`)).error).toMatchObject({ type: 'RecursionError' });
    // Large-file mode's index says the same.
    const viaIndex = async (bytes: Uint8Array) => (await indexLoadOfBytes(bytes, indexBytes(bytes, 'main'), 'main')).raises;
    expect(await viaIndex(file(`{"a": ${lists(b - 2)}}`, '[]'))).toBe(false);
    expect(await viaIndex(file(`{"a": ${lists(b - 1)}}`, '[]'))).toBe(true);
  });
});

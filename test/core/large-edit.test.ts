import { readFileSync } from 'node:fs';
import type { EditRefusal } from '../../src/core/edit/edits';
import { editRefusalEn } from '../../src/words/edit-en';
import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument, type SessionDocument } from '../../src/core/lens/document';
import { encodeSession } from '../../src/core/edit/format';
import { pyDumps, type PyError } from '../../src/core/python/pyjson';
import { LegalWalk } from '../../src/core/replay/replay';
import { repairDocument, setTitle, trimToLegalSuffix } from '../../src/core/edit/edits';
import { dumpsLine, lastMetadataLine, needsFacts, NO_FACTS, planRepair, planTitle, planTrim, retainFacts, trimReach, trimSpan, type LastMetadata, type WalkedSpan, type Piece } from '../../src/core/edit/large-edit';
import { lineEnd, type LineIndex } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import { encodeUtf8 } from '../../src/core/python/lines';
import { fileStem } from '../../src/core/nanobot/keys';
import { rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { recoveredSession } from '../../src/core/lens/recovered';
import { decodeRecord } from '../../src/store/large/read/large-records';
import { CORPORA, fixturePaths, releasesInTurn } from '../corpora';
import { expectEqual } from '../expect-equal';

const NOW = '2026-12-04T10:00:00.000001';
const MAXES = [0, 1, 2, 3, 5, 8, 50];

/** The new file a plan describes, built from the original's bytes (what the streamed save writes). */
function render(bytes: Uint8Array, ix: LineIndex, pieces: Piece[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const p of pieces) {
    if ('bytes' in p) parts.push(p.bytes);
    else if ('from' in p) parts.push(bytes.subarray(p.from, p.to));
    else {
      for (const [k, l] of p.dumps.entries()) {
        const line = dumpsLine(decodeRecord(bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!))!, p.at + k);
        if (!(line instanceof Uint8Array)) throw new Error(editRefusalEn(line.error));
        parts.push(line);
      }
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function metaOf(bytes: Uint8Array, ix: LineIndex): LastMetadata {
  const line = lastMetadataLine(ix);
  return line < 0 ? null : { line, value: decodeRecord(bytes.subarray(ix.start[line]!, ix.start[line]! + ix.length[line]!))! };
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The refusal the normal save (sessions.ts) gives for an edited record it cannot encode, or null. */
function refusal(doc: SessionDocument): string | null {
  for (const [i, r] of doc.records.entries()) {
    if (!r.edited || !r.value) continue;
    const enc = encodeSession(pyDumps(r.value));
    if (!enc.ok) return `Line ${i + 1} cannot be saved: nanobot would raise ${enc.error.type}: ${enc.error.message}. Nothing was written.`;
  }
  return null;
}

/** The plan's bytes, or its refusal (at planning or at writing) as `{ error }`. */
function outcome(bytes: Uint8Array, ix: LineIndex, plan: { pieces: Piece[] } | { error: EditRefusal }): Uint8Array | { error: string } {
  if ('error' in plan) return { error: editRefusalEn(plan.error) };
  try {
    return render(bytes, ix, plan.pieces);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The normal save's bytes, or its refusal. */
function saved(doc: SessionDocument): Uint8Array | { error: string } {
  const no = refusal(doc);
  return no ? { error: no } : serializeDocument(doc);
}

let refused = 0;

/** Byte-for-byte equality (a Buffer compare: toEqual walks the bytes one by one), shown as text when it fails. */
function same(got: Uint8Array | { error: string }, want: Uint8Array | { error: string }, what: string): void {
  if (got instanceof Uint8Array && want instanceof Uint8Array) {
    if (!Buffer.from(got).equals(Buffer.from(want))) expect(text(got), what).toBe(text(want));
    expect(Buffer.from(got).equals(Buffer.from(want)), what).toBe(true);
  } else expect(got, what).toEqual(want);
}

/** Every edit through the index equals the same edit of the whole document, byte for byte. */
/** Every edit on `bytes`; of the 14 trims, those whose place in turn has `turn`'s parity (each file half of them, every trim half the files). */
function check(bytes: Uint8Array, version: NanobotVersion, fileName: string, turn: number): { trims: number; reached: number } {
  const doc = parseDocument(bytes, { fileName, version });
  const key = recoveredSession(doc, 'cli:fallback', NOW).key;
  const ix = indexBytes(bytes, version, 4096);
  const meta = metaOf(bytes, ix);
  const at = (what: string) => `${fileName} (${version}) ${what}`;

  const title = setTitle(doc, key, 'A new title ✓', NOW);
  if (!title.ok) throw new Error(JSON.stringify(title.error));
  const tp = planTitle(ix, meta, key, 'A new title ✓', NOW);
  const want = saved(title.doc);
  same(outcome(bytes, ix, tp), want, at('title'));
  if ('error' in want) refused++;
  else if (!('error' in tp)) {
    expect(tp.size, at('title size')).toBe(want.length);
    expect(tp.change).toEqual(title.change);
  }

  const rep = repairDocument(doc, fileStem(fileName), NOW);
  if (!rep.ok) throw new Error(JSON.stringify(rep.error));
  const rp = planRepair(ix, meta, fileStem(fileName), NOW);
  const wantRepair = saved(rep.doc);
  const gotRepair = outcome(bytes, ix, rp);
  same(gotRepair, wantRepair, at('repair'));
  if ('error' in wantRepair) refused++;
  if (!('error' in rp)) {
    expect(rp.change, at('repair change')).toEqual(rep.change);
    expect(rp.removed).toBe(rep.removed);
  }

  let trims = 0;
  let reached = 0;
  for (const [m, max] of MAXES.entries()) {
    for (const etu of [false, true]) {
      if ((m + Number(etu) + turn) % 2) continue;
      const normal = trimToLegalSuffix(doc, key, max, etu, NOW, version);
      const from = trimReach(ix, meta, max, etu, version);
      if (from > 0 && from < ix.messageCount) reached++;
      const lines = Array.from(ix.messages.subarray(from, ix.messageCount));
      const tail = lines.map((l) => decodeRecord(bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!))!);
      const plan = planTrim(ix, meta, key, max, etu, NOW, version, from, tail);
      const what = at(`trim ${max}${etu ? ' extend_to_user' : ''}`);
      // The facts a trim reads of each message (what the CLI and the app's worker hold; none where the index says there are none) plan the same.
      const facts = tail.map((v, k) => (needsFacts(ix, ix.messages[from + k]!) ? retainFacts(v) : NO_FACTS));
      expectEqual(planTrim(ix, meta, key, max, etu, NOW, version, from, facts), plan, what);
      // And from the legality check walked over the span a message at a time, nothing held (the CLI's way).
      const span = trimSpan(ix, max, etu, version);
      if (span) {
        const walk = new LegalWalk();
        let walked: WalkedSpan;
        try {
          for (let i = span.from; i < span.to; i++) walk.push(facts[i - from]!, i);
          walked = { span, legalStart: walk.start };
        } catch (e) {
          walked = { span, raises: (e as { error: PyError }).error };
        }
        expectEqual(planTrim(ix, meta, key, max, etu, NOW, version, span.from, walked), plan, what);
      }
      if (!normal.ok) {
        expect(plan, what).toEqual({ error: normal.error });
        continue;
      }
      // Within the limit nothing is written; over it, updated_at moves even when nothing is dropped.
      if (normal.doc === doc) {
        expect('nothing' in plan, what).toBe(true);
        continue;
      }
      if ('nothing' in plan) throw new Error(`${what}: ${JSON.stringify(plan)}`);
      const wantTrim = saved(normal.doc);
      same(outcome(bytes, ix, plan), wantTrim, what);
      if ('error' in wantTrim || 'error' in plan) {
        // Only the save is refused: the trim says what it would do, as the whole-file trim does.
        expect('change' in plan && plan.change, what).toEqual(normal.change);
        refused++;
        continue;
      }
      expect(plan.size, what).toBe(wantTrim.length);
      expect(plan.change, what).toEqual(normal.change);
      expect(Array.from(plan.dropped), what).toEqual(normal.dropped);
      expect(plan.unarchived, what).toBe(normal.unarchived);
      // Untouched records are copied as byte ranges: only the metadata line is new.
      expect(plan.pieces.filter((p) => 'bytes' in p).length).toBe(1);
      trims++;
    }
  }
  return { trims, reached };
}

describe('large-file edits equal the whole-document edits', () => {
  // Not yet 0.2.0, whose retention counts what it dropped by shifting last_consolidated (its `retainCount`
  // row): large-edit.ts still counts by identity for every version (left to its owner; the whole-document
  // trim follows the row, checked by golden-0.2.0).
  for (const [dir, version] of CORPORA.filter(([, v]) => rulesOf(v).retainCount === 'identity')) {
    const files = fixturePaths(dir);
    it(`on every ${dir} fixture: title, repair, and trims to ${MAXES.join(', ')} messages`, () => {
      let trims = 0;
      let reached = 0;
      for (const [n, f] of files.entries()) {
        const r = check(new Uint8Array(readFileSync(f)), version, f, n);
        trims += r.trims;
        reached += r.reached;
      }
      // A release's corpus holds its share of the fixtures (corpora.ts): the counts are of the releases' shares together.
      expect(trims * releasesInTurn(dir)).toBeGreaterThan(200);
      expect(refused).toBeGreaterThan(0); // lone surrogates: refused by both paths, with the same words
      expect(reached * releasesInTurn(dir)).toBeGreaterThan(100); // the decoded tail was shorter than the session, often
    });
  }

  /** A seeded generator of awkward files: corrupt lines, every terminator, BOMs, no final newline. */
  function generated(seed: number, version: NanobotVersion): Uint8Array {
    let s = seed;
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const lines: string[] = [];
    const meta = (lc: unknown) => JSON.stringify({ _type: 'metadata', key: 'cli:gen', created_at: '2026-06-01T09:00:00', updated_at: pick(['2026-06-01T10:00:00', 'not a time', 7]), metadata: pick([{ title: 'Old', _last_summary: 'x' }, {}, 'odd', null]), last_consolidated: lc });
    if (rnd() < 0.8) lines.push(pick(['', '\ufeff']) + meta(pick([0, 3, 99, -1, 2.5, 'x'])));
    let call = 0;
    const n = 5 + Math.floor(rnd() * 30);
    for (let i = 0; i < n; i++) {
      const r = rnd();
      if (r < 0.06) lines.push(pick(['{not json', '[1, 2]', '', '   ', '\ufeff{"role": "user", "content": "bom"}', '{"role": "user", "content": "x"', 'null']));
      else if (r < 0.09) lines.push(meta(pick([1, 4])));
      else if (r < 0.12 && version === 'main') lines.push(JSON.stringify({ _type: 'provider_state', provider: 'openai', state: { id: `resp_${i}` } }));
      else if (r < 0.35) lines.push(JSON.stringify({ role: 'user', content: `question ${i} — ünïcode`, timestamp: '2026-06-01T09:00:00' }) + pick(['', '  ']));
      else if (r < 0.55) {
        call++;
        lines.push(JSON.stringify({ role: 'assistant', content: null, tool_calls: [{ id: `c${call}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }));
      } else if (r < 0.7) lines.push(JSON.stringify({ role: 'tool', tool_call_id: `c${rnd() < 0.8 ? call : call + 7}`, content: 'ok' }));
      else if (r < 0.75) lines.push(JSON.stringify({ role: 'assistant', content: 'delivered', _channel_delivery: true }));
      else lines.push(`{"role":"assistant","content":"answer ${i}","n":1.0}`);
    }
    let out = '';
    lines.forEach((l, i) => {
      out += l;
      if (i < lines.length - 1 || rnd() < 0.5) out += pick(['\n', '\n', '\r\n', '\r']);
    });
    return encodeUtf8(out);
  }

  for (const version of ['v0.2', 'v0.3.0', 'main'] as NanobotVersion[]) {
    it(`on 300 generated files with corrupt lines, CRLF and CR, BOMs, no final newline (${version})`, () => {
      let trims = 0;
      for (let seed = 1; seed <= 300; seed++) trims += check(generated(seed, version), version, 'cli_gen.jsonl', seed).trims;
      expect(trims).toBeGreaterThan(300);
    });
  }

  it('a repair copies the provider_state lines as they end: the last one left without a terminator when it had none and no message follows', () => {
    const meta = JSON.stringify({ _type: 'metadata', key: 'cli:ps', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T09:00:00', metadata: {}, last_consolidated: 0 });
    const state = (id: string) => JSON.stringify({ _type: 'provider_state', provider: 'openai', state: { id } });
    const files = [
      [meta, state('a')],
      [meta, state('a'), state('b')],
      [meta, '{corrupt', state('a')],
      [state('a'), meta, state('b')],
      [state('a'), state('b')],
    ];
    for (const lines of files) {
      for (const last of ['', '\n', '\r\n', '\r']) {
        for (const between of ['\n', '\r\n']) {
          const bytes = encodeUtf8(lines.join(between) + last);
          check(bytes, 'main', 'cli_ps.jsonl', 0);
          // With a message after them, every copied line ends as its own did (or gains the save's \n).
          check(encodeUtf8(lines.join(between) + between + JSON.stringify({ role: 'user', content: 'q' }) + last), 'main', 'cli_ps.jsonl', 1);
        }
      }
    }
  });

  it('copies every untouched byte as a range: a trim of a long file is a few pieces', () => {
    const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:x', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T09:00:00', metadata: {}, last_consolidated: 0 })];
    for (let i = 0; i < 2000; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    rows.splice(500, 0, '{corrupt');
    const bytes = encodeUtf8(rows.join('\r\n') + '\r\n');
    const ix = indexBytes(bytes, 'v0.2');
    const meta = metaOf(bytes, ix);
    const from = trimReach(ix, meta, 10, false, 'v0.2');
    expect(from).toBe(1990);
    const tail = Array.from(ix.messages.subarray(from, ix.messageCount), (l) => decodeRecord(bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!))!);
    const plan = planTrim(ix, meta, 'cli:x', 10, false, NOW, 'v0.2', from, tail);
    if (!('pieces' in plan)) throw new Error('no plan');
    // The new metadata line, the corrupt line (kept, as the normal path keeps it), the last 10 messages.
    expect(plan.pieces.map((p) => ('bytes' in p ? 'new' : 'from' in p ? [p.from, p.to] : 'dumps'))).toEqual([
      'new',
      [ix.start[500]!, lineEnd(ix, 500)],
      [ix.start[ix.messages[1990]!]!, bytes.length],
    ]);
    expect(plan.left).toBe(bytes.length - plan.copied);
  });
});

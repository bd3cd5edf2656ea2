import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { repairDocument, setTitle, trimToLegalSuffix } from '../../src/core/edit/edits';
import { lastMetadataLine, planRepair, planTitle, planTrim, trimReach, type LastMetadata } from '../../src/core/edit/large-edit';
import type { LineIndex } from '../../src/core/index/line-index';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { isStoreError, type StoreError } from '../../src/store/adapter/errors';
import { storeErrorEn } from '../../src/words/store-error-en';
import { indexFile, readProofOf, readRecords } from '../../src/store/large/large-client';
import { saveLargePlan, type LargeSource } from '../../src/store/save/large-save';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';

const NOW = '2026-12-04T10:00:00';
const PATH = 'sessions/cli_big.jsonl';

/** A file with a bit of everything the copy must keep: CRLF and CR, a corrupt line, a BOM line, no final newline. */
function sample(): string {
  const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {"title": "Old"}, "last_consolidated": 2}'];
  for (let i = 0; i < 40; i++) {
    rows.push(i % 2 ? `{"role":"assistant","content":"answer ${i}","x":1.0}` : JSON.stringify({ role: 'user', content: `question ${i} — ü` }));
    if (i === 7) rows.push('{corrupt');
    if (i === 11) rows.push('\ufeff{"role": "assistant", "content": "bom"}');
  }
  return rows.map((r, i) => r + (i === rows.length - 1 ? '' : i % 3 === 0 ? '\r\n' : i % 5 === 0 ? '\r' : '\n')).join('');
}

async function opened(a: MemoryAdapter, version: NanobotVersion) {
  const file = await a.file!(PATH);
  const stat = await a.stat(PATH);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // As the app indexes it: each slice hashed for the save's guard.
  const ix = await indexFile(file, version);
  const line = lastMetadataLine(ix);
  const meta: LastMetadata = line < 0 ? null : { line, value: (await readRecords(file, ix, [line]))[0]! };
  const src: LargeSource = { path: PATH, fileName: 'cli_big.jsonl', version, file, stat, index: ix, proof: readProofOf(ix, stat)! };
  return { bytes, ix, meta, src };
}

async function tail(src: LargeSource, ix: LineIndex, from: number) {
  return (await readRecords(src.file!, ix, ix.messages.subarray(from, ix.messageCount))).map((v) => v!);
}

function adapter(text: string): MemoryAdapter {
  const a = createMemoryAdapter();
  a.setFile(PATH, text);
  return a;
}

describe('the streamed save of a large-file edit', () => {
  it('writes what the normal save writes, in slices of 7 bytes, through the version’s tmp name', async () => {
    for (const version of ['v0.2', 'main'] as NanobotVersion[]) {
      const a = adapter(sample());
      const tmps: string[] = [];
      a.onStep((step, path) => void (step === 'create-tmp' && tmps.push(path)));
      const { bytes, ix, meta, src } = await opened(a, version);
      const doc = parseDocument(bytes, { version });
      const from = trimReach(ix, meta, 9, false, version);
      const plan = planTrim(ix, meta, 'cli:big', 9, false, NOW, version, from, await tail(src, ix, from));
      if (!('pieces' in plan)) throw new Error('no plan');
      const r = await saveLargePlan(a, src, plan.pieces, { slice: 7, size: plan.size });
      const normal = trimToLegalSuffix(doc, 'cli:big', 9, false, NOW, version);
      if (!normal.ok) throw new Error(JSON.stringify(normal.error));
      expect(Buffer.from(a.getFile(PATH)!).equals(Buffer.from(serializeDocument(normal.doc)))).toBe(true);
      expect(r.size).toBe(plan.size);
      expect(r.stat.size).toBe(plan.size);
      expect(tmps).toHaveLength(1);
      expect(tmps[0]).toMatch(version === 'main' ? /^sessions\/\.cli_big\.jsonl\.[0-9a-f]{16}\.tmp$/ : /^sessions\/cli_big\.jsonl\.tmp$/);
      expect(a.paths()).toEqual([PATH]);
    }
  });

  it('a title and a repair (with its backup streamed first) equal the normal saves', async () => {
    const a = adapter(sample());
    let o = await opened(a, 'v0.3.0');
    const title = planTitle(o.ix, o.meta, 'cli:big', 'New ✓', NOW);
    if ('error' in title) throw new Error(JSON.stringify(title.error));
    await saveLargePlan(a, o.src, title.pieces, { slice: 5, size: title.size });
    const t = setTitle(parseDocument(o.bytes, { version: 'v0.3.0' }), 'cli:big', 'New ✓', NOW);
    if (!t.ok) throw new Error(JSON.stringify(t.error));
    expect(new TextDecoder().decode(a.getFile(PATH))).toBe(new TextDecoder().decode(serializeDocument(t.doc)));

    o = await opened(a, 'v0.3.0');
    const rep = planRepair(o.ix, o.meta, 'cli_big', NOW);
    if ('error' in rep) throw new Error(JSON.stringify(rep.error));
    const r = await saveLargePlan(a, o.src, rep.pieces, { slice: 11, backup: true, now: new Date('2026-12-04T10:00:00Z') });
    const want = repairDocument(parseDocument(o.bytes, { version: 'v0.3.0' }), 'cli_big', NOW);
    if (!want.ok) throw new Error(JSON.stringify(want.error));
    expect(new TextDecoder().decode(a.getFile(PATH))).toBe(new TextDecoder().decode(serializeDocument(want.doc)));
    expect(r.backup).toBe(`${PATH}.20261204T100000000Z.bak`);
    expect(Buffer.from(a.getFile(r.backup!)!).equals(Buffer.from(o.bytes))).toBe(true);
  });

  it('refuses a file changed since it was indexed, with the normal save’s words, and writes nothing', async () => {
    const a = adapter(sample());
    const { ix, meta, src } = await opened(a, 'v0.2');
    const plan = planTitle(ix, meta, 'cli:big', 'T', NOW);
    if ('error' in plan) throw new Error(JSON.stringify(plan.error));
    a.setFile(PATH, sample() + '\n{"role": "user", "content": "nanobot wrote this"}\n');
    const changed = a.getFile(PATH)!;
    const e = await saveLargePlan(a, src, plan.pieces).catch((x: unknown) => x);
    expect(isStoreError(e, 'conflict')).toBe(true);
    // The normal save's reason, in the words every interface gives it: the size that changed.
    expect(storeErrorEn((e as StoreError).reason, (e as StoreError).path)).toMatch(/^'sessions\/cli_big\.jsonl' changed on disk since it was read: size \d+ → \d+ bytes\. Reload it to see the new version\./);
    expect(a.getFile(PATH)).toEqual(changed);
    expect(a.paths()).toEqual([PATH]);
  });

  it('refuses a file whose bytes changed with its size and lastModified kept: the hashes of the slices indexed tell', async () => {
    const a = adapter(sample());
    const { ix, meta, src } = await opened(a, 'v0.2');
    const plan = planTitle(ix, meta, 'cli:big', 'T', NOW);
    if ('error' in plan) throw new Error(JSON.stringify(plan.error));
    const changed = a.getFile(PATH)!.slice();
    changed[changed.length - 5] = changed[changed.length - 5] === 0x61 ? 0x62 : 0x61;
    a.setFile(PATH, changed, src.stat.lastModified);
    expect(await a.stat(PATH)).toEqual(src.stat);
    const e = await saveLargePlan(a, src, plan.pieces).catch((x: unknown) => x);
    expect(isStoreError(e, 'conflict')).toBe(true);
    expect((e as StoreError).reason).toMatchObject({ code: 'changed-since-read', changes: [{ code: 'bytes', from: 0 }] });
    expect(a.getFile(PATH)).toEqual(changed);
    expect(a.paths()).toEqual([PATH]);
  });

  it('refuses when the file changes while it is copied: checked again before the move, the tmp removed', async () => {
    const a = adapter(sample());
    const { ix, meta, src } = await opened(a, 'v0.2');
    const plan = planTitle(ix, meta, 'cli:big', 'T', NOW);
    if ('error' in plan) throw new Error(JSON.stringify(plan.error));
    let writes = 0;
    a.onStep((step) => {
      if (step === 'write' && ++writes === 3) a.setFile(PATH, 'touched by nanobot\n');
    });
    const e = await saveLargePlan(a, src, plan.pieces, { slice: 16 }).catch((x: unknown) => x);
    expect(isStoreError(e, 'conflict')).toBe(true);
    expect(new TextDecoder().decode(a.getFile(PATH))).toBe('touched by nanobot\n');
    expect(a.paths()).toEqual([PATH]);
  });

  it('refuses a deleted file', async () => {
    const a = adapter(sample());
    const { ix, meta, src } = await opened(a, 'v0.2');
    const plan = planTitle(ix, meta, 'cli:big', 'T', NOW);
    if ('error' in plan) throw new Error(JSON.stringify(plan.error));
    await a.remove(PATH);
    const e = await saveLargePlan(a, src, plan.pieces).catch((x: unknown) => x);
    expect(isStoreError(e, 'conflict')).toBe(true);
    expect((e as StoreError).reason).toEqual({ code: 'changed-since-read', changes: [{ code: 'deleted' }] });
    expect(a.paths()).toEqual([]);
  });

  it('tells its progress slice by slice up to the planned size, and stops when cancelled: the file untouched, the tmp removed', async () => {
    const a = adapter(sample());
    const { bytes, ix, meta, src } = await opened(a, 'v0.2');
    const plan = planTitle(ix, meta, 'cli:big', 'Long save', NOW);
    if ('error' in plan) throw new Error(JSON.stringify(plan.error));
    const seen: number[] = [];
    await saveLargePlan(a, src, plan.pieces, { slice: 64, size: plan.size, onProgress: (p) => void (p.phase === 'write' && seen.push(p.done)) });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((d, i) => i === 0 || d > seen[i - 1]!)).toBe(true);
    expect(seen[seen.length - 1]).toBe(plan.size);

    a.setFile(PATH, bytes);
    const again = await opened(a, 'v0.2');
    const ctl = new AbortController();
    let tmpSeen = false;
    a.onStep((step) => void (step === 'write' && (tmpSeen ||= a.paths().some((p) => p.endsWith('.tmp')))));
    const e = await saveLargePlan(a, again.src, plan.pieces, { slice: 64, size: plan.size, signal: ctl.signal, onProgress: (p) => p.done > 200 && ctl.abort() }).catch((x: unknown) => x);
    expect(isStoreError(e, 'cancelled')).toBe(true);
    expect(tmpSeen).toBe(true);
    expect(Buffer.from(a.getFile(PATH)!).equals(Buffer.from(bytes))).toBe(true);
    expect(a.paths()).toEqual([PATH]);
  });

  it('a repair cancelled while it writes removes the backup it made; one cancelled before it starts writes nothing', async () => {
    const a = adapter(sample());
    const o = await opened(a, 'v0.3.0');
    const rep = planRepair(o.ix, o.meta, 'cli_big', NOW);
    if ('error' in rep) throw new Error(JSON.stringify(rep.error));
    const ctl = new AbortController();
    const phases: string[] = [];
    const e = await saveLargePlan(a, o.src, rep.pieces, {
      slice: 32,
      backup: true,
      signal: ctl.signal,
      onProgress: (p) => {
        phases.push(p.phase);
        if (p.phase === 'write' && p.done > 300) ctl.abort();
      },
    }).catch((x: unknown) => x);
    expect(isStoreError(e, 'cancelled')).toBe(true);
    expect(phases[0]).toBe('backup');
    expect(phases).toContain('write');
    expect(Buffer.from(a.getFile(PATH)!).equals(Buffer.from(o.bytes))).toBe(true);
    expect(a.paths()).toEqual([PATH]);

    const early = new AbortController();
    early.abort();
    const steps: string[] = [];
    a.onStep((step) => void steps.push(step));
    const e2 = await saveLargePlan(a, o.src, rep.pieces, { backup: true, signal: early.signal }).catch((x: unknown) => x);
    expect(isStoreError(e2, 'cancelled')).toBe(true);
    expect(steps.filter((s) => s === 'create-tmp')).toEqual([]);
    expect(a.paths()).toEqual([PATH]);
  });
});

/**
 * The CLI's trim of a big file (over its line index, written as pieces) keeps the guarded save's
 * promises, the hash of the bytes read: a file changed between plan and write
 * (appended, one byte changed with the same size and mtime, changed as the write pass starts,
 * deleted) is refused with a 'conflict' and loses nothing (the file as the other writer left it, no
 * tmp behind); an unchanged file is replaced by exactly the whole-file trim's bytes, under the
 * version's tmp name.
 */
import { describe, expect, it } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { trimToLegalSuffix } from '../../src/core/edit/edits';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { normalised } from '../../src/store/source/source-adapter';
import { planTrimIndexed, writeTrimIndexed, type IndexedTrim } from '../../src/store/save/indexed-trim';

const NOW = '2031-07-08T09:10:11.121314';
const NAME = 'sessions/big.jsonl';
const original = new TextEncoder().encode(syntheticFile(syntheticMessages(1500, 4, 20), 700));

function adapterWith(bytes: Uint8Array, lastModified = 1_800_000_000_000): MemoryAdapter {
  const a = createMemoryAdapter();
  a.setFile(NAME, bytes, lastModified);
  return a;
}

async function planned(a: MemoryAdapter, version: NanobotVersion = 'v0.3.0', max = 100, extendToUser = false): Promise<IndexedTrim> {
  const t = await planTrimIndexed(normalised(a), NAME, { now: NOW, version, max, extendToUser });
  if ('error' in t) throw new Error(JSON.stringify(t.error));
  return t;
}

/** What the whole-file trim writes for the same file and settings. */
function wholeBytes(bytes: Uint8Array, version: NanobotVersion, max: number, ext: boolean): Uint8Array {
  const doc = parseDocument(bytes, { version });
  const r = trimToLegalSuffix(doc, 'bench:session', max, ext, NOW, version);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return serializeDocument(r.doc);
}

/** The write is refused as a conflict, the file is `expected` and nothing else is in the folder. */
async function refused(a: MemoryAdapter, t: IndexedTrim, expected: Uint8Array | undefined): Promise<void> {
  await expect(writeTrimIndexed(normalised(a), t)).rejects.toMatchObject({ code: 'conflict' });
  const now = a.getFile(NAME);
  expect(now && Buffer.from(now).toString('latin1')).toBe(expected && Buffer.from(expected).toString('latin1'));
  expect(a.paths().filter((p) => p !== NAME)).toEqual([]);
}

describe('indexed trim: the guarded save', () => {
  it('writes the whole-file trim\'s bytes under the version\'s tmp name, and leaves no tmp', async () => {
    for (const [version, tmp] of [['v0.2', /^sessions\/big\.jsonl\.tmp$/], ['main', /^sessions\/\.big\.jsonl\.[0-9a-f]{16}\.tmp$/]] as const) {
      for (const [max, ext] of [[100, false], [3, true], [0, false]] as const) {
        const a = adapterWith(original);
        const tmps: string[] = [];
        a.onStep((step, path) => void (step === 'create-tmp' && tmps.push(path)));
        const t = await planned(a, version, max, ext);
        const { bytes } = await writeTrimIndexed(normalised(a), t);
        const expected = wholeBytes(original, version, max, ext);
        expect(Buffer.from(a.getFile(NAME)!).equals(Buffer.from(expected))).toBe(true);
        expect(bytes).toBe(expected.length);
        expect(tmps).toHaveLength(1);
        expect(tmps[0]).toMatch(tmp);
        expect(a.paths()).toEqual([NAME]);
      }
    }
  });

  it('refuses when a message was appended between plan and write', async () => {
    const a = adapterWith(original);
    const t = await planned(a);
    const grown = new Uint8Array([...original, ...new TextEncoder().encode('{"role": "user", "content": "late"}\n')]);
    a.setFile(NAME, grown);
    await refused(a, t, grown);
  });

  it('refuses when one byte changed, with the same size and mtime (only the hash tells)', async () => {
    const a = adapterWith(original, 1_800_000_000_000);
    const t = await planned(a);
    const changed = original.slice();
    changed[changed.length - 20] = changed[changed.length - 20] === 0x61 ? 0x62 : 0x61;
    a.setFile(NAME, changed, 1_800_000_000_000);
    expect(await a.stat(NAME)).toEqual(t.write!.source.stat);
    await refused(a, t, changed);
  });

  it('refuses when the file changes as the write pass starts reading it', async () => {
    const a = adapterWith(original);
    const t = await planned(a);
    const changed = original.slice(0, original.length - 300);
    a.onStep((step) => {
      if (step === 'read') a.setFile(NAME, changed);
    });
    await refused(a, t, changed);
  });

  it('refuses when the file was deleted, and does not bring it back', async () => {
    const a = adapterWith(original);
    const t = await planned(a);
    await a.remove(NAME);
    await refused(a, t, undefined);
  });

  it('a plan whose lines read back are no longer those indexed refuses', async () => {
    const a = adapterWith(original);
    let reads = 0;
    a.onStep((step) => {
      if (step === 'read' && ++reads === 2) a.setFile(NAME, original.slice(0, original.length - 10));
    });
    await expect(planTrimIndexed(normalised(a), NAME, { now: NOW, version: 'v0.2', max: 10, extendToUser: true })).rejects.toMatchObject({ code: 'conflict' });
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardedSave } from '../../src/store/save/atomic-save';
import { readAll } from '../../src/store/adapter/bytes';
import { isStoreError, type StoreErrorCode } from '../../src/store/adapter/errors';
import { createMemoryAdapter, type SaveStep } from '../../src/store/adapter/memory-adapter';
import { readSnapshot } from '../../src/store/save/snapshot';

const P = 'sessions/s.jsonl';
const bytes = fc.uint8Array({ maxLength: 2048 });
const chunked = fc.array(fc.uint8Array({ maxLength: 512 }), { maxLength: 8 });
const concat = (cs: Uint8Array[]) => Uint8Array.from(cs.flatMap((c) => [...c]));

const fault = fc.record({
  step: fc.constantFrom<SaveStep>('create-tmp', 'write', 'close', 'move'),
  chunk: fc.nat({ max: 8 }),
  code: fc.constantFrom<StoreErrorCode>('io', 'quota', 'permission', 'busy'),
  revoke: fc.boolean(),
  alsoFailRemoveTmp: fc.boolean(),
});

describe('atomic save properties', () => {
  it('any bytes, in any chunking, round-trip byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, chunked, async (original, chunks) => {
        const a = createMemoryAdapter();
        a.setFile(P, original);
        await a.writeAtomic(P, chunks);
        expect(await readAll(await a.read(P))).toEqual(concat(chunks));
        expect(a.paths()).toEqual([P]);
      }),
    );
  });

  it('no failure point ever corrupts the target; a tmp survives only when reported', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, chunked, fault, async (original, chunks, f) => {
        const a = createMemoryAdapter();
        a.setFile(P, original);
        a.fail({ step: f.step, chunk: f.chunk, code: f.code, revoke: f.revoke });
        if (f.alsoFailRemoveTmp) a.fail({ step: 'remove-tmp' });
        let leftover: string | undefined;
        let ok = true;
        try {
          await a.writeAtomic(P, chunks);
        } catch (e) {
          expect(isStoreError(e)).toBe(true);
          ok = false;
          leftover = isStoreError(e) ? e.leftover : undefined;
        }
        a.restorePermission();
        a.clearFaults();
        const now = await readAll(await a.read(P));
        // Either the whole new content or the whole original: never a mix, never empty by accident.
        expect(now).toEqual(ok ? concat(chunks) : original);
        expect(a.paths()).toEqual(leftover ? [P, leftover].sort() : [P]);
      }),
      { numRuns: 300 },
    );
  });

  it('racing guarded saves from one snapshot: exactly one wins, the rest conflict', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(bytes, { minLength: 1, maxLength: 5 }), async (original, edits) => {
        const a = createMemoryAdapter();
        a.setFile(P, original);
        const { snapshot } = await readSnapshot(a, P);
        const results = await Promise.allSettled(edits.map((e) => guardedSave(a, P, snapshot, e)));
        const won = results.findIndex((r) => r.status === 'fulfilled');
        expect(won).toBe(0);
        for (const [i, r] of results.entries()) {
          if (i === 0) continue;
          // An edit identical to the winner's bytes is not a conflict (nothing is lost); others are.
          const same = edits[i].length === edits[0].length && edits[i].every((b, j) => b === edits[0][j]);
          const sameAsOriginal = edits[0].length === original.length && edits[0].every((b, j) => b === original[j]);
          if (!same && !sameAsOriginal) expect(r.status === 'rejected' && isStoreError(r.reason, 'conflict')).toBe(true);
        }
        const final = await readAll(await a.read(P));
        expect(edits.some((e) => e.length === final.length && e.every((b, j) => b === final[j]))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

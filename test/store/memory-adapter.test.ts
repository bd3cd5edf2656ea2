import { describe, expect, it } from 'vitest';
import { createMemoryAdapter, type SaveStep } from '../../src/store/adapter/memory-adapter';
import { StoreError, type StoreErrorCode } from '../../src/store/adapter/errors';
import { dec, enc, readText, SAVE_STEPS, storeErrorOf } from './helpers';

const ORIGINAL = '{"_type": "metadata"}\n{"role": "user", "content": "hi"}\n';

function seeded() {
  const a = createMemoryAdapter();
  a.setFile('sessions/a.jsonl', ORIGINAL);
  return a;
}

describe('memory adapter basics', () => {
  it('lists, stats, reads whole and head', async () => {
    const a = seeded();
    a.setFile('sessions/b.jsonl', 'x');
    a.mkdir('sessions/sub');
    expect(await a.list('')).toEqual([{ name: 'sessions', kind: 'directory' }]);
    expect(await a.list('sessions')).toEqual([
      { name: 'a.jsonl', kind: 'file' },
      { name: 'b.jsonl', kind: 'file' },
      { name: 'sub', kind: 'directory' },
    ]);
    expect((await a.stat('sessions/a.jsonl')).size).toBe(enc(ORIGINAL).length);
    expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
    expect(dec(await a.readHead('sessions/a.jsonl', 5))).toBe('{"_ty');
    expect(dec(await a.readHead('sessions/b.jsonl', 100))).toBe('x');
  });

  it('reports typed errors', async () => {
    const a = seeded();
    expect((await storeErrorOf(a.stat('sessions/none.jsonl'))).code).toBe('not-found');
    expect((await storeErrorOf(a.list('nope'))).code).toBe('not-found');
    expect((await storeErrorOf(a.read('../etc/passwd'))).code).toBe('bad-name');
    const bad = await storeErrorOf(a.writeAtomic('sessions/telegram:1.jsonl', enc('x')));
    expect(bad.code).toBe('bad-name');
    expect(bad.reason).toEqual({ code: 'bad-name', name: 'telegram:1.jsonl', why: { code: 'forbidden', cp: 'U+003A', shown: ':' } });
    expect(bad.message).toContain('U+003A'); // the fallback for logs keeps the values too
    expect((await storeErrorOf(a.writeAtomic('missing/x.jsonl', enc('x')))).code).toBe('not-found');
  });

  it('saves atomically through <name>.tmp and leaves nothing behind', async () => {
    const a = seeded();
    const seen: string[] = [];
    a.onStep((step, path) => void seen.push(`${step} ${path}`));
    await a.writeAtomic('sessions/a.jsonl', [enc('new '), enc('content\n')]);
    a.onStep(undefined);
    expect(await readText(a, 'sessions/a.jsonl')).toBe('new content\n');
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
    expect(seen).toEqual([
      'create-tmp sessions/a.jsonl.tmp',
      'write sessions/a.jsonl.tmp',
      'write sessions/a.jsonl.tmp',
      'close sessions/a.jsonl.tmp',
      'move sessions/a.jsonl',
    ]);
  });

  it('truncates a stale tmp like nanobot does', async () => {
    const a = seeded();
    a.setFile('sessions/a.jsonl.tmp', 'stale stale stale stale');
    await a.writeAtomic('sessions/a.jsonl', enc('ok'));
    expect(await readText(a, 'sessions/a.jsonl')).toBe('ok');
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
  });

  it('shows the swap file while a writer is open, as Chromium does', async () => {
    const a = seeded();
    let listing: string[] = [];
    a.onStep(async (step) => {
      if (step === 'close') listing = (await a.list('sessions')).map((e) => e.name);
    });
    await a.writeAtomic('sessions/a.jsonl', enc('x'));
    expect(listing).toEqual(['a.jsonl', 'a.jsonl.tmp', 'a.jsonl.tmp.crswap']);
  });

  it('renames without overwriting unless asked', async () => {
    const a = seeded();
    a.setFile('sessions/b.jsonl', 'b');
    expect((await storeErrorOf(a.rename('sessions/a.jsonl', 'sessions/b.jsonl'))).code).toBe('conflict');
    await a.rename('sessions/a.jsonl', 'sessions/c.jsonl');
    await a.rename('sessions/c.jsonl', 'sessions/b.jsonl', { overwrite: true });
    expect(a.paths()).toEqual(['sessions/b.jsonl']);
    expect(await readText(a, 'sessions/b.jsonl')).toBe(ORIGINAL);
    await a.remove('sessions/b.jsonl');
    expect(a.paths()).toEqual([]);
  });
});

/** Every save step × every error kind, with and without an existing target. */
describe('a failure at any step leaves the original intact', () => {
  const codes: StoreErrorCode[] = ['io', 'quota', 'permission', 'busy'];
  const failing = SAVE_STEPS.filter((s): s is Exclude<SaveStep, 'remove-tmp'> => s !== 'remove-tmp');

  for (const step of failing) {
    for (const code of codes) {
      it(`${step} fails with ${code}`, async () => {
        const a = seeded();
        a.fail({ step, code });
        const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', [enc('NEW'), enc('DATA')]));
        expect(err).toBeInstanceOf(StoreError);
        expect(err.code).toBe(code);
        expect(err.leftover).toBeUndefined();
        expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
        expect(a.paths()).toEqual(['sessions/a.jsonl']);
        expect((await a.list('sessions')).map((e) => e.name)).toEqual(['a.jsonl']); // no swap either
      });
    }
  }

  it('a failure at the second chunk', async () => {
    const a = seeded();
    a.fail({ step: 'write', chunk: 1 });
    await storeErrorOf(a.writeAtomic('sessions/a.jsonl', [enc('one'), enc('two'), enc('three')]));
    expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
  });

  it('a new file that fails is not created', async () => {
    const a = seeded();
    a.fail({ step: 'move' });
    await storeErrorOf(a.writeAtomic('sessions/new.jsonl', enc('x')));
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
  });

  it('quota exceeded by the size of the content', async () => {
    const a = seeded();
    a.setQuota(enc(ORIGINAL).length + 10);
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', new Uint8Array(100)));
    expect(err.code).toBe('quota');
    expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
    await a.writeAtomic('sessions/a.jsonl', new Uint8Array(5)); // a small one still fits
  });

  it("a throwing content source aborts the save ('io')", async () => {
    const a = seeded();
    async function* source() {
      yield enc('partial');
      throw new Error('generator broke');
    }
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', source()));
    expect(err.code).toBe('io');
    expect(err.message).toContain('generator broke');
    expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
  });

  it('the tmp cannot be removed after a failure: reported as a leftover', async () => {
    const a = seeded();
    a.fail({ step: 'close' });
    a.fail({ step: 'remove-tmp' });
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', enc('x')));
    expect(err.code).toBe('io');
    expect(err.leftover).toBe('sessions/a.jsonl.tmp');
    expect(err.message).toContain('could not be removed; the original is unchanged');
    expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
    expect(a.paths()).toEqual(['sessions/a.jsonl', 'sessions/a.jsonl.tmp']);
  });

  for (const step of ['write', 'close', 'move'] as const) {
    it(`permission revoked mid-save at '${step}': original intact, tmp reported`, async () => {
      const a = seeded();
      a.fail({ step, revoke: true });
      const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', enc('x')));
      expect(err.code).toBe('permission');
      expect(err.leftover).toBe('sessions/a.jsonl.tmp');
      a.restorePermission();
      expect(await readText(a, 'sessions/a.jsonl')).toBe(ORIGINAL);
      expect(a.paths()).toEqual(['sessions/a.jsonl', 'sessions/a.jsonl.tmp']);
    });
  }

  it('permission revoked before the tmp exists: nothing left behind', async () => {
    const a = seeded();
    a.fail({ step: 'create-tmp', revoke: true });
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', enc('x')));
    expect(err.code).toBe('permission');
    expect(err.leftover).toBeUndefined();
    a.restorePermission();
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
  });

  it('moving onto a file another writer holds open is busy', async () => {
    const a = seeded();
    const other = a.openWriter('sessions/a.jsonl'); // another tab's plain createWritable()
    await other.write(enc('theirs'));
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', enc('mine')));
    expect(err.code).toBe('busy');
    expect(a.paths()).toEqual(['sessions/a.jsonl']);
    await other.close();
    expect(await readText(a, 'sessions/a.jsonl')).toBe('theirs');
  });
});

/**
 * The handle adapter in real Chromium, over OPFS and over a real local folder dropped onto the page
 * (bytes on disk checked with node:fs): list, read head, atomic save, failures, conflicts with an
 * outside change, leftovers, the stale-File retry, Chromium's own name rules, and remembered
 * handles across a reload — granted with both guards, 'prompt' → 'denied' without the read guard.
 */

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameProblem } from '../../src/store/adapter/names';
import { buildTestPage, removeTestPage } from './build-page';
import { dropFolder, evaluate, launchChromium, requireChromium, serveDir, withTimeout, type Browser } from './harness';
import type { Lens } from './page/main';

type Kind = 'opfs' | 'folder';
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T10:00:00", "metadata": {}}\n';
const MSG = '{"role": "user", "content": "héllo"}\n';

let b: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
let base: string; // the real folder dropped onto the page
let pageUrl: string;

declare const window: { lens: Lens };

/** Run `fn` in the page (with `lens` in reach) under a timeout. */
function run<R, A>(fn: (arg: A) => R | Promise<R>, arg: A, ms?: number): Promise<R> {
  return evaluate(b.page, fn, arg, ms);
}

/**
 * Navigate and wait for the page's load-time work (done without a user gesture). It is awaited via
 * the page's console event: any evaluate — page.title() included — would count as a gesture.
 */
async function load(browser: Browser, navigate: () => Promise<unknown>): Promise<void> {
  const ready = browser.page.waitForEvent('console', { predicate: (m) => m.text() === 'lens:ready', timeout: 15_000 });
  await withTimeout(navigate(), 15_000, 'navigation');
  await ready;
}

async function dropBase(browser: Browser, dir: string): Promise<void> {
  await dropFolder(browser, dir);
  await evaluate(browser.page, async () => {
    const [h] = await window.lens.nextDrop(false);
    window.lens.vars.folder = h;
  }, null);
}

beforeAll(async () => {
  requireChromium();
  const pageDir = await buildTestPage();
  server = await serveDir(pageDir);
  pageUrl = server.url;
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-drop-'));
  b = await launchChromium({ port: server.port });
  await load(b, () => b.page.goto(pageUrl));
  await dropBase(b, base);
});

afterAll(async () => {
  await b?.close();
  await server?.close();
  await removeTestPage();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

let counter = 0;
/** A fresh folder per test, inside OPFS or inside the dropped folder. */
async function fresh(kind: Kind): Promise<string> {
  const sub = `t${++counter}`;
  if (kind === 'folder') fs.mkdirSync(path.join(base, sub, 'sessions'), { recursive: true });
  else await run(async (s) => void (await window.lens.root('opfs', `${s}/sessions`)), sub);
  return sub;
}

/** Put a file in place: with node:fs on the real folder, with a plain page write in OPFS. */
async function put(kind: Kind, sub: string, rel: string, text: string): Promise<void> {
  if (kind === 'folder') {
    fs.mkdirSync(path.dirname(path.join(base, sub, rel)), { recursive: true });
    fs.writeFileSync(path.join(base, sub, rel), text);
  } else {
    await run(([s, p, t]) => window.lens.plainWrite('opfs', s, p, t), [sub, rel, text] as const);
  }
}

/** Names in a folder, as the page sees them (and, for the real folder, as node sees them). */
async function names(kind: Kind, sub: string, dir: string): Promise<string[]> {
  const seen = await run(async ([k, s, d]) => (await (await window.lens.adapter(k, s)).list(d)).map((e) => e.name), [kind, sub, dir] as const);
  if (kind === 'folder') expect(fs.readdirSync(path.join(base, sub, dir)).sort()).toEqual(seen);
  return seen;
}

async function content(kind: Kind, sub: string, rel: string): Promise<string> {
  if (kind === 'folder') return fs.readFileSync(path.join(base, sub, rel), 'utf8');
  return run(async ([s, p]) => {
    const a = await window.lens.adapter('opfs', s);
    return window.lens.dec(await window.lens.readAll(await a.read(p)));
  }, [sub, rel] as const);
}

describe.each<Kind>(['opfs', 'folder'])('handle adapter over %s', (kind) => {
  it('lists folders, stats, reads the head and the whole file', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', META + MSG);
    await put(kind, sub, 'sessions/b.jsonl', META);
    await put(kind, sub, 'notes.txt', 'x');
    const r = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      return {
        root: await a.list(''),
        sessions: await a.list('sessions'),
        head: window.lens.dec(await a.readHead('sessions/a.jsonl', 17)),
        whole: window.lens.dec(await window.lens.readAll(await a.read('sessions/a.jsonl'))),
        stat: await a.stat('sessions/a.jsonl'),
        missing: await a.stat('sessions/none.jsonl').catch((e) => ({ name: e.name, code: e.code })),
        both: await a.statHead!('sessions/a.jsonl', 17).then((x) => ({ stat: x.stat, head: window.lens.dec(x.head) })),
        bothMissing: await a.statHead!('sessions/none.jsonl', 17).catch((e) => ({ name: e.name, code: e.code })),
      };
    }, [kind, sub] as const);
    expect(r.root).toEqual([
      { name: 'notes.txt', kind: 'file' },
      { name: 'sessions', kind: 'directory' },
    ]);
    expect(r.sessions.map((e) => e.name)).toEqual(['a.jsonl', 'b.jsonl']);
    expect(r.head).toBe('{"_type": "metada');
    expect(r.whole).toBe(META + MSG);
    expect(r.stat.size).toBe(Buffer.byteLength(META + MSG));
    expect(r.missing).toEqual({ name: 'StoreError', code: 'not-found' });
    expect(r.both).toEqual({ stat: r.stat, head: r.head }); // one look-up, the same answers
    expect(r.bothMissing).toEqual({ name: 'StoreError', code: 'not-found' });
  });

  it('saves atomically, byte for byte, leaving no tmp or swap file', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', META);
    const n = 300_000; // bytes i*7 % 256: every byte value, invalid UTF-8 included
    const pageSha = await run(async ([k, s, len]) => {
      const a = await window.lens.adapter(k, s);
      const all = Uint8Array.from({ length: len }, (_, i) => (i * 7) % 256);
      await a.writeAtomic('sessions/a.jsonl', [all.subarray(0, 1000), all.subarray(1000, 250_000), all.subarray(250_000)]);
      return window.lens.sha256Hex(await window.lens.readAll(await a.read('sessions/a.jsonl')));
    }, [kind, sub, n] as const);
    const want = Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * 7) % 256));
    expect(pageSha).toBe(createHash('sha256').update(want).digest('hex'));
    if (kind === 'folder') expect(fs.readFileSync(path.join(base, sub, 'sessions/a.jsonl')).equals(want)).toBe(true);
    expect(await names(kind, sub, 'sessions')).toEqual(['a.jsonl']);
  });

  it('creates a new file atomically and refuses unportable names even where the disk would take them', async () => {
    const sub = await fresh(kind);
    const r = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      await a.writeAtomic('sessions/new.jsonl', window.lens.enc('fresh\n'));
      const bad = await a.writeAtomic('sessions/telegram:1.jsonl', window.lens.enc('x')).then(
        () => ({ code: 'saved', message: '' }),
        (e) => ({ code: e.code as string, message: e.message as string }),
      );
      return { bad };
    }, [kind, sub] as const);
    expect(await content(kind, sub, 'sessions/new.jsonl')).toBe('fresh\n');
    expect(r.bad.code).toBe('bad-name');
    expect(r.bad.message).toContain('U+003A');
    expect(await names(kind, sub, 'sessions')).toEqual(['new.jsonl']);
  });

  it('a content source failing mid-write leaves the target intact and no tmp', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', META + MSG);
    const err = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      async function* source() {
        yield new Uint8Array(100_000);
        throw new Error('source broke');
      }
      return a.writeAtomic('sessions/a.jsonl', source()).then(
        () => null,
        (e) => ({ name: e.name, code: e.code, leftover: e.leftover ?? null }),
      );
    }, [kind, sub] as const);
    expect(err).toEqual({ name: 'StoreError', code: 'io', leftover: null });
    expect(await content(kind, sub, 'sessions/a.jsonl')).toBe(META + MSG);
    expect(await names(kind, sub, 'sessions')).toEqual(['a.jsonl']);
  });

  it('moving onto a file another tab is writing fails as busy; tmp removed, target intact', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', META);
    const r = await run(async ([k, s]) => {
      const d = await (await window.lens.root(k, s)).getDirectoryHandle('sessions');
      const other = await (await d.getFileHandle('a.jsonl')).createWritable();
      await other.write('half-written by another tab');
      const a = await window.lens.adapter(k, s);
      const err = await a.writeAtomic('sessions/a.jsonl', window.lens.enc('mine')).then(
        () => null,
        (e) => ({ name: e.name, code: e.code }),
      );
      const during = (await a.list('sessions')).map((e) => e.name);
      await other.abort();
      return { err, during };
    }, [kind, sub] as const);
    expect(r.err).toEqual({ name: 'StoreError', code: 'busy' });
    expect(r.during).toEqual(['a.jsonl', 'a.jsonl.crswap']); // the other tab's swap, not ours
    expect(await content(kind, sub, 'sessions/a.jsonl')).toBe(META);
    expect(await names(kind, sub, 'sessions')).toEqual(['a.jsonl']);
  });

  it('a target that is a folder fails at the move; tmp removed', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/d.jsonl/inside.txt', 'keep');
    const err = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      return a.writeAtomic('sessions/d.jsonl', window.lens.enc('x')).then(
        () => null,
        (e) => ({ name: e.name, code: e.code }),
      );
    }, [kind, sub] as const);
    expect(err).toEqual({ name: 'StoreError', code: 'io' });
    expect(await names(kind, sub, 'sessions')).toEqual(['d.jsonl']);
  });

  it('a guarded save refuses after an outside change and says what changed; backup on repair', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', META);
    await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      window.lens.vars.snap = (await window.lens.readSnapshot(a, 'sessions/a.jsonl')).snapshot;
    }, [kind, sub] as const);
    // The outside change: node:fs on the real folder; another tab's plain write in OPFS.
    await put(kind, sub, 'sessions/a.jsonl', META + MSG);
    const r = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      const snap = window.lens.vars.snap as Parameters<typeof window.lens.guardedSave>[2];
      const conflict = await window.lens.guardedSave(a, 'sessions/a.jsonl', snap, window.lens.enc('mine\n')).then(
        () => null,
        (e) => ({ code: e.code, changes: e.reason.code === 'changed-since-read' ? e.reason.changes : [] }),
      );
      const { snapshot } = await window.lens.readSnapshot(a, 'sessions/a.jsonl');
      const saved = await window.lens.guardedSave(a, 'sessions/a.jsonl', snapshot, window.lens.enc('repaired\n'), { backup: true });
      return { conflict, backup: saved.backup };
    }, [kind, sub] as const);
    expect(r.conflict?.code).toBe('conflict');
    expect(r.conflict?.changes[0]).toEqual({ code: 'size', from: Buffer.byteLength(META), to: Buffer.byteLength(META + MSG) });
    expect(r.conflict?.changes.at(-1)?.code).toBe('content');
    expect(r.backup).toMatch(/^sessions\/a\.jsonl\.\d{8}T\d{9}Z\.bak$/);
    expect(await content(kind, sub, r.backup!)).toBe(META + MSG);
    expect(await content(kind, sub, 'sessions/a.jsonl')).toBe('repaired\n');
  });

  it('lists leftovers of interrupted saves (tmp, newer tmp, live .crswap) apart from sessions', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/x.jsonl', META);
    await put(kind, sub, 'sessions/x.jsonl.tmp', 'partial');
    await put(kind, sub, 'sessions/.x.jsonl.0123456789abcdef.tmp', 'partial');
    const layout = await run(async ([k, s]) => {
      const d = await (await window.lens.root(k, s)).getDirectoryHandle('sessions');
      const open = await (await d.getFileHandle('x.jsonl')).createWritable(); // leaves x.jsonl.crswap
      await open.write('unfinished');
      const l = await window.lens.detectLayout(await window.lens.adapter(k, s), s);
      await open.abort();
      return l;
    }, [kind, sub] as const);
    expect(layout.kind).toBe('workspace');
    expect(layout.folders[0].sessions).toEqual(['x.jsonl']);
    expect(layout.folders[0].leftovers).toEqual([
      { name: '.x.jsonl.0123456789abcdef.tmp', kind: 'tmp', target: 'x.jsonl' },
      { name: 'x.jsonl.crswap', kind: 'crswap', target: 'x.jsonl' },
      { name: 'x.jsonl.tmp', kind: 'tmp', target: 'x.jsonl' },
    ]);
  });

  it('retries once when a File taken before a replace goes stale (NotReadableError)', async () => {
    const sub = await fresh(kind);
    await put(kind, sub, 'sessions/a.jsonl', 'old\n');
    const r = await run(async ([k, s]) => {
      const a = await window.lens.adapter(k, s);
      const h = await (await (await window.lens.root(k, s)).getDirectoryHandle('sessions')).getFileHandle('a.jsonl');
      const stale = await h.getFile();
      await a.writeAtomic('sessions/a.jsonl', window.lens.enc('new\n'));
      const direct = await stale.text().then(() => 'read', (e) => e.name);
      let opened = 0;
      const stream = window.lens.staleSafeStream('sessions/a.jsonl', async () => (opened++ === 0 ? stale : h.getFile()));
      const text = window.lens.dec(await window.lens.readAll(stream));
      return { direct, text, opened };
    }, [kind, sub] as const);
    expect(r.direct).toBe('NotReadableError');
    expect(r).toMatchObject({ text: 'new\n', opened: 2 });
  });
});

describe('portable names against Chromium on a real folder', () => {
  it('nameProblem refuses every name Chromium refuses', async () => {
    const sub = await fresh('folder');
    const candidates = [
      'ok.jsonl', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b', 'a\\b', 'a\nb', 'a\tb', 'a\u0001b', 'a\u007fb',
      'a\u0085b', 'a\u200bb', 'a\ufeffb', 'a\u202eb', 'a\u00adb', 'a\u2028b', 'a\u00a0b', ' a', 'a ', 'a.', '.a',
      '..a', '.~a', '~a', 'a~', 'a~b', 'CON', 'con.txt', 'COM1', 'COM0', 'LPT9.x', 'CLOCK$', 'conin$', 'CONIN$.x',
      'desktop.ini', 'thumbs.db', 'x.lnk', 'x.url', 'x.scf', 'x.local', 'x.{abc}', 'x.{abc', 'a..b', '😀',
      'a'.repeat(255), 'a'.repeat(256), 'é'.repeat(127), 'é'.repeat(128), 'a\u3000', 'x.jsonl.tmp',
    ];
    const chromium = await run(async ([s, list]) => {
      const d = await window.lens.root('folder', s);
      const out: Record<string, boolean> = {};
      for (const n of list) {
        try {
          const h = await d.getFileHandle(n, { create: true });
          await d.removeEntry(h.name);
          out[n] = true;
        } catch {
          out[n] = false;
        }
      }
      return out;
    }, [sub, candidates] as const);
    // Chromium 156 refuses a console's name (CONIN$, CONOUT$) without an extension, as Windows does; Chromium 150
    // (Debian bookworm's) still creates it. nameProblem keeps the newer, stricter rule on every version.
    const major = Number(/Chrome\/(\d+)/.exec(await b.page.evaluate(() => navigator.userAgent))?.[1]);
    const olderAccepts = major < 156 ? ['conin$'] : [];
    const disagree = candidates.filter((n) => chromium[n] !== (nameProblem(n) === null));
    expect(disagree).toEqual(olderAccepts);
  });
});

describe('remembered folders across a reload', () => {
  it('both guards: the dropped folder and an OPFS folder stay granted; no prompt is needed', async () => {
    const sub = await fresh('folder');
    fs.writeFileSync(path.join(base, sub, 'sessions/kept.jsonl'), META);
    const ids = await run(async (s) => {
      const folder = window.lens.vars.folder as FileSystemDirectoryHandle;
      const opfs = await window.lens.root('opfs', 'remembered');
      const a = await window.lens.rememberFolder(folder);
      const o = await window.lens.rememberFolder(opfs);
      const again = await window.lens.rememberFolder(folder); // deduplicated by isSameEntry
      void s;
      return { a, o, again };
    }, sub);
    expect(ids.again).toBe(ids.a);
    await load(b, () => b.page.reload());
    const r = await run(async (s) => {
      const atLoad = await window.lens.atLoad;
      const list = await window.lens.listRememberedFolders();
      const folder = list.find((f) => f.handle.kind === 'directory' && f.name !== 'remembered')!;
      const a = window.lens.createHandleAdapter(folder.handle);
      return { atLoad, names: (await a.list(`${s}/sessions`)).map((e) => e.name) };
    }, sub);
    expect(r.atLoad.activeAtLoad).toBe(false);
    expect(r.atLoad.folders.map((f) => f.access).sort()).toEqual(['granted', 'granted']);
    expect(r.atLoad.folders.map((f) => f.name).sort()).toEqual([path.basename(base), 'remembered'].sort());
    expect(r.atLoad.request).toEqual({ access: 'granted' });
    expect(r.names).toEqual(['kept.jsonl']);
  });

  it("write guard only: 'prompt' after a reload, a click is needed, a refusal is a state", async () => {
    const b2 = await launchChromium({ port: server.port, guards: { read: false, write: true }, denyPrompts: true });
    try {
      await load(b2, () => b2.page.goto(pageUrl));
      await dropBase(b2, base);
      await evaluate(b2.page, () => window.lens.rememberFolder(window.lens.vars.folder as FileSystemDirectoryHandle), null);
      await load(b2, () => b2.page.reload());
      const r = await evaluate(b2.page, async () => {
        const atLoad = await window.lens.atLoad; // ran at load, without a gesture
        const [f] = await window.lens.listRememberedFolders();
        const click = await window.lens.requestAccessFromClick(f.handle); // evaluate runs with a gesture
        const write = await window.lens
          .createHandleAdapter(f.handle)
          .writeAtomic('denied.jsonl', window.lens.enc('x'))
          .then(() => null, (e) => ({ name: e.name, code: e.code }));
        return { atLoad, click, write };
      }, null);
      expect(r.atLoad.activeAtLoad).toBe(false);
      expect(r.atLoad.folders.map((f) => f.access)).toEqual(['prompt']);
      expect(r.atLoad.request).toEqual({ access: 'prompt', needsClick: true });
      expect(r.click).toEqual({ access: 'denied' });
      expect(r.write).toEqual({ name: 'StoreError', code: 'permission' });
      expect(fs.existsSync(path.join(base, 'denied.jsonl'))).toBe(false);
    } finally {
      await b2.close();
    }
  });
});

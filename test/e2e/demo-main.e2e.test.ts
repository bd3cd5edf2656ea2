/**
 * The second demo in real Chromium: "Try the nanobot main demo" seeds a config folder laid out like
 * nanobot main into its own OPFS folder (the dot-files from the manifest), lists its namespace, and
 * a reload on the workspace link reopens that demo, not the v0.2 one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { openAppInChromium, type Served, shot } from './support';

const NS = '3f1c9a7e52d84b06a1e7c4d290b5f8e3';
let b: Browser;
let app: Served;
let watch: { problems: string[] };

beforeAll(async () => {
  ({ app, b, watch } = await openAppInChromium());
});

afterAll(async () => {
  await b?.close();
  await app?.close();
});

const rows = () => b.page.locator('.session-row');

describe('nanobot main demo', () => {
  it('seeds the config folder into its own OPFS folder and lists the namespace’s sessions', async () => {
    await b.page.goto(app.url);
    await b.page.getByRole('button', { name: 'Try the nanobot main demo' }).click();
    await b.page.locator('.session-list').waitFor();
    expect((await rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-file')))).sort()).toEqual([
      'Y2xpOmRpcmVjdA.jsonl',
      'aGVhcnRiZWF0.jsonl',
      'dGVsZWdyYW06NDI0Mg.jsonl',
    ]);
    const seeded = await b.page.evaluate(async (ns) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('session-lens-demo-main');
      const text = async (dir: FileSystemDirectoryHandle, name: string) => (await (await dir.getFileHandle(name)).getFile()).text();
      const sessions = await root.getDirectoryHandle('sessions');
      const nsDir = await sessions.getDirectoryHandle(ns);
      const ws = await (await root.getDirectoryHandle('workspace')).getDirectoryHandle('.nanobot');
      return [await text(nsDir, '.workspace'), await text(nsDir, '.session-files.lock'), await text(sessions, '.workspace-migration.lock'), await text(ws, 'workspace-id')];
    }, NS);
    expect(seeded).toEqual(['/home/ana/.nanobot/workspace\n', '', '', `${NS}\n`]);
    await shot(b.page, 'demo-main-list');
  });

  it('a reload on the workspace link reopens the main demo', async () => {
    await b.page.reload();
    await b.page.locator('.session-list').waitFor();
    expect(await rows().count()).toBe(3);
    expect(await b.page.locator('.session-row[data-file="Y2xpOmRpcmVjdA.jsonl"]').count()).toBe(1);
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});

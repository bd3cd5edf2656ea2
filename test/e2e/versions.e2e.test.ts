/**
 * nanobot versions in real Chromium: a dropped folder laid out like nanobot main is recognised as
 * main with its evidence; its replay, counts and numbering follow main; choosing another version
 * changes the replay; the upgrade view of an older workspace lists what the next nanobot changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, dropFolder } from '../browser/harness';
import { axeSerious, closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const NS = '0123456789abcdef0123456789abcdef';
let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

const b64 = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
const dumps = (o: object) => JSON.stringify(o).replace(/","/g, '", "').replace(/":"/g, '": "').replace(/":(?=[^ ])/g, '": ').replace(/,"/g, ', "');
const meta = (key: string, title: string, lc = 0) => dumps({ _type: 'metadata', key, created_at: '2026-08-01T09:00:00', updated_at: '2026-08-02T10:00:00', metadata: { title }, last_consolidated: lc });
const SUFFIX = '[Runtime Context — metadata only, not instructions]\nCurrent time: 2026-08-02 10:00 (UTC)\n[/Runtime Context]';

function writeMainFolder(root: string): void {
  const ns = path.join(root, 'sessions', NS);
  fs.mkdirSync(ns, { recursive: true });
  fs.writeFileSync(path.join(root, 'sessions', '.workspace-migration.lock'), '');
  fs.writeFileSync(path.join(ns, '.workspace'), '/home/ana/ws\n');
  fs.writeFileSync(path.join(ns, '.session-files.lock'), '');
  const lines = [
    meta('cli:direct', 'Provider state and runtime context'),
    dumps({ _type: 'provider_state', state: { kind: 'responses', provider: 'openai', model: 'gpt-5', version: 1, payload: { id: 'resp_1' }, pending_messages: [] } }),
    dumps({ role: 'user', content: `What changed?\n\n${SUFFIX}`, timestamp: '2026-08-02T10:00:00', _runtime_context: { version: 1, sources: ['clock'], suffix: SUFFIX } }),
    dumps({ role: 'assistant', content: 'The replay rules did.', timestamp: '2026-08-02T10:00:05' }),
  ];
  fs.writeFileSync(path.join(ns, `${b64('cli:direct')}.jsonl`), lines.join('\n') + '\n');
  const long = [meta('telegram:7', 'A long archived chat', 300)];
  for (let i = 0; i < 300; i++) long.push(dumps({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}`, timestamp: '2026-08-01T09:00:00' }));
  fs.writeFileSync(path.join(ns, `${b64('telegram:7')}.jsonl`), long.join('\n') + '\n');
}

function writeOldWorkspace(root: string): void {
  fs.mkdirSync(path.join(root, 'sessions'), { recursive: true });
  const turns = (n: number) => Array.from({ length: n }, (_, i) => dumps({ role: i % 2 ? 'assistant' : 'user', content: `m${i}`, timestamp: '2026-06-01T10:00:00' }));
  fs.writeFileSync(path.join(root, 'sessions', 'cli_direct.jsonl'), [meta('cli:direct', 'Long v0.2 chat'), ...turns(300)].join('\n') + '\n');
  fs.writeFileSync(path.join(root, 'sessions', 'telegram_1.jsonl'), [meta('telegram:1', 'Has a corrupt line'), ...turns(4), '{"role": "user", "content": "cut off'].join('\n') + '\n');
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-versions-'));
  writeMainFolder(path.join(base, '.nanobot'));
  writeOldWorkspace(path.join(base, 'old-ws'));
  ({ app, b, watch } = await openAppInChromium());
});

afterAll(() => closeAll(b, app, base));

/** Opens the workspace header's details (the version's evidence and the override). */
async function openFacts(): Promise<void> {
  const facts = b.page.locator('details.workspace-facts');
  await facts.waitFor();
  if ((await facts.getAttribute('open')) === null) await facts.locator('> summary').click();
}

describe('nanobot versions', () => {
  it('recognises a folder laid out like nanobot main and shows its evidence', async () => {
    await dropOnStart(b, app, path.join(base, '.nanobot'));
    await b.page.locator('.session-list').waitFor();
    // The header's one line names the version; its evidence is one click away.
    await b.page.locator('.workspace-head .version-summary').getByText('nanobot main (recognised)').waitFor();
    await openFacts();
    const line = b.page.locator('.version-line');
    await line.getByText('nanobot main (recognised)').waitFor();
    expect(await line.innerText()).toContain('a session namespace of /home/ana/ws');
    expect(await line.innerText()).toContain('provider_state');
    const row = b.page.locator(`.session-row[data-file="${b64('cli:direct')}.jsonl"]`);
    // provider_state is not a message: 2 messages, and the preview has no runtime context.
    expect(await row.locator('.row-count').innerText()).toBe('2 msgs');
    expect(await row.innerText()).toContain('What changed?');
    expect(await row.innerText()).not.toContain('Runtime Context');
    await shot(b.page, 'versions-main-recognised');
    // The listing is kept in the browser's IndexedDB for the next visit (read back through the app's own code path on reload).
    const kept = await b.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('session-lens-listings');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            // Listings only: the store also keeps each source's last view (`last:<source>`).
            const req = open.result.transaction('listings').objectStore('listings').getAllKeys();
            req.onsuccess = () => resolve(req.result.filter((k) => !String(k).startsWith('last:')).length);
            req.onerror = () => reject(req.error);
          };
        }),
    );
    expect(kept).toBe(1);
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it("replays as main does: archived messages within the last 8 come back, numbering matches the conversation", async () => {
    await b.page.locator('.session-row[data-file$="dGVsZWdyYW06Nw.jsonl"] a.row-link').click();
    await b.page.getByRole('tab', { name: 'Replay' }).click();
    const headline = b.page.locator('.sl-headline');
    await headline.getByText(/nanobot sends 8 messages of 300/).waitFor({ timeout: 20_000 });
    expect(await b.page.locator('.sl-controls legend').innerText()).toContain('nanobot main');
    expect(await b.page.locator('.sl-controls').innerText()).not.toContain('include_timestamps');
    expect(await b.page.locator('.sl-controls').innerText()).toContain('include_runtime_context');
    expect(await b.page.locator('.sl-counts').innerText()).toContain('older than the last 8 messages');
    await b.page.getByText(/counting tokens…/).waitFor({ state: 'detached', timeout: 60_000 }); // README's screenshot: the settled page
    await shot(b.page, 'versions-main-replay');
  });

  it('choosing another version changes the replay, and the link carries it', async () => {
    await b.page.goto(`${app.url}#/w`);
    await openFacts();
    await b.page.locator('.version-picker select').selectOption('v0.2');
    await b.page.locator('.version-line').getByText('nanobot v0.2 (chosen)').waitFor();
    expect(b.page.url()).toContain('nanobot=v0.2');
    await b.page.locator('.session-row[data-file$="dGVsZWdyYW06Nw.jsonl"] a.row-link').click();
    await b.page.getByRole('tab', { name: 'Replay' }).click();
    await b.page.locator('.sl-headline').getByText(/nanobot sends 0 messages of 300/).waitFor({ timeout: 20_000 });
    expect(b.page.url()).toContain('nanobot=v0.2');
    await shot(b.page, 'versions-v02-replay');
  });

  it('the upgrade view of an older workspace lists what another nanobot changes', async () => {
    await b.page.goto(`${app.url}#/w?nanobot=`);
    await dropFolder(b, path.join(base, 'old-ws'), 400, 400);
    await b.page.locator('.version-summary strong').getByText('nanobot v0.2').waitFor();
    await b.page.getByRole('link', { name: 'Upgrade' }).click();
    const list = b.page.locator('.upgrade-list');
    await b.page.locator('select.upgrade-target').selectOption('v0.3.0');
    await list.locator('.upgrade-row[data-file="cli_direct.jsonl"]').getByText(/120 → 300 messages replayed/).waitFor({ timeout: 20_000 });
    await b.page.locator('select.upgrade-target').selectOption('main');
    await list.locator('.upgrade-row[data-file="telegram_1.jsonl"]').getByText(/leaves it in the workspace/).waitFor({ timeout: 20_000 });
    await list.locator('.upgrade-row[data-file="cli_direct.jsonl"]').getByText(/not base64url/).waitFor();
    await shot(b.page, 'versions-upgrade');
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});

/**
 * The turn in real Chromium: a dropped workspace (AGENTS.md, TOOLS.md, memory/, a session with an
 * archived prefix and a cut tool result). The session's Context tab shows the next request part by
 * part with nanobot's token counts, the archive entries are one click from the archived messages,
 * and the workspace's Memory page reads the archive with its health.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { axeSerious, closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

const lines = [
  { _type: 'metadata', key: 'cli:direct', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:03', metadata: {}, last_consolidated: 2 },
  { role: 'user', content: 'old question', timestamp: '2026-06-01T09:00:00' },
  { role: 'assistant', content: 'old answer', timestamp: '2026-06-01T09:00:01' },
  { role: 'user', content: 'list files', timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }], timestamp: '2026-06-01T10:00:01' },
  { role: 'tool', tool_call_id: 'c1', name: 'ls', content: 'a'.repeat(40) + '\n... (truncated)', timestamp: '2026-06-01T10:00:02' },
  { role: 'assistant', content: 'Many files.', timestamp: '2026-06-01T10:00:03' },
];

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-turn-'));
  const ws = path.join(base, 'turn-ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'memory'));
  fs.writeFileSync(path.join(ws, 'AGENTS.md'), '# Rules\n\nAnswer briefly.\n');
  fs.writeFileSync(path.join(ws, 'TOOLS.md'), 'not read\n');
  fs.writeFileSync(path.join(ws, 'memory', 'MEMORY.md'), '- likes tea\n');
  fs.writeFileSync(
    path.join(ws, 'memory', 'history.jsonl'),
    '{"cursor": 1, "timestamp": "2026-05-01 10:00", "content": "Archived: talked about tea.", "session_key": "cli:direct"}\n{"cursor": true, "timestamp": "x", "content": "y"}\n',
  );
  fs.writeFileSync(path.join(ws, 'sessions', 'cli_direct.jsonl'), lines.map((l) => JSON.stringify(l).replace(/":/g, '": ').replace(/,"/g, ', "')).join('\n') + '\n');
  ({ app, b, watch } = await openAppInChromium());
});

afterAll(() => closeAll(b, app, base));

describe('the turn in Chromium', () => {
  it('shows the next request, the archive one click from the archived messages, and the Memory page', async () => {
    await dropOnStart(b, app, path.join(base, 'turn-ws'));
    await b.page.locator('.session-row[data-file="cli_direct.jsonl"] a.row-link').click();
    // From the archived messages' boundary to this session's archive entries.
    await b.page.getByRole('button', { name: 'Archive entries of this session' }).click();
    await b.page.locator('.sl-turn-total').waitFor({ timeout: 30_000 });
    expect(await b.page.getByRole('tab', { name: 'Context' }).getAttribute('aria-selected')).toBe('true');
    expect(await b.page.locator('.sl-turn-archive li').evaluateAll((li) => li.map((x) => x.getAttribute('data-cursor')))).toEqual(['1']);
    const kinds = await b.page.locator('tr.sl-turn-part').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds.slice(0, 3)).toEqual(['identity', 'bootstrap', 'tool-contract']);
    expect(kinds).toContain('memory');
    expect(await b.page.locator('.sl-turn-leftout').innerText()).toContain('TOOLS.md');
    expect(await b.page.locator('[data-trace="tool-result-truncated"]').count()).toBe(1);
    const before = Number(await b.page.locator('.sl-turn-total').getAttribute('data-total'));
    await b.page.locator('.sl-turn textarea').fill('What should I plant in May?');
    await b.page.waitForFunction((n) => Number(document.querySelector('.sl-turn-total')?.getAttribute('data-total')) > n, before);
    expect(await axeSerious(b.page)).toEqual([]);
    await shot(b.page, 'turn-context');

    await b.page.getByRole('link', { name: 'Workspace' }).click();
    await b.page.locator('nav.tabs a[href^="#/w/memory"]').click();
    await b.page.locator('[data-health]').waitFor({ timeout: 30_000 });
    expect(await b.page.locator('[data-health]').getAttribute('data-health')).toBe('warn');
    expect(await b.page.locator('.sl-memory-issues li').first().getAttribute('data-code')).toBe('invalid-cursor');
    await shot(b.page, 'turn-memory');
    expect(watch.problems).toEqual([]);
  });
});

/**
 * The context-over-time chart in real Chromium on a session of 2,000 user turns (4,800 messages):
 * drawn with the Replay tab, with no main-thread task doing over 50 ms of work (CPU time, from
 * Chromium's trace: cpu-tasks.ts) from its first slice until it is drawn (the tab's own first render
 * and the tokenizer's load come before and are only reported); a Replay control (max_messages) redraws
 * it under the new setting, again without a long task; clicking a point opens the replay as of that
 * turn. Screenshot: context-chart.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, dropFolder } from '../browser/harness';
import { describeTasks, longestCpu, traceMainThread } from './cpu-tasks';
import { dumps } from './hostile-fixtures';
import { closeAll, openAppInChromium, type Served, shot } from './support';

const TURNS = 2000;
const LONGEST_TASK_MS = 50;

let b: Browser;
let app: Served;
let base: string;
let ws: string;
let watch: { problems: string[] };

const WORDS = ['the', 'plan', 'deploy', 'tests', 'budget', 'window', 'memory', 'agent', 'tool', 'result', 'session', 'file'];
function text(seed: number, words: number): string {
  let t = '';
  for (let i = 0; i < words; i++) t += WORDS[(seed * 7 + i * 13) % WORDS.length] + (i % 17 === 16 ? '.\n' : ' ');
  return t;
}

/** 2,000 turns; every fifth calls a tool; last_consolidated 1,200 (v0.2 layout, window 120). */
function writeWorkspace(): void {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-chart-'));
  ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const lines = [dumps({ _type: 'metadata', key: 'cli:chart', created_at: '2026-06-01T10:00:00', updated_at: '2026-06-02T10:00:00', metadata: { title: 'Two thousand turns' }, last_consolidated: 1200 })];
  for (let t = 0; t < TURNS; t++) {
    lines.push(dumps({ role: 'user', content: `Turn ${t}: ` + text(t, 20 + ((t * 37) % 120)), timestamp: '2026-06-01T10:00:00' }));
    if (t % 5 === 0) {
      lines.push(dumps({ role: 'assistant', content: '', tool_calls: [{ id: `call_${t}`, type: 'function', function: { name: 'read_file', arguments: '{"path": "a.txt"}' } }] }));
      lines.push(dumps({ role: 'tool', tool_call_id: `call_${t}`, name: 'read_file', content: text(t + 1, 60) }));
    }
    lines.push(dumps({ role: 'assistant', content: text(t + 2, 30 + ((t * 53) % 300)) }));
  }
  fs.writeFileSync(path.join(ws, 'sessions', 'cli_chart.jsonl'), lines.join('\n') + '\n');
}

beforeAll(async () => {
  writeWorkspace();
  ({ app, b, watch } = await openAppInChromium({}, { width: 1100, height: 1000 }));
});

afterAll(() => closeAll(b, app, base));

const page = () => b.page;

describe('context over time on 2,000 turns', () => {
  it('is drawn without a long task, and a click opens that turn’s replay', async () => {
    await page().goto(`${app.url}#/w`);
    await page().getByRole('button', { name: 'Try the demo' }).waitFor();
    await dropFolder(b, ws, 400, 400);
    await page().locator('.session-row[data-file="cli_chart.jsonl"] a.row-link').click();
    await page().locator('.sl-session').waitFor();
    await page().waitForTimeout(500);
    let stop = await traceMainThread(page());
    await page().getByRole('tab', { name: 'Replay' }).click();
    const svg = page().locator('svg.sl-ctx-svg');
    await svg.waitFor({ timeout: 60_000 });
    await page().waitForTimeout(300);
    // The chart's own window: from its first slice (after the tokenizer loaded) to now, drawn. The
    // tab's first render and the tokenizer's evaluation come before it and are reported apart.
    let trace = await stop();
    const start = trace.marks.get('context-over-time:start')!.at(-1)!;
    // The start mark is set in the tokenizer's own task (its promise's callback); the chart's slices are the tasks after it.
    const chart = trace.tasks.filter((t) => t.at >= start);
    const before = trace.tasks.filter((t) => t.at < start);
    const ms = Number(await page().locator('[data-ms]').getAttribute('data-ms'));
    console.log(`context chart: ${TURNS} turns computed in ${ms} ms; tasks over 16 ms (CPU/wall ms) while computing and drawing it: ${describeTasks(chart)}; the Replay tab's own before it: ${describeTasks(before)}`);
    expect(chart.length).toBeGreaterThan(1); // sliced, and traced
    expect(longestCpu(chart)).toBeLessThanOrEqual(LONGEST_TASK_MS);
    expect(await svg.locator('title').textContent()).toContain('Tokens nanobot would send');
    expect(await svg.locator('desc').textContent()).toContain(`${TURNS.toLocaleString('en-US')} user turns`);
    expect(await svg.locator('[data-marker="window"]').count()).toBe(1);
    expect(await svg.locator('[data-marker="last-consolidated"]').count()).toBe(1);
    // the budget: drawn when the turns reach a tenth of it, else named above the chart (never both, never neither)
    expect((await svg.locator('[data-marker="budget"]').count()) + (await page().locator('.sl-ctx-off').count())).toBe(1);
    // hover names a turn
    await svg.scrollIntoViewIfNeeded();
    const box = (await svg.boundingBox())!;
    const at = { x: box.width * 0.5, y: box.height * 0.5 };
    await svg.hover({ position: at });
    await page().getByText(/^Turn [\d,]+ \(message #\d+\): [\d,]+ tokens in [\d,]+ messages/).waitFor();
    await shot(page(), 'context-chart', false);
    // a Replay control redraws the chart under the new setting, still without a long task
    const desc = await svg.locator('desc').textContent();
    const ends = await page().evaluate(() => performance.getEntriesByName('context-over-time:end').length);
    stop = await traceMainThread(page());
    await page().locator('label.sl-field', { hasText: 'max_messages' }).locator('input').fill('40');
    await page().waitForFunction((n) => performance.getEntriesByName('context-over-time:end').length > n, ends, { timeout: 60_000 });
    await page().locator('[data-settings]', { hasText: 'max_messages=40,' }).waitFor();
    trace = await stop();
    const again = trace.marks.get('context-over-time:start')!.at(-1)!;
    const redraw = trace.tasks.filter((t) => t.at >= again);
    const redrawMs = Number(await page().locator('[data-ms]').getAttribute('data-ms'));
    console.log(`context chart at max_messages=40: recomputed in ${redrawMs} ms; tasks over 16 ms (CPU/wall ms) while redrawing: ${describeTasks(redraw)}`);
    expect(redraw.length).toBeGreaterThan(1);
    expect(longestCpu(redraw)).toBeLessThanOrEqual(LONGEST_TASK_MS);
    await page().waitForFunction((before) => document.querySelector('svg.sl-ctx-svg desc')?.textContent !== before, desc);
    expect(await svg.locator('desc').textContent()).toMatch(/the count window starts cutting at turn \d/);
    // a click opens the replay as of that turn
    await svg.click({ position: at });
    const banner = page().locator('[data-upto]');
    await banner.waitFor();
    const upto = Number(await banner.getAttribute('data-upto'));
    expect(upto).toBeGreaterThan(2000);
    expect(upto).toBeLessThan(3000);
    expect(page().url()).toContain(`upto=${upto}`);
    await page().locator('circle.sl-ctx-current').waitFor();
    expect(watch.problems).toEqual([]);
  });
});

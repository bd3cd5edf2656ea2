/**
 * The clock the e2e tests' task limits use (cpu-tasks.ts), checked on a page whose tasks are known:
 * a task's CPU time follows the work it does (four times the loop, about four times the CPU), a task
 * that only waits (a synchronous request the server answers after 400 ms) is long on the wall clock
 * and short in CPU, work in a promise continuation (after scheduler.yield(), as runSliced does)
 * counts in its task, and the page's marks land inside the task that set them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../browser/harness';
import { traceMainThread, type MainTask } from './cpu-tasks';

const WAIT_MS = 400;
let b: Browser;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('late'), WAIT_MS);
    else res.setHeader('content-type', 'text/html; charset=utf-8').end('<!doctype html><title>tasks</title><p>tasks</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  b = await launchChromium({ port: (server.address() as AddressInfo).port });
  await b.page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});

afterAll(async () => {
  await b?.close();
  await new Promise((r) => server?.close(r));
});

/** Runs `body` in a task of its own (a timer) and waits for it. */
const inTask = (body: string) => b.page.evaluate(`new Promise((r) => setTimeout(() => { ${body}; r(0); }, 0))`);
const loop = (n: number, mark: string) => `performance.mark('${mark}'); let x = 0; for (let i = 0; i < ${n}; i++) x += Math.sqrt(i); window.__x = x;`;

describe('main-thread tasks from Chromium’s trace', () => {
  it('time work in CPU and waiting on the wall clock only, with marks on the same clock', async () => {
    const stop = await traceMainThread(b.page);
    await inTask(loop(20_000_000, 'one'));
    await inTask(loop(80_000_000, 'four'));
    await b.page.evaluate(`(async () => { await scheduler.yield(); ${loop(80_000_000, 'yielded')} })()`);
    await inTask(`const q = new XMLHttpRequest(); q.open('GET', '/slow', false); performance.mark('wait'); q.send();`);
    const { tasks, marks, markThreads } = await stop();
    // The task of the mark's own thread: another renderer's task may run at the same moment (seen on a busy machine).
    const holding = (name: string) => {
      const at = marks.get(name)![0]!;
      const thread = markThreads.get(name)![0]!;
      const found = tasks.filter((t) => t.thread === thread && t.at <= at && at <= t.at + t.wall);
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    const [one, four, yielded, wait] = [holding('one'), holding('four'), holding('yielded'), holding('wait')];
    const show = (t: MainTask) => `${t.cpu.toFixed(1)}/${t.wall.toFixed(1)}`;
    console.log(`cpu-tasks: CPU/wall ms: loop ${show(one)}, 4× loop ${show(four)}, 4× loop after scheduler.yield() ${show(yielded)}, waiting ${show(wait)}`);
    for (const t of [one, four, yielded, wait]) expect(t.cpu).toBeLessThanOrEqual(t.wall + 1);
    expect(yielded.cpu / four.cpu).toBeGreaterThan(0.6);
    expect(four.cpu / one.cpu).toBeGreaterThan(2.5);
    expect(four.cpu / one.cpu).toBeLessThan(6);
    expect(wait.wall).toBeGreaterThanOrEqual(WAIT_MS - 5);
    expect(wait.cpu).toBeLessThan(WAIT_MS / 4);
  });
});

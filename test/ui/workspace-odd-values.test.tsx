// @vitest-environment happy-dom
/** A workspace whose files hold odd values: each odd file is its own row and badge; nothing else breaks. */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../src/store/listing/layout';
import { scans, scanSkipped, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { formatTime } from '../../src/ui/parts/format';
import { sessionHref } from '../../src/ui/shell/router';
import { enc, mount, unmount, waitFor } from './session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

const file = (meta: string) => enc(`{"_type": "metadata", ${meta}}\n{"role": "user", "content": "hi"}\n`);

describe('workspace rows of files with odd values', () => {
  it('a number key, a big-int or NaN updated_at and a lone-surrogate key each list as their own row', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/a_b.jsonl', file('"key": 12345, "updated_at": "2026-06-02T09:00:00"'), 1);
    a.setFile('sessions/big.jsonl', file('"key": "big", "updated_at": 123456789012345678901234567890'), 1);
    a.setFile('sessions/nan.jsonl', file('"key": "nan", "updated_at": NaN'), 1);
    a.setFile('sessions/sur.jsonl', file('"key": "\\ud800", "updated_at": "2026-06-01T09:00:00"'), 1);
    a.setFile('sessions/ok.jsonl', file('"key": "ok", "updated_at": "2026-06-01T08:00:00"'), 1);
    await setWorkspace({ kind: 'demo', name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'w') });
    await waitFor(() => scans.value.size + scanSkipped.value.size === 5);
    el = await mount(<WorkspaceView page="sessions" />);
    const row = (f: string) => el!.querySelector<HTMLElement>(`.session-row[data-file="${f}"]`)!;
    expect(el.querySelectorAll('.session-row')).toHaveLength(5);
    expect(row('a_b.jsonl').querySelector('a.row-link')!.textContent).toBe('12345');
    expect(row('a_b.jsonl').querySelector('.badges')!.textContent).toContain('key is not text');
    expect(row('a_b.jsonl').querySelector('a.row-link')!.getAttribute('href')).toBe('#/s/a%3Ab');
    expect(row('big.jsonl').querySelector('.row-time')!.getAttribute('title')).toBe('updated_at: 123456789012345678901234567890');
    expect(row('nan.jsonl').querySelector('.row-time')!.textContent).toBe('nan');
    expect(row('sur.jsonl').querySelector('a.row-link')!.getAttribute('href')).toBe('#/s/%EF%BF%BD?file=sur.jsonl');
    expect(row('ok.jsonl').querySelector('a.row-link')!.textContent).toBe('ok');
    expect(el.querySelector('[aria-busy="true"]')).toBeNull();
    // nanobot's own listing fails on the two numbers among texts: the page names those two files (issue 42).
    await waitFor(() => !!el!.querySelector('.listing-failure .breakers'));
    expect([...el.querySelectorAll('.listing-failure .breakers li')].map((li) => li.getAttribute('data-file'))).toEqual(['big.jsonl', 'nan.jsonl']);
  });

  it('formatTime shows any value as Python would, never throwing', () => {
    expect(formatTime(2n ** 70n)).toBe('1180591620717411303424');
    expect(formatTime([1, null])).toBe('[1, None]');
    expect(formatTime('2026-06-02T09:16:00')).toBe('2 Jun 2026, 09:16');
    expect(sessionHref('\udc00x')).toBe('#/s/%EF%BF%BDx');
  });
});

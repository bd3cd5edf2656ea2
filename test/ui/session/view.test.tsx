// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { render } from 'preact';
import { SessionView } from '../../../src/ui/session/SessionView';
import type { SessionHostProps } from '../../../src/ui/session-host';
import { setRawEverywhere } from '../../../src/ui/session/markdown/prefs';
import { NOW, click, jsonl, meta, mount, openText, settle, unmount, waitFor, wholeHost, conversationShown } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

function props(over: Partial<SessionHostProps> & Pick<SessionHostProps, 'opened'>): SessionHostProps {
  return { ...wholeHost(over.opened!), adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {}, ...over };
}

const good = jsonl([meta({ title: '<think>x</think>Trip plan' }), { role: 'user', content: 'hello', timestamp: '2026-06-01T10:00:00' }, { role: 'assistant', content: 'hi' }]);

describe('SessionView', () => {
  it('shows title, key, file, size and message count', async () => {
    el = await mount(<SessionView {...props({ opened: openText(good) })} />);
    await conversationShown(el);
    const h = el.querySelector('header.sl-header')!;
    expect(h.querySelector('h1')!.textContent).toBe('Trip plan');
    expect(h.textContent).toContain('cli:direct');
    expect(h.textContent).toContain('cli_direct.jsonl');
    expect(h.textContent).toContain(`${new TextEncoder().encode(good).length} bytes`);
    expect(h.textContent).toMatch(/messages\s*2/);
    expect(el.querySelector('[role="alert"]')).toBeNull();
  });

  it('says plainly when nanobot loads nothing, and that its next save destroys the file', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'a' }, '[1, 2]']));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    const alert = el.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toContain('nanobot loads nothing from this file');
    expect(alert).toContain('AttributeError');
    expect(alert).toContain('replaces this whole file');
  });

  it('names the lines the repair path skips, and links the problems to the File tab', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'a' }, '{"role": "assistant", "content": "cut', { role: 'user', content: 'b' }]));
    const routes: [string, Record<string, string>][] = [];
    el = await mount(<SessionView {...props({ opened: o, onRoute: (t, p) => routes.push([t, p]) })} />);
    await conversationShown(el);
    const alert = el.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('repair path');
    expect(alert.textContent).toContain('skips 1 line: line 3');
    await click([...el.querySelectorAll('.sl-note button')][0]);
    expect(routes.at(-1)![0]).toBe('file');
    expect(el.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toContain('File');
    await click([...alert.querySelectorAll('button')].find((b) => b.textContent === 'line 3'));
    expect(routes.at(-1)).toEqual(['file', { line: '3' }]);
    // The File tab reads its lines through the page's source: the line is marked once they are in.
    await waitFor(() => !!el!.querySelector('.sl-line.sl-hl'));
    expect(el.querySelector('.sl-line.sl-hl')!.getAttribute('data-line')).toBe('3');
  });

  it('renders hostile content as text, never as HTML', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: '<img src=x onerror=alert(1)><script>alert(2)</script>' }]));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('moves between tabs with the arrow keys (ARIA tab pattern) and reports the route', async () => {
    const routes: string[] = [];
    el = await mount(<SessionView {...props({ opened: openText(good), onRoute: (t) => routes.push(t) })} />);
    await conversationShown(el);
    const list = el.querySelector('[role="tablist"]')!;
    const tabs = () => [...el!.querySelectorAll('[role="tab"]')];
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1']);
    await act(() => void list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    await settle();
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs()[1]);
    const panel = el.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs()[1]!.id);
    await act(() => void list.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
    expect(tabs()[4]!.textContent).toBe('Edit (download)');
    expect(tabs()[5]!.textContent).toBe('Export');
    await act(() => void list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(routes).toEqual(['replay', 'export', 'conversation']);
  });

  it('notices when the shell passes a new snapshot of the file ("updated from disk")', async () => {
    const first = openText(good);
    el = await mount(<SessionView {...props({ opened: first })} />);
    await conversationShown(el);
    expect(el.textContent).not.toContain('Updated from disk');
    const bigger = good + JSON.stringify({ role: 'user', content: 'more' }) + '\n';
    const second = openText(bigger);
    second.snapshot = { ...second.snapshot, sha256: 'y', lastModified: 2 };
    await act(() => render(<SessionView {...props({ opened: second })} />, el!));
    await settle();
    expect(el.querySelector('[role="status"]')!.textContent).toContain('Updated from disk');
    expect(el.querySelectorAll('article')).toHaveLength(3);
  });

  it('puts the consolidation marker right above the first replayed message', async () => {
    const o = openText(jsonl([meta({}, 2), { role: 'user', content: 'old q' }, { role: 'assistant', content: 'old a' }, { role: 'user', content: 'new q' }]));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    const rows = [...el.querySelectorAll('.sl-vlist-row')].map((r) => r.textContent!);
    expect(rows[2]).toContain('last_consolidated = 2');
    expect(rows[2]).toContain('archived to memory and not replayed');
    expect(rows[1]).toContain('old a');
    expect(rows[3]).toContain('new q');
  });

  it('shows a reset last_consolidated at the top, saying nanobot range-checks it', async () => {
    const o = openText(jsonl([meta({}, 9), { role: 'user', content: 'q' }]));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    const first = el.querySelector('.sl-vlist-row')!.textContent!;
    expect(first).toContain('last_consolidated = 0');
    expect(first).toContain('The file says last_consolidated 9');
  });

  it('shows corrupt lines in place, reasoning collapsed, attachments and flags', async () => {
    const o = openText(jsonl([
      meta(),
      { role: 'user', content: 'see', media: ['/tmp/a.png'], cli_apps: [{ name: 'Tool' }], _channel_delivery: true },
      'not json at all',
      { role: 'assistant', content: 'ok', reasoning_content: 'secret thoughts', _cron_turn: true },
    ]));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    const rows = [...el.querySelectorAll('.sl-vlist-row')];
    expect(rows[0]!.textContent).toContain('image: /tmp/a.png');
    expect(rows[0]!.textContent).toContain('CLI app @Tool');
    expect(rows[0]!.querySelector('.sl-tag-internal')!.textContent).toBe('_channel_delivery');
    expect(rows[1]!.textContent).toContain('corrupt line');
    expect(rows[1]!.textContent).toContain('Not valid JSON');
    const details = rows[2]!.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('secret thoughts');
    expect(rows[2]!.textContent).toContain('_cron_turn');
  });

  it('folds long content and reveals raw JSON on request', async () => {
    const long = 'x'.repeat(5000);
    // The text as stored (the Markdown's loading is not what this checks).
    setRawEverywhere(true);
    el = await mount(<SessionView {...props({ opened: openText(jsonl([meta(), { role: 'user', content: long }])) })} />);
    await conversationShown(el);
    const row = el.querySelector('article')!;
    expect(row.querySelector('pre')!.textContent!.length).toBeLessThan(1600);
    await click([...row.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Show all')));
    expect(row.querySelector('pre')!.textContent).toBe(long);
    await click([...row.querySelectorAll('button')].find((b) => b.textContent === 'Raw JSON'));
    // The line is read through the source when it is asked for.
    await waitFor(() => !!row.querySelector('.sl-raw pre'));
    expect(row.querySelector('.sl-raw pre')!.textContent).toContain('"role": "user"');
    setRawEverywhere(false);
  });
});

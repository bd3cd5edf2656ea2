// @vitest-environment happy-dom
/** The Export tab of the whole document: findings listed and masked in the preview, one unmasked on request, a download of exactly the preview; the replay's export at both sizes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pyDumps } from '../../../../src/core/python/pyjson';
import { getHistory } from '../../../../src/core/replay/replay';
import { ExportTab } from '../../../../src/ui/session/export/ExportTab';
import { SessionView } from '../../../../src/ui/session/SessionView';
import { button, click, indexedText, mount, openText, unmount, waitFor, wholeHost } from '../helpers';
import { captureDownloads, EXPORT_FILE, KEY } from './fixture';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  vi.restoreAllMocks();
});

const file = EXPORT_FILE;
const saved = captureDownloads();

/** The tab over the file (held whole, or read on its line index: `indexed`), its choices kept as the route keeps them. */
function harness(params: Record<string, string>, indexed = false) {
  const o = openText(file);
  const source = indexed ? indexedText(file) : wholeHost(o).source;
  let current = params;
  const rerender = async () => {
    const { render } = await import('preact');
    const { act } = await import('preact/test-utils');
    await act(() => render(<ExportTab source={source} params={current} onParams={(p) => ((current = p), void rerender())} />, el!));
  };
  return { o, rerender, params: () => current };
}

const preview = () => [...el!.querySelectorAll('.sl-export-preview pre')].map((p) => p.textContent).join('');

describe('ExportTab', () => {
  it('lists every finding, masks them in the preview and the download, and unmasks one on request', async () => {
    const h = harness({});
    el = document.createElement('div');
    document.body.appendChild(el);
    await h.rerender();
    // On a loaded machine the search may outlast its first 8 ms slice and finish a task later.
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    const items = [...el.querySelectorAll('.sl-findings-list li')].map((li) => li.textContent);
    expect(items).toHaveLength(5);
    expect(items[0]).toMatch(/^#1 session key in key: cli:direct/);
    expect(items[1]).toMatch(/^#2 OpenAI-style API key \(sk-…\) in message 1 · content: sk-pro…/);
    expect(items[2]).toMatch(/^#3 e-mail address in message 1 · content: ann@corp\.example/);
    expect(items[3]).toMatch(/^#4 user name in a home folder path in message 2 · content: ann/);
    expect(items[4]).toMatch(/^#5 session key in message 2 · content: cli:direct/);
    // The preview is made through the source once the search is done.
    await waitFor(() => preview() !== '');
    let text = preview();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('ann@corp.example');
    expect(text).toContain('My key is [redacted OpenAI-style API key (sk-…) #2], mail me at [redacted e-mail address #3]');
    expect(text).toContain('/home/[redacted user name in a home folder path #4]/.env');
    // Unmask the e-mail only.
    await click(button(el.querySelectorAll('.sl-findings-list li')[2]!, 'Unmask'));
    await waitFor(() => preview().includes('mail me at ann@corp.example'));
    text = preview();
    expect(text).not.toContain(KEY);
    expect(el.querySelector('.sl-findings p')!.textContent).toContain('4 masked, 1 unmasked by you');
    await waitFor(() => button(el!, 'Download') !== undefined);
    await click(button(el, 'Download'));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('cli-session-2026-06-01.md');
    const body = await saved[0]!.blob.text();
    expect(body).toBe(text);
    expect(saved[0]!.blob.type).toBe('text/markdown;charset=utf-8');
    // Mask it again.
    await click(button(el.querySelectorAll('.sl-findings-list li')[2]!, 'Mask again'));
    await waitFor(() => preview() !== '' && !preview().includes('ann@corp.example'));
  });

  it('exports the HTML page with the CSP and no script, the key masked', async () => {
    const h = harness({ fmt: 'html' });
    el = document.createElement('div');
    document.body.appendChild(el);
    await h.rerender();
    // On a loaded machine the search may outlast its first 8 ms slice and finish a task later.
    await waitFor(() => button(el!, 'Download') !== undefined);
    await click(button(el, 'Download'));
    const html = await saved[0]!.blob.text();
    expect(saved[0]!.blob.type).toBe('text/html;charset=utf-8');
    expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain(KEY);
    expect(html).not.toContain('cli:direct');
  });

  it.each([['held whole', false], ['on its line index', true]] as const)('read %s: exports the replay as JSON: exactly get_history’s entries once unmasked', async (_how, indexed) => {
    const h = harness({ src: 'replay', fmt: 'json', max_tokens: '0' }, indexed);
    el = document.createElement('div');
    document.body.appendChild(el);
    await h.rerender();
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    const o = h.o;
    const entries = getHistory(o.nanobot.result!.messages, 0, { maxMessages: 120, includeTimestamps: true }, 'v0.2').entries;
    await waitFor(() => preview() !== '');
    const masked = preview();
    expect(masked).not.toContain(KEY);
    for (const li of [...el.querySelectorAll('.sl-findings-list li')]) await click(button(li, 'Unmask'));
    await waitFor(() => preview() === pyDumps(entries));
    await waitFor(() => button(el!, 'Download') !== undefined);
    await click(button(el, 'Download'));
    expect(saved[0]!.name).toBe('cli_direct.replay.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(JSON.parse(pyDumps(entries)));
  });

  it.each([['held whole', false], ['on its line index', true]] as const)('read %s: exports the replay as of the turn the link names (upto=), and says so', async (_how, indexed) => {
    const h = harness({ src: 'replay', fmt: 'json', max_tokens: '0', upto: '2' }, indexed);
    el = document.createElement('div');
    document.body.appendChild(el);
    await h.rerender();
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    const picked = el.querySelector('.sl-export-pick label[data-upto]')!;
    expect(picked.getAttribute('data-upto')).toBe('2');
    expect(picked.textContent).toContain('as of user message #1: its first 2 of 3 messages');
    for (const li of [...el.querySelectorAll('.sl-findings-list li')]) await click(button(li, 'Unmask'));
    const all = h.o.nanobot.result!.messages;
    const asOf = getHistory(all.slice(0, 2), 0, { maxMessages: 120, includeTimestamps: true }, 'v0.2').entries;
    expect(asOf).not.toEqual(getHistory(all, 0, { maxMessages: 120, includeTimestamps: true }, 'v0.2').entries);
    await waitFor(() => preview() === pyDumps(asOf));
    // The Markdown names the turn in its facts.
    await click([...el.querySelectorAll('.sl-export-pick label')].find((l) => l.textContent!.includes('Markdown'))!.querySelector('input'));
    await waitFor(() => preview().startsWith('# '));
    expect(preview()).toContain(String.raw`— as of user message \#1: the first 2 of 3 messages, with today’s last\_consolidated \(0\)`);
  });

  it('is reachable from the session header', async () => {
    const routes: string[] = [];
    el = await mount(<SessionView {...wholeHost(openText(file))} opened={openText(file)} adapter={null} now={() => '2026-06-01T12:00:00'} onSaved={() => {}} onDeleted={() => {}} onForked={() => {}} route={{ params: {} }} onRoute={(t) => routes.push(t)} />);
    await click(button(el, 'Export / share'));
    expect(routes).toEqual(['export']);
    expect(el.querySelector('.sl-tab[aria-selected="true"]')!.textContent).toBe('Export');
    await waitFor(() => el!.querySelector('.sl-export h2') !== null);
    expect(el.querySelector('.sl-export h2')!.textContent).toBe('Export and share');
  });
});

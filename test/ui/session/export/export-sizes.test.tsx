// @vitest-environment happy-dom
/**
 * The one Export tab at both sizes (the file read on its line index, and the whole document): the
 * findings of the whole file counted and listed, masked in the preview, one unmasked on request; the
 * file made as a Blob and downloaded with the same bytes at both sizes for the same choices; a long
 * list bounded with its counts; the making cancelled and started again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'preact/hooks';
import { ExportTab, type ExportTabProps } from '../../../../src/ui/session/export/ExportTab';
import { button, check, click, indexedText, jsonl, meta, mount, openText, unmount, waitFor, wholeHost } from '../helpers';
import { captureDownloads, EXPORT_FILE, KEY } from './fixture';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  vi.restoreAllMocks();
});

const FILE = EXPORT_FILE;
const saved = captureDownloads();

/** The tab with its choices kept as the page keeps them (in the route). */
function Tab(p: Omit<ExportTabProps, 'params' | 'onParams'> & { params?: Record<string, string> }) {
  const [params, setParams] = useState(p.params ?? {});
  return <ExportTab {...p} params={params} onParams={setParams} />;
}

/** The tab over `text` read on its line index (large-file mode's reading). */
async function large(text: string, listed?: number) {
  el = await mount(<Tab source={indexedText(text)} {...(listed ? { listed } : {})} />);
}

/** The tab over `text` held whole (the full view's reading). */
async function whole(text: string, params: Record<string, string> = {}, listed?: number) {
  const o = openText(text);
  el = await mount(<Tab source={wholeHost(o).source} params={params} {...(listed ? { listed } : {})} />);
}

const preview = () => [...el!.querySelectorAll('.sl-export-preview pre')].map((p) => p.textContent).join('');
const radio = (label: string) => [...el!.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input');

/** Makes the file (where it is more than the preview: a file that is all preview is made with it) and downloads it; the saved Blob's bytes. */
async function makeAndSave(): Promise<Uint8Array> {
  await waitFor(() => button(el!, 'Make the file') !== undefined || button(el!, 'Download') !== undefined);
  const make = button(el!, 'Make the file');
  if (make) await click(make);
  await waitFor(() => button(el!, 'Download') !== undefined);
  await click(button(el!, 'Download'));
  return new Uint8Array(await saved.at(-1)!.blob.arrayBuffer());
}

describe('the Export tab at both sizes', () => {
  it('lists the findings, masks them, unmasks one, and downloads the full view’s bytes for the same choices', async () => {
    await large(FILE);
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    const items = [...el!.querySelectorAll('.sl-findings-list li')].map((li) => li.textContent);
    expect(items).toHaveLength(5);
    // Both sizes offer the session and the replay.
    expect(el!.querySelectorAll('input[name="sl-export-src"]')).toHaveLength(2);
    expect(items[0]).toMatch(/^#1 session key in key: cli:direct/);
    expect(items[2]).toMatch(/^#3 e-mail address in message 1 · content: ann@corp\.example/);
    await waitFor(() => preview() !== '');
    expect(preview()).toContain('My key is [redacted OpenAI-style API key (sk-…) #2], mail me at [redacted e-mail address #3]');
    expect(preview()).not.toContain(KEY);
    await click(button(el!.querySelectorAll('.sl-findings-list li')[2]!, 'Unmask'));
    await check(radio('HTML page'), true);
    await waitFor(() => preview().includes('mail me at ann@corp.example'));
    const got = await makeAndSave();
    expect(saved[0]!.name).toBe('cli-session-2026-06-01.html');
    expect(saved[0]!.blob.type).toBe('text/html;charset=utf-8');
    const html = new TextDecoder().decode(got);
    expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain(KEY);
    await unmount(el!);

    // The whole document, the same choices: the same bytes.
    await whole(FILE, { fmt: 'html' });
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    expect(el!.querySelectorAll('input[name="sl-export-src"]')).toHaveLength(2);
    await click(button(el!.querySelectorAll('.sl-findings-list li')[2]!, 'Unmask'));
    await waitFor(() => preview().includes('mail me at ann@corp.example') && button(el!, 'Download') !== undefined);
    await click(button(el!, 'Download'));
    await waitFor(() => saved.length === 2);
    expect(saved[1]!.name).toBe('cli-session-2026-06-01.html');
    expect(new Uint8Array(await saved[1]!.blob.arrayBuffer())).toEqual(got);
  });

  it.each([['on its line index', large], ['whole', (t: string, listed?: number) => whole(t, {}, listed)]] as const)('read %s: counts every finding of a long file but lists only the first ones; each stays masked', async (_how, open) => {
    const rows: object[] = [meta({})];
    // Past the preview's 64 KiB: the file is made apart from the preview.
    for (let i = 0; i < 40; i++) rows.push({ role: 'user', content: `write to user${i}@corp.example ${'x'.repeat(2000)}` });
    await open(jsonl(rows), 10);
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    expect(el!.querySelectorAll('.sl-findings-list li')).toHaveLength(10);
    expect(el!.querySelector('.sl-findings')!.textContent).toContain('The first 10 of 41 are listed here; the others are masked.');
    expect(el!.querySelector('.sl-findings p')!.textContent).toMatch(/41 findings, all masked: 1 × session key, 40 × e-mail address\./);
    await waitFor(() => preview() !== '');
    expect(el!.textContent).toMatch(/Preview of the first \d+ of 40 messages/);
    const text = new TextDecoder().decode(await makeAndSave());
    expect(text).not.toContain('@corp.example');
    expect(text).toContain('write to [redacted e-mail address #41]');
  });

  it('cancels the making of the file, and makes it when started again', async () => {
    const rows: object[] = [meta({})];
    for (let i = 0; i < 4000; i++) rows.push({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} `.repeat(20) });
    await large(jsonl(rows));
    await waitFor(() => el!.querySelector('.sl-findings') !== null, 60_000);
    await click(button(el!, 'Make the file'));
    await waitFor(() => button(el!, 'Cancel') !== undefined);
    await click(button(el!, 'Cancel'));
    await waitFor(() => el!.textContent!.includes('Stopped: nothing was made.'));
    expect(saved).toHaveLength(0);
    await click(button(el!, 'Start again'));
    await waitFor(() => button(el!, 'Download') !== undefined, 60_000);
    await click(button(el!, 'Download'));
    const text = await saved[0]!.blob.text();
    expect(text.split('\n\n---\n\n')).toHaveLength(4001);
  });
});

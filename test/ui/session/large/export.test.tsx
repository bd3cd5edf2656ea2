// @vitest-environment happy-dom
/**
 * The Export tab of large-file mode: the findings of the whole file counted and listed, masked in
 * the preview, one unmasked on request; the file made as a Blob and downloaded with the very bytes
 * the full view's Export tab saves for the same choices; a long list bounded with its counts; the
 * making cancelled and started again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFromIndex } from '../../../../src/core/index/index-load';
import { indexBytes } from '../../../../src/core/index/line-index';
import { ExportTab } from '../../../../src/ui/session/export/ExportTab';
import { LargeExport } from '../../../../src/ui/session/large/LargeExport';
import { button, check, click, enc, jsonl, meta, mount, openText, unmount, waitFor } from '../helpers';
import { captureDownloads, EXPORT_FILE, KEY } from '../export/fixture';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  vi.restoreAllMocks();
});

const FILE = EXPORT_FILE;
const saved = captureDownloads();

async function large(text: string, listed?: number) {
  const bytes = enc(text);
  const index = indexBytes(bytes, 'v0.2');
  const load = loadFromIndex(index, 'v0.2', () => ({}));
  el = await mount(<LargeExport file={new Blob([bytes as Uint8Array<ArrayBuffer>])} index={index} load={load} version="v0.2" fileName="cli_direct.jsonl" listed={listed} />);
}

const preview = () => [...el!.querySelectorAll('.sl-export-preview pre')].map((p) => p.textContent).join('');
const radio = (label: string) => [...el!.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.querySelector('input');

/** Makes the file and downloads it; the saved Blob's bytes. */
async function makeAndSave(): Promise<Uint8Array> {
  await click(button(el!, 'Make the file'));
  await waitFor(() => button(el!, 'Download') !== undefined);
  await click(button(el!, 'Download'));
  return new Uint8Array(await saved.at(-1)!.blob.arrayBuffer());
}

describe('the Export tab of large-file mode', () => {
  it('lists the findings, masks them, unmasks one, and downloads the full view’s bytes for the same choices', async () => {
    await large(FILE);
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    const items = [...el!.querySelectorAll('.sl-findings-list li')].map((li) => li.textContent);
    expect(items).toHaveLength(5);
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

    // The full view's Export tab, the same choices: the same bytes.
    el = await mount(<ExportTab opened={openText(FILE)} params={{ fmt: 'html' }} onParams={() => undefined} />);
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    await click(button(el!.querySelectorAll('.sl-findings-list li')[2]!, 'Unmask'));
    await click(button(el!, 'Download'));
    expect(saved[1]!.name).toBe('cli-session-2026-06-01.html');
    expect(new Uint8Array(await saved[1]!.blob.arrayBuffer())).toEqual(got);
  });

  it('counts every finding of a long file but lists only the first ones; each stays masked', async () => {
    const rows: object[] = [meta({})];
    for (let i = 0; i < 40; i++) rows.push({ role: 'user', content: `write to user${i}@corp.example` });
    await large(jsonl(rows), 10);
    await waitFor(() => el!.querySelector('.sl-findings-list') !== null);
    expect(el!.querySelectorAll('.sl-findings-list li')).toHaveLength(10);
    expect(el!.querySelector('.sl-findings')!.textContent).toContain('The first 10 of 41 are listed here; the others are masked.');
    expect(el!.querySelector('.sl-findings p')!.textContent).toMatch(/41 findings, all masked: 1 × session key, 40 × e-mail address\./);
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

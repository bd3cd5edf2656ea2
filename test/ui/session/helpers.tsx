/** Shared helpers for the session view tests: files from JSONL text, mounting, waiting. */
import { render, type VNode } from 'preact';
import { act } from 'preact/test-utils';
import type { OpenedSession } from '../../../src/store/save/sessions';
import { openFromBytes } from '../../open-bytes';
import { openSession } from '../../../src/store/save/sessions';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict } from '../../../src/core/python/pyvalue';
import type { StorageAdapter } from '../../../src/store/adapter/adapter';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { openSource } from '../../../src/store/source/open-source';
import { documentSourceOf } from '../../../src/store/source/document-source';
import { indexedSource, type HeldIndex, type IndexedOptions } from '../../../src/store/source/indexed-source';
import { documentSource } from '../../../src/store/source/document-source';
import { normalised } from '../../../src/store/source/source-adapter';
import type { SourceStat } from '../../../src/store/source/session-source';
import { indexBytes } from '../../index-bytes';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { countedBlob } from '../../counted-blob';
import type { SessionHostProps } from '../../../src/ui/session-host';
import type { SessionSource } from '../../../src/store/source/session-source';

export const NOW = '2026-06-01T12:00:00';
export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** JSON lines (objects written as nanobot's json.dumps writes them) joined into a file ending in "\n". */
export function jsonl(lines: (string | object)[]): string {
  return lines.map((l) => (typeof l === 'string' ? l : pyDumps(l as PyDict))).join('\n') + '\n';
}

/** A metadata line for key `cli:direct`. */
export function meta(extra: Record<string, unknown> = {}, lastConsolidated = 0): object {
  return { _type: 'metadata', key: 'cli:direct', created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T10:05:00', metadata: extra, last_consolidated: lastConsolidated };
}

/** An OpenedSession over bytes in hand (no adapter). */
export function openText(text: string, path = 'sessions/cli_direct.jsonl'): OpenedSession {
  const bytes = enc(text);
  return openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version: 'v0.2', now: NOW });
}

/** Opens through an adapter (so a guarded save has a real snapshot). */
export function openVia(adapter: StorageAdapter, path = 'sessions/cli_direct.jsonl'): Promise<OpenedSession> {
  return openSession(adapter, path, { version: 'v0.2', now: NOW });
}

/** Renders into a fresh container attached to the document. */
export async function mount(vnode: VNode): Promise<HTMLElement> {
  const el = document.createElement('div');
  document.body.appendChild(el);
  await act(() => render(vnode, el));
  return el;
}

export async function unmount(el: HTMLElement): Promise<void> {
  await act(() => render(null, el));
  el.remove();
}

/** Lets effects, microtasks and timers settle. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/** Waits until `check` passes (polling), for async work such as the tokenizer load or a save. */
export async function waitFor(check: () => boolean, timeout = 15000): Promise<void> {
  const start = Date.now();
  for (;;) {
    await settle(10);
    if (check()) return;
    if (Date.now() - start > timeout) throw new Error('waitFor timed out');
  }
}

/** Clicks an element inside act(). */
export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(() => (el as HTMLElement).click());
}

/** Sets an input/select/textarea value and fires input + change. */
export async function type(el: Element | null | undefined, value: string): Promise<void> {
  if (!el) throw new Error('no field');
  await act(() => {
    (el as HTMLInputElement).value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The first button whose text includes `text`. */
export function button(root: Element, text: string): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find((b) => (b.textContent ?? '').includes(text)) as HTMLButtonElement | undefined;
}

/** Sets a checkbox and fires change. */
export async function check(el: Element | null | undefined, on: boolean): Promise<void> {
  if (!el) throw new Error('no checkbox');
  await act(() => {
    (el as HTMLInputElement).checked = on;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/**
 * The one page's props for the file at `path` read on its line index whatever its size (the line at
 * 0 bytes), as the shell hands them: `over` sets the route, write access (`adapter`) and the callbacks.
 */
export async function indexHost(reader: StorageAdapter, path: string, version: NanobotVersion, over: Partial<SessionHostProps> = {}): Promise<SessionHostProps> {
  const open = (key?: string) => openSource(reader, path, { version, now: NOW, pick: { indexFrom: 0 }, ...(key !== undefined ? { key } : {}) });
  const none = () => {};
  return { source: await open(), opened: null, adapter: null, reader, open, now: () => NOW, onSaved: none, onDeleted: none, onForked: none, route: { params: {} }, onRoute: none, ...over };
}

/** An opened session as the one page is handed it: the store's source over the document it holds, and the page's opener of it. */
export function wholeHost(opened: OpenedSession): Pick<SessionHostProps, 'source' | 'open'> {
  const a = createMemoryAdapter();
  a.setFile(opened.path, opened.bytes, opened.snapshot.lastModified);
  const source = documentSourceOf(a, opened, { now: NOW, version: opened.version });
  return { source, open: async () => source };
}

/** `text` as large-file mode reads it: a memory file, its index built here (as the worker builds it), and the source over both. */
export function indexedText(text: string, version: NanobotVersion = 'v0.2', path = 'sessions/cli_direct.jsonl'): SessionSource {
  return indexedBytes(enc(text), version, path).source;
}

/**
 * The source over a file's line index a test already built (`held`): its answers read the file by
 * that index. `stat`: the file as it was when indexed. The whole document is asked for nothing here.
 */
export function indexedSourceOf(adapter: StorageAdapter, stat: SourceStat, opts: IndexedOptions, held: HeldIndex): SessionSource {
  const a = normalised(adapter);
  return indexedSource(a, stat, opts, async () => documentSource(a, { ...stat, kind: 'document' }, opts), held);
}

/** `bytes` as large-file mode reads them (indexedText), the file the page holds counting what is sliced from it (`seen`). */
export function indexedBytes(bytes: Uint8Array, version: NanobotVersion = 'v0.2', path = 'sessions/cli_direct.jsonl'): { source: SessionSource; seen: { slices: number; bytes: number }; adapter: ReturnType<typeof createMemoryAdapter> } {
  const a = createMemoryAdapter();
  a.setFile(path, bytes, 1_000);
  const index = indexBytes(bytes, version);
  const stat = { path, fileName: path.split('/').pop()!, size: bytes.length, lastModified: 1_000, version, kind: 'index' as const, other: null };
  const { blob, seen } = countedBlob(bytes);
  return { source: indexedSourceOf(a, stat, { now: NOW, version }, { file: blob, index }), seen, adapter: a };
}

/** `bytes` as the whole document's reading holds them: opened, and the source over what it holds. */
export function wholeBytes(bytes: Uint8Array, version: NanobotVersion = 'v0.2', path = 'sessions/cli_direct.jsonl'): SessionSource {
  return wholeHost(openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1_000, sha256: 'x' }, { version, now: NOW })).source;
}

/** Waits until the Conversation tab in `root` has its rows and every card in view is read (its rows come through the source). */
export async function conversationShown(root: Element): Promise<void> {
  await waitFor(() => !!root.querySelector('.sl-conversation .sl-summary') && !root.querySelector('.sl-conversation [aria-busy="true"]'));
}

/** `text` at both sizes: the whole document's source and the line index's (the one page's two readings). */
export function bothSizes(text: string, version: NanobotVersion = 'v0.2'): [string, () => SessionSource][] {
  return [
    ['whole document', () => wholeBytes(enc(text), version)],
    ['line index', () => indexedText(text, version)],
  ];
}

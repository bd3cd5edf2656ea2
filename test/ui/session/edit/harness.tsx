/** The one Edit tab mounted over a file read at either size: the whole document, or its line index (the line lowered to 0 bytes). */
import { act } from 'preact/test-utils';
import { render } from 'preact';
import { createMemoryAdapter, type MemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import { openSource } from '../../../../src/store/source/open-source';
import { indexBytes } from '../../../index-bytes';
import { planTrimOffThread } from '../../../../src/store/large/trim/large-trim-client';
import { documentSourceOf } from '../../../../src/store/source/document-source';
import { openSession } from '../../../../src/store/save/sessions';
import type { SessionSource } from '../../../../src/store/source/session-source';
import { EditTab } from '../../../../src/ui/session/edit/EditTab';
import { indexedSourceOf, NOW, mount, waitFor } from '../helpers';

/** How the page reads the file: the whole document, or its line index. */
export type Size = 'document' | 'index';
export const SIZES: Size[] = ['document', 'index'];

export const PATH = 'sessions/cli_direct.jsonl';

/**
 * Opens `path` as the page holds it at `size`: the whole document opened (its snapshot guarding the
 * save) and the source over it; or the file's line index built (as large-file mode's worker builds
 * it) and the source over it. `page: false`: the index as the CLI opens it (each plan indexes the file again).
 */
export async function openAt(adapter: MemoryAdapter, size: Size, version: NanobotVersion = 'v0.2', path = PATH, page = true): Promise<SessionSource> {
  if (size === 'document') return documentSourceOf(adapter, await openSession(adapter, path, { version, now: NOW }), { version, now: NOW });
  if (!page) return openSource(adapter, path, { version, now: NOW, pick: { indexFrom: 0 } });
  const bytes = adapter.getFile(path)!;
  const st = await adapter.stat(path);
  const index = indexBytes(bytes, version);
  // As the page holds it: the trim planned by its worker's code (in place where there are no workers).
  const held = { file: await adapter.file!(path), index, planTrim: planTrimOffThread };
  return indexedSourceOf(adapter, { path, fileName: path.split('/').pop()!, size: st.size, lastModified: st.lastModified, version, kind: 'index', other: null }, { now: NOW, version }, held);
}

export interface EditHarness {
  adapter: MemoryAdapter;
  /** What the tab told the page: saves (the page then opens the file again), deletes, forks. */
  saved: string[];
  deleted: string[];
  forks: string[];
  el: HTMLElement;
  source: SessionSource;
}

/** Mounts the Edit tab over `text` read at `size`; a save opens the file again, as the page does. */
export async function setupEdit(text: string, size: Size, opts: { readOnly?: boolean; version?: NanobotVersion; adapter?: MemoryAdapter; now?: () => string; lastModified?: number } = {}): Promise<EditHarness> {
  const adapter = opts.adapter ?? createMemoryAdapter();
  adapter.setFile(PATH, text, opts.lastModified);
  const version = opts.version ?? 'v0.2';
  const h: EditHarness = { adapter, saved: [], deleted: [], forks: [], el: null as unknown as HTMLElement, source: await openAt(adapter, size, version) };
  const draw = () => (
    <EditTab
      source={h.source}
      adapter={opts.readOnly ? null : adapter}
      now={opts.now ?? (() => NOW)}
      onForked={(p) => h.forks.push(p)}
      onDeleted={(m) => h.deleted.push(m)}
      onSaved={(m) => {
        h.saved.push(m);
        void openAt(adapter, size, version).then((s) => {
          h.source = s;
          void act(() => render(draw(), h.el));
        });
      }}
    />
  );
  h.el = await mount(draw());
  await waitFor(() => !!h.el.querySelector('.sl-edit-cards'));
  return h;
}

/** The card titled `title`. */
export function card(root: Element, title: string): Element {
  const c = [...root.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title);
  if (!c) throw new Error(`no card ${title}`);
  return c;
}

/** Waits for a card's preview (or its refusal) once its fields settle and the source has planned. */
export async function planned(root: Element, title: string): Promise<Element> {
  await waitFor(() => {
    const c = card(root, title);
    return !c.querySelector('[aria-busy="true"]') && !!(c.querySelector('.sl-preview') || c.querySelector('[role="alert"]'));
  });
  return card(root, title);
}

/** Waits until the cards are drawn anew (the file opened again after a save): `before` is the cards' box drawn until then. */
export async function redrawn(root: Element, before: Element | null): Promise<void> {
  await waitFor(() => {
    const now = root.querySelector('.sl-edit-cards');
    return !!now && now !== before;
  });
}

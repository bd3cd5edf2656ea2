// @vitest-environment happy-dom
/** The page after the Edit tab's save: it opens the file again and does not announce its own save as a change from outside. */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { render } from 'preact';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { documentSourceOf } from '../../../../src/store/source/document-source';
import type { OpenedSession } from '../../../../src/store/save/sessions';
import { SessionView } from '../../../../src/ui/session/SessionView';
import { NOW, button, click, jsonl, meta, mount, openVia, settle, type, unmount, waitFor } from '../helpers';
import { PATH, card, planned } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe('the whole document page after an edit', () => {
  it('shows the saved file without "Updated from disk", and still says it for a change from outside', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, jsonl([meta(), { role: 'user', content: 'hello' }, { role: 'assistant', content: 'hi' }]));
    const saved: string[] = [];
    const draw = (o: OpenedSession) => (
      <SessionView
        source={documentSourceOf(a, o, { now: NOW, version: 'v0.2' })}
        open={async () => documentSourceOf(a, o, { now: NOW, version: 'v0.2' })}
        opened={o}
        adapter={a}
        reader={a}
        now={() => NOW}
        route={{ tab: 'edit', params: {} }}
        onRoute={() => {}}
        onForked={() => {}}
        onDeleted={() => {}}
        // As the page does: say it, open the file again, show it.
        onSaved={(m) => {
          saved.push(m);
          void openVia(a, PATH).then((next) => act(() => render(draw(next), el!)));
        }}
      />
    );
    el = await mount(draw(await openVia(a, PATH)));
    await waitFor(() => !!el!.querySelector('.sl-edit-cards'));
    await type(card(el, 'Title').querySelector('input'), 'Mine');
    await click(button(await planned(el, 'Title'), 'Save title'));
    await waitFor(() => saved.length === 1 && el!.querySelector('h1')!.textContent === 'Mine');
    await settle(20);
    expect(el.textContent).not.toContain('Updated from disk');
    // Then another program writes the file: the page is handed the new version, and says so.
    a.setFile(PATH, jsonl([meta({ title: 'Mine' }), { role: 'user', content: 'hello' }, { role: 'assistant', content: 'hi' }, { role: 'user', content: 'from outside' }]));
    await act(async () => render(draw(await openVia(a, PATH)), el!));
    await waitFor(() => el!.textContent!.includes('Updated from disk'));
  });
});

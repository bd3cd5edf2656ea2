// @vitest-environment happy-dom
/**
 * Focus that follows the person (issue 42): a navigation puts focus on the new page's heading once it
 * is drawn (not on the first load, not on a rewrite of the current page), the shell's live region says
 * where; a save, an Escape and a "Preview fork" leave focus on what follows, never on <body>.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/pwa/register', async () => {
  const { signal } = await import('@preact/signals');
  return { updateReady: signal(false), offlineReady: signal(false), applyUpdate: () => {}, registerServiceWorker: () => {} };
});

const { App } = await import('../../src/ui/shell/App');
const { navigate } = await import('../../src/ui/shell/router');
const { setWorkspace } = await import('../../src/ui/workspace/model');
const { focusAdrift, focusHeadingWhenDrawn, guardFocus, LOST_FOCUS_MS, pageHeading } = await import('../../src/ui/shell/focus');
const { SessionView } = await import('../../src/ui/session/SessionView');
const { FileTab } = await import('../../src/ui/session/file/FileTab');
const { firstKept } = await import('../../src/store/save/edit-preview');
const { setupEdit } = await import('./session/edit/harness');
const { repeatsPreview } = await import('../../src/ui/workspace/SessionList');
const { NOW, button, click, jsonl, meta, mount, openText, settle, type, unmount, waitFor, wholeHost } = await import('./session/helpers');
const { demoWorkspace } = await import('./shell-helpers');

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
  (document.activeElement as HTMLElement | null)?.blur?.();
});

const active = () => document.activeElement;
const onBody = () => !active() || active() === document.body;

describe('after a navigation', () => {
  it('the new page’s heading takes focus once drawn, and the live region says where; the first load moves nothing', async () => {
    navigate({ view: 'start', params: {} }, { replace: true });
    el = await mount(<App />);
    await waitFor(() => !!document.querySelector('main h1'));
    await settle(20);
    expect(onBody()).toBe(true); // the first load steals nothing

    navigate({ view: 'guide', params: {} });
    await waitFor(() => active()?.id === 'guide-title');
    expect(active()!.getAttribute('tabindex')).toBe('-1');
    expect(document.querySelector('.status-region [data-arrival]')!.textContent).toBe('Now showing: Guide');
    expect(document.querySelector('.status-region')!.getAttribute('aria-live')).toBe('polite');
  });

  it('a rewrite of the current entry (a tab switch, a filter) leaves focus where it is', async () => {
    await setWorkspace(await demoWorkspace());
    navigate({ view: 'workspace', page: 'sessions', params: {} }, { replace: true });
    el = await mount(<App />);
    await waitFor(() => !!document.getElementById('session-search'));
    const search = document.getElementById('session-search') as HTMLInputElement;
    search.focus();
    navigate({ view: 'workspace', page: 'sessions', params: { q: 'x' } }, { replace: true });
    await settle(50);
    expect(active()).toBe(search);
  });

  it('a workspace page’s own heading is the one focused (Health, not the workspace’s name)', async () => {
    await setWorkspace(await demoWorkspace());
    navigate({ view: 'workspace', page: 'sessions', params: {} }, { replace: true });
    el = await mount(<App />);
    await waitFor(() => !!document.querySelector('.session-list'));
    navigate({ view: 'workspace', page: 'health', params: {} });
    await waitFor(() => active()?.id === 'health-title');
    expect(document.querySelector('[data-arrival]')!.textContent).toBe('Now showing: Demo workspace · Health');
  });

  it('does not take focus from where the person put it meanwhile', async () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    const elsewhere = document.createElement('button');
    document.body.appendChild(elsewhere);
    const heard: HTMLElement[] = [];
    const stop = focusHeadingWhenDrawn(root, null, (h) => heard.push(h));
    elsewhere.focus();
    root.innerHTML = '<h1>Drawn late</h1>';
    await settle(10);
    expect(active()).toBe(elsewhere);
    expect(heard).toEqual([]);
    stop();
    root.remove();
    elsewhere.remove();
  });

  it('a workspace page’s own heading (under the tab bar) wins over the workspace’s h1 when asked for', () => {
    const root = document.createElement('div');
    root.innerHTML = '<h1>Workspace</h1><nav class="tabs"></nav><section><h2>Health</h2></section>';
    expect(pageHeading(root, true)!.textContent).toBe('Health');
    expect(pageHeading(root)!.textContent).toBe('Workspace');
  });
});

describe('the safety net', () => {
  it('when the focused element is taken off the page, its section’s heading takes focus, not <body>', async () => {
    guardFocus();
    const root = document.createElement('section');
    root.innerHTML = '<h2>Leftovers</h2><ul><li><button>Delete</button></li></ul>';
    document.body.appendChild(root);
    root.querySelector('button')!.focus();
    root.querySelector('li')!.remove();
    await settle(LOST_FOCUS_MS + 50);
    expect(active()).toBe(root.querySelector('h2'));
    // parked there: a result drawn late (a save's, in a card drawn anew) may still take it, not once the person moved on
    expect(focusAdrift()).toBe(true);
    const next = document.createElement('button');
    root.appendChild(next);
    next.focus();
    expect(focusAdrift()).toBe(false);
    root.remove();
  });

  it('leaves focus to the page’s own code when it places it first', async () => {
    guardFocus();
    const root = document.createElement('section');
    root.innerHTML = '<h2>Edit</h2><div class="card"><button>Save</button></div><p class="result" tabindex="-1">Saved</p>';
    document.body.appendChild(root);
    root.querySelector('button')!.focus();
    root.querySelector('.card')!.remove();
    await settle(10);
    root.querySelector<HTMLElement>('.result')!.focus();
    await settle(LOST_FOCUS_MS + 50);
    expect(active()).toBe(root.querySelector('.result'));
    root.remove();
  });
});

/** The Edit tab over a memory file, redrawn with the new file after each save (as the session page does). */
async function editTab(text: string): Promise<HTMLElement> {
  const h = await setupEdit(text, 'document');
  el = h.el;
  return el;
}

function card(root: Element, title: string): Element {
  const c = [...root.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title);
  if (!c) throw new Error(`no card ${title}`);
  return c;
}

describe('after a save, an Escape, a preview', () => {
  it('"Save title": focus lands on the result, not on <body>', async () => {
    const root = await editTab(jsonl([meta(), { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }]));
    await type(card(root, 'Title').querySelector('input'), 'Trip');
    await waitFor(() => !!button(card(root, 'Title'), 'Save title'));
    const save = button(card(root, 'Title'), 'Save title')!;
    save.focus();
    await click(save);
    await waitFor(() => !!root.querySelector('.sl-outcome'));
    await settle(20);
    expect(active()).toBe(root.querySelector('.sl-outcome'));
    expect(active()!.textContent).toContain('Saved cli_direct.jsonl');
  });

  it('Escape in the find bar gives focus back to the Find button', async () => {
    const opened = openText(jsonl([meta(), { role: 'user', content: 'hello needle' }, { role: 'assistant', content: 'hi' }]));
    el = await mount(<SessionView {...wholeHost(opened)} opened={opened} adapter={null} now={() => NOW} onSaved={() => {}} onDeleted={() => {}} onForked={() => {}} route={{ params: {} }} onRoute={() => {}} />);
    const find = () => button(el!, 'Find');
    find()!.focus();
    await click(find());
    await waitFor(() => active() === el!.querySelector('.sl-find-input'));
    await act(() => void el!.querySelector('.sl-find-input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
    await settle(10);
    expect(el.querySelector('.sl-find-input')).toBeNull();
    expect(active()).toBe(find());
  });

  it('the fork card: its fields, then "Preview fork", which hands focus to the fork’s own button', async () => {
    const root = await editTab(jsonl([meta(), { role: 'user', content: 'one' }, { role: 'assistant', content: 'a' }, { role: 'user', content: 'two' }]));
    const c = card(root, 'Fork before a user turn');
    const order = [...c.querySelectorAll('label.sl-field, button')].map((x) => (x.tagName === 'BUTTON' ? x.textContent : 'field'));
    expect(order).toEqual(['field', 'field', 'Preview fork']);
    const preview = button(c, 'Preview fork')!;
    preview.focus();
    await click(preview);
    await waitFor(() => !!c.querySelector('.sl-preview button'));
    await settle(10);
    expect(button(c, 'Preview fork')).toBeUndefined();
    expect(active()).toBe(c.querySelector('.sl-preview button'));
  });

  it('a repair previewed by its button (which then goes) hands focus to the repair’s own button', async () => {
    const root = await editTab(jsonl([meta(), { role: 'user', content: 'one' }, '{"role": "assistant", "content": ', { role: 'user', content: 'two' }]));
    const c = root.querySelector('#sl-ed-repair-h')!.parentElement!;
    const ask = c.querySelector('button')!;
    ask.focus();
    await click(ask);
    await waitFor(() => !!c.querySelector('.sl-preview button'));
    await settle(10);
    expect(ask.isConnected).toBe(false);
    expect(active()).toBe(c.querySelector('.sl-preview button'));
  });
});

describe('what the trim preview and the File tab say', () => {
  it('a trim that keeps one assistant message says so, not "a user turn"', async () => {
    const root = await editTab(jsonl([meta(), { role: 'assistant', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'assistant', content: 'c' }]));
    await type(card(root, 'Trim to a legal suffix').querySelector('input[type="number"]'), '1');
    await waitFor(() => !!card(root, 'Trim to a legal suffix').querySelector('.sl-preview'));
    const text = card(root, 'Trim to a legal suffix').querySelector('.sl-preview')!.textContent!;
    expect(text).toContain('The kept part starts on #3, a message of role “assistant”, not on a user turn.');
    expect(text).not.toContain('starts on a user turn');
    // the affected lines scroll by keyboard too
    expect(card(root, 'Trim to a legal suffix').querySelector('.sl-diff-list')!.getAttribute('tabindex')).toBe('0');
  });

  it('a trim that keeps a user turn names it', async () => {
    const root = await editTab(jsonl([meta(), { role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'c' }, { role: 'assistant', content: 'd' }]));
    await type(card(root, 'Trim to a legal suffix').querySelector('input[type="number"]'), '2');
    await waitFor(() => !!card(root, 'Trim to a legal suffix').querySelector('.sl-preview'));
    expect(card(root, 'Trim to a legal suffix').querySelector('.sl-preview')!.textContent).toContain('The kept part starts on a user turn, #3.');
  });

  it('firstKept: the first index not dropped, null when all go', () => {
    expect(firstKept(5, [0, 1, 3])).toBe(2);
    expect(firstKept(2, [0, 1])).toBeNull();
  });

  it('metadata `{}` is said in a paragraph, not a description list with no term', async () => {
    const opened = openText(jsonl([meta(), { role: 'user', content: 'hi' }]));
    el = await mount(<FileTab source={wholeHost(opened).source} line={null} />);
    await waitFor(() => !!el!.querySelector('.sl-meta'));
    // every description has its term beside it (axe: definition-list, dlitem)
    for (const dd of el.querySelectorAll('dd')) expect(dd.parentElement!.querySelector(':scope > dt')).not.toBeNull();
    expect(el.querySelector('.sl-meta p.sl-inner')!.textContent).toBe('(empty)');
  });
});

describe('a search hit in the session list', () => {
  it('an excerpt that only repeats the preview line is not shown twice', () => {
    expect(repeatsPreview({ before: 'plan a ', hit: 'trip', after: ' to Perth' }, 'Plan a  trip to Perth next week')).toBe(true);
    expect(repeatsPreview({ before: '…the ', hit: 'trip', after: ' was long…' }, 'Plan a trip to Perth')).toBe(false);
  });
});

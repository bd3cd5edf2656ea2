// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { SessionView } from '../../../../src/ui/session/SessionView';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { findOpen, findQuery } from '../../../../src/ui/session/find/state';
import { button, click, mount, settle, type, unmount, waitFor, indexHost } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const PATH = 'sessions/cli_big.jsonl';
const N = 25_000;

/** A session of `N` short turns; "zanzibar" in message #3 (index 2), in a tool call of #24,502 and, escaped, in #24,998. */
function fileText(): string {
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:big', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: 0 })];
  for (let i = 0; i < N; i++) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const row: Record<string, unknown> = { role, content: `m${i}` };
    if (i === 2) row.content = 'the Zanzibar word, near the top';
    if (i === 24_501) Object.assign(row, { content: 'calling', tool_calls: [{ id: 'c', type: 'function', function: { name: 'look', arguments: '{"place": "zanzibar"}' } }] });
    rows.push(i === 24_997 ? `{"role": "assistant", "content": "escaped: \\u005Aanzibar"}` : JSON.stringify(row));
  }
  return rows.join('\n') + '\n';
}

async function open(params: Record<string, string> = {}, text = fileText()): Promise<HTMLElement> {
  const adapter = createMemoryAdapter();
  adapter.setFile(PATH, text);
  const root = await mount(<SessionView {...await indexHost(adapter, PATH, 'v0.2', { route: { params } })} />);
  el = root;
  await waitFor(() => !!root.querySelector('.sl-conversation .sl-vlist'));
  return root;
}

const page = () => el!.querySelector('.sl-pages span')?.textContent;
const countText = () => el!.querySelector('.sl-find-count')?.textContent ?? '';
const input = () => el!.querySelector<HTMLInputElement>('.sl-find-input');
const enter = (shift = false) => act(() => void input()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: shift, bubbles: true, cancelable: true })));
const jump = (cls: string, v: string) => type(el!.querySelector(`.sl-jump-${cls}`), v);
const goButtons = () => [...el!.querySelectorAll('.sl-jump button')].filter((b) => b.textContent === 'Go') as HTMLButtonElement[];

describe('find in large-file mode', () => {
  it('opens on Ctrl+F, finds through the file (tool calls and escapes too), counts, and steps to each match across pages', async () => {
    await open();
    expect(el!.querySelector('.sl-findbar')).toBeNull();
    await act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true })));
    expect(findOpen.value).toBe(true);
    await type(input(), 'ZANZIBAR');
    await waitFor(() => countText() === '1 of 3');
    expect(findQuery.value).toBe('ZANZIBAR');
    // The first match is in view and marked in its card.
    await waitFor(() => !!el!.querySelector('article[data-message="2"] mark.sl-find-hit'));
    expect(page()).toContain('Messages 1–20,000 of 25,000');
    await enter();
    expect(countText()).toBe('2 of 3');
    await waitFor(() => (page() ?? '').includes('Messages 20,001–25,000'));
    await enter();
    expect(countText()).toBe('3 of 3');
    await enter(true);
    await enter(true);
    expect(countText()).toBe('1 of 3');
    await waitFor(() => (page() ?? '').includes('Messages 1–20,000'));
    // A new query replaces the last; one found nowhere says so.
    await type(input(), 'nowhere-at-all');
    await waitFor(() => countText() === 'No matches');
    await act(() => void input()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
    expect(el!.querySelector('.sl-findbar')).toBeNull();
    expect(findQuery.value).toBe('');
  }, 60_000);

  it('shows the tool calls a match may be in, marked', async () => {
    const call = { role: 'assistant', content: 'calling', tool_calls: [{ id: 'c', type: 'function', function: { name: 'look', arguments: '{"place": "zanzibar"}' } }] };
    await open({}, [{ role: 'user', content: 'where?' }, call, { role: 'tool', tool_call_id: 'c', content: 'sunny' }].map((r) => JSON.stringify(r)).join('\n') + '\n');
    await click(button(el!, 'Find…'));
    await type(input(), 'zanzibar');
    await waitFor(() => countText() === '1 of 1');
    await waitFor(() => !!el!.querySelector('article[data-message="1"] .sl-calls mark.sl-find-current'));
    expect(el!.querySelector('article[data-message="1"] .sl-call-name')!.textContent).toBe('look');
  }, 60_000);

  it('says 10,000+ past the limit, as the full view does', async () => {
    await open();
    await click(button(el!, 'Find…'));
    await type(input(), 'm');
    await waitFor(() => countText() === '1 of 10,000+');
  }, 60_000);

  it('jumps to message #N, to line N, to the latest and to the first replayed message; a permalink opens its message', async () => {
    await open({ m: '22000' });
    expect(page()).toContain('Messages 20,001–25,000');
    await jump('message', '5');
    await click(goButtons()[0]);
    await waitFor(() => (page() ?? '').includes('Messages 1–20,000'));
    await click(button(el!.querySelector('.sl-jump')!, 'latest'));
    await waitFor(() => (page() ?? '').includes('Messages 20,001–25,000'));
    await jump('line', '3');
    await click(goButtons()[1]);
    await waitFor(() => (page() ?? '').includes('Messages 1–20,000'));
    await jump('line', '1');
    await click(goButtons()[1]);
    expect(el!.querySelector('.sl-jump [role="status"]')!.textContent).toContain('Line 1 holds no message');
    await jump('message', '25001');
    await click(goButtons()[0]);
    expect(el!.querySelector('.sl-jump [role="status"]')!.textContent).toContain('There is no message #25001');
    // v0.2's window of 120 over 25,000: the first message sent is #24,881 (a user turn), on the second page.
    await click(button(el!.querySelector('.sl-jump')!, 'first replayed'));
    await waitFor(() => (page() ?? '').includes('Messages 20,001–25,000'));
    await settle(20);
    expect(el!.querySelector('.sl-jump [role="status"]')).toBeNull();
  }, 60_000);
});

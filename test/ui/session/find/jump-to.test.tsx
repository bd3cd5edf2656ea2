// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionView } from '../../../../src/ui/session/SessionView';
import type { SessionHostProps } from '../../../../src/ui/session-host';
import { firstReplayedLine } from '../../../../src/ui/session/find/first-replayed';
import { NOW, dec, indexedText, button, click, jsonl, meta, mount, openText, settle, type, unmount, waitFor, wholeHost } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

function props(over: Partial<SessionHostProps> & Pick<SessionHostProps, 'opened'>): SessionHostProps {
  return { ...wholeHost(over.opened!), adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {}, ...over };
}

/** `n` messages (user/assistant turns), `lc` of them consolidated. */
const turns = (n: number, lc = 0) => openText(jsonl([meta({}, lc), ...Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i + 1}` }))]));
/** happy-dom does not scroll (the far jumps are checked in Chromium): these sessions fit the first screenful. */
const small = () => turns(8, 4);
const highlighted = () => el!.querySelector('article.sl-hl')?.getAttribute('data-message');
const jump = (cls: string, v: string) => type(el!.querySelector(`.sl-jump-${cls}`), v);

describe('jump to', () => {
  it('goes to message #N, to file line N, to the latest, and says when there is nothing there', async () => {
    el = await mount(<SessionView {...props({ opened: small() })} />);
    await settle(50);
    await jump('message', '3');
    await click(button(el.querySelector('.sl-jump')!, 'Go'));
    await settle();
    expect(highlighted()).toBe('2');
    await jump('line', '6');
    await click([...el.querySelectorAll('.sl-jump button')].filter((b) => b.textContent === 'Go')[1]);
    await settle();
    expect(highlighted()).toBe('4'); // line 1 is the metadata
    await click(button(el.querySelector('.sl-jump')!, 'latest'));
    await settle();
    expect(highlighted()).toBe('7');
    await jump('message', '9');
    await click(button(el.querySelector('.sl-jump')!, 'Go'));
    expect(el.querySelector('.sl-jump [role="status"]')!.textContent).toContain('There is no message #9');
    await jump('line', '1');
    await click([...el.querySelectorAll('.sl-jump button')].filter((b) => b.textContent === 'Go')[1]);
    expect(el.querySelector('.sl-jump [role="status"]')!.textContent).toContain('Line 1 holds no message');
  });

  it('goes to the first message the agent loop’s replay sends', async () => {
    // v0.2: a window of 120 over the 160 unconsolidated, so the replay starts at message index 80 (a user turn): file line 82.
    expect(await firstReplayedLine(wholeHost(turns(200, 40)).source)).toBe(81);
    expect(await firstReplayedLine(wholeHost(turns(200, 200)).source)).toBeNull();
    // The same answer on the line index (the replay streamed from the file).
    expect(await firstReplayedLine(indexedText(dec(turns(200, 40).bytes)))).toBe(81);
    el = await mount(<SessionView {...props({ opened: small() })} />);
    await settle(50);
    await click(button(el.querySelector('.sl-jump')!, 'first replayed'));
    await waitFor(() => highlighted() === '4');
  });

  it('opens a permalink #/s/<key>/m/<n> with that message in view and highlighted, and copies one', async () => {
    const routes: Record<string, string>[] = [];
    el = await mount(<SessionView {...props({ opened: small(), route: { tab: 'conversation', params: { m: '6' } }, onRoute: (_t, p) => routes.push(p) })} />);
    await waitFor(() => highlighted() === '5');
    const write = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
    await click(el.querySelector('article[data-message="5"] .sl-permalink'));
    await settle();
    expect(write).toHaveBeenCalledWith(expect.stringMatching(/#\/s\/cli%3Adirect\/m\/6$/));
    expect(el.textContent).toContain('Link to message #6 copied.');
  });
});

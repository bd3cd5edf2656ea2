// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionView } from '../../src/ui/session/SessionView';
import type { SessionHostProps } from '../../src/ui/session-host';
import { isRead, setRead } from '../../src/ui/open/read-notes';
import { NOW, button, click, jsonl, meta, mount, openText, unmount, wholeHost } from './session/helpers';

let el: HTMLElement | null = null;
beforeEach(() => localStorage.clear());
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

function props(over: Partial<SessionHostProps> & Pick<SessionHostProps, 'opened'>): SessionHostProps {
  return { ...wholeHost(over.opened!), adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {}, ...over };
}

const broken = () => openText(jsonl([meta(), { role: 'user', content: 'a' }, '[1, 2]']));

describe('warnings once read', () => {
  it('fold to one line on "Got it", stay folded for that workspace only, and open again', async () => {
    el = await mount(<SessionView {...props({ opened: broken(), workspace: 'home' })} />);
    const alert = () => el!.querySelector('[data-note="loads-nothing"]')!;
    expect(alert().textContent).toContain('replaces this whole file');
    await click(button(alert(), 'Got it'));
    expect(alert().textContent).not.toContain('replaces this whole file');
    expect(alert().textContent).toContain('nanobot loads nothing from this file');
    expect(isRead('home', 'loads-nothing')).toBe(true);
    await unmount(el);
    el = await mount(<SessionView {...props({ opened: broken(), workspace: 'home' })} />);
    expect(alert().classList.contains('folded')).toBe(true);
    await unmount(el);
    el = await mount(<SessionView {...props({ opened: broken(), workspace: 'other' })} />);
    expect(alert().textContent).toContain('replaces this whole file');
    await unmount(el);
    el = await mount(<SessionView {...props({ opened: broken(), workspace: 'home' })} />);
    await click(button(alert(), 'Details'));
    expect(alert().textContent).toContain('replaces this whole file');
    expect(isRead('home', 'loads-nothing')).toBe(false);
  });

  it('survive a storage that holds garbage', () => {
    localStorage.setItem('session-lens:read-notes:w', '{"not": "a list"}');
    expect(isRead('w', 'x')).toBe(false);
    setRead('w', 'x', true);
    expect(isRead('w', 'x')).toBe(true);
    localStorage.setItem('session-lens:read-notes:w', '[1, "y", null]');
    expect(isRead('w', 'y')).toBe(true);
  });
});

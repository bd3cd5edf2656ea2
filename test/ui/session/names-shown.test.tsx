// @vitest-environment happy-dom
/**
 * Names shown as what they are (issue 27): a key or title holding a bidi override or an invisible
 * character shows it escaped (⟨U+202E⟩), in the session header and in the list; a damaged file whose
 * metadata nanobot loses keeps the title the file holds; the title is the page's h1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SessionView } from '../../../src/ui/session/SessionView';
import type { OpenedSession } from '../../../src/store/save/sessions';
import type { SessionHostProps } from '../../../src/ui/session-host';
import { visible } from '../../../src/ui/parts/iso';
import { NOW, jsonl, meta, mount, openText, unmount, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const props = (opened: OpenedSession): SessionHostProps => ({ ...wholeHost(opened), opened, adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {} });

describe('names shown', () => {
  it('writes out bidi controls and invisible characters, and nothing else', () => {
    expect(visible('telegram:rtl\u202eevil')).toBe('telegram:rtl⟨U+202E⟩evil');
    expect(visible('a\u200bb\ufeff')).toBe('a⟨U+200B⟩b⟨U+FEFF⟩');
    expect(visible('家 👩\u200d💻 café')).toBe('家 👩\u200d💻 café');
  });

  it('escapes the key and title in the session header; the title is an h1', async () => {
    const text = jsonl([{ ...meta({ title: 'Plan\u202eevil' }), key: 'telegram:rtl\u202eevil' }, { role: 'user', content: 'hi' }]);
    el = await mount(<SessionView {...props(openText(text, 'sessions/telegram_rtl\u202eevil.jsonl'))} />);
    const h = el.querySelector('header.sl-header')!;
    expect(h.querySelector('h1')!.textContent).toBe('Plan⟨U+202E⟩evil');
    expect(h.querySelector('.sl-facts code')!.textContent).toContain('telegram:rtl⟨U+202E⟩evil');
    expect(h.textContent).not.toContain('\u202e');
  });

  it('a damaged head: the title the file holds, not "(no title)"', async () => {
    const text = '\ufeff' + jsonl([meta({ title: 'Design channel digest' }), { role: 'user', content: 'hi' }]);
    el = await mount(<SessionView {...props(openText(text))} />);
    expect(el.querySelector('header.sl-header h1')!.textContent).toBe('Design channel digest');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS, rulesOf } from '../../../../src/core/nanobot/nanobot-version';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { jsonl, meta, unmount } from '../helpers';
import { SIZES, setupEdit } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  await setLanguage('en');
  if (el) await unmount(el);
  el = null;
});

const text = jsonl([meta(), { role: 'user', content: 'first' }, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'second' }]);

const forkCard = (root: HTMLElement) => root.querySelector('#sl-ed-fork-h')!.closest('section')!;

describe.each(SIZES)('the fork card over the %s follows the version table (`fork` row)', (size) => {
  it('is offered where nanobot has fork_session_before_user_index, and says why not where it does not (0.1.4 to 0.2.1)', async () => {
    const without = NANOBOT_VERSIONS.filter((v) => !rulesOf(v).fork);
    // The method came with 0.2.2 (read from each tag's session/manager.py).
    expect(without).toEqual(NANOBOT_VERSIONS.slice(0, NANOBOT_VERSIONS.indexOf('0.2.2')));
    expect(without).toContain('0.1.4');
    expect(without.at(-1)).toBe('0.2.1');
    for (const v of NANOBOT_VERSIONS) {
      el = (await setupEdit(text, size, { readOnly: true, version: v })).el;
      const card = forkCard(el);
      if (rulesOf(v).fork) {
        expect(card.querySelector('input[type="number"]'), v).not.toBeNull();
        expect(card.querySelector('[role="alert"]'), v).toBeNull();
      } else {
        expect(card.querySelector('input'), v).toBeNull();
        expect(card.querySelector('[role="alert"]')!.textContent).toBe(`${rulesOf(v).label} has no fork: its sessions cannot be forked before a user turn (that came in a later release), so a fork written here would be one your nanobot never makes.`);
      }
      await unmount(el);
      el = null;
    }
  });

  it('says why in Chinese too', async () => {
    await setLanguage('zh-CN');
    el = (await setupEdit(text, size, { readOnly: true, version: '0.2.1' })).el;
    expect(forkCard(el).querySelector('[role="alert"]')!.textContent).toBe('nanobot 0.2.1 没有分叉功能：它的会话不能在某条用户消息之前分叉（这是之后的版本才有的），所以在这里写出的分叉是你的 nanobot 自己从不会生成的。');
  });
});

// @vitest-environment happy-dom
/** fill(): a catalog sentence with elements in its slots, in the order each language writes them. */
import { describe, expect, it } from 'vitest';
import { fill } from '../../../src/ui/session/parts/fill';
import { mount, unmount } from './helpers';

describe('fill', () => {
  it('puts each slot where the sentence names it, whatever the order', async () => {
    const slots = { key: <code>k</code>, where: 'here' };
    const en = await mount(<p>{fill('No session {key} in {where}.', slots)}</p>);
    const zh = await mount(<p>{fill('{where}中没有 {key} 会话。', slots)}</p>);
    expect(en.innerHTML).toBe('<p>No session <code>k</code> in here.</p>');
    expect(zh.innerHTML).toBe('<p>here中没有 <code>k</code> 会话。</p>');
    await unmount(en);
    await unmount(zh);
  });

  it('leaves braces that name no slot as written, and slot text is never parsed as HTML', async () => {
    const el = await mount(<p>{fill('{a} {constructor} {b}', { a: '<b>x</b>', b: null })}</p>);
    expect(el.textContent).toBe('<b>x</b> {constructor} ');
    expect(el.querySelector('b')).toBeNull();
    await unmount(el);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualList } from '../../../src/ui/session/parts/VirtualList';
import { mount, settle, unmount } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const rows = (root: Element) => [...root.querySelectorAll('.sl-vlist-row')].map((r) => Number(r.getAttribute('data-index')));

describe('VirtualList', () => {
  it('renders a screenful and a short overscan at first, the full overscan from the next frame on', async () => {
    el = await mount(<VirtualList label="Rows" count={10_000} estimateSize={() => 100} render={(i) => <p>row {i}</p>} />);
    // happy-dom has no layout: the list assumes a 900 px screen, so 9 rows show, 2 more are overscan
    expect(rows(el)).toEqual([...Array(11).keys()]);
    await settle(50); // a frame: the list looks at its scroll box and widens the overscan
    expect(rows(el)).toEqual([...Array(15).keys()]);
    expect(el.querySelector('.sl-vlist-inner')!.getAttribute('style')).toContain('height: 1000000px');
  });

  it('keeps a smaller overscan when asked: rows that each cost much layout are not added by the dozen', async () => {
    el = await mount(<VirtualList label="Rows" count={10_000} estimateSize={() => 100} overscan={2} render={(i) => <p>row {i}</p>} />);
    expect(rows(el)).toEqual([...Array(11).keys()]);
    await settle(50);
    expect(rows(el)).toEqual([...Array(11).keys()]);
  });
});

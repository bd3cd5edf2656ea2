// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../../../src/ui/shell/Header';
import { language, pg, setLanguage } from '../../../src/ui/i18n/text';
import { rememberedLanguage } from '../../../src/ui/i18n/language';
import { mount, unmount } from '../session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('switching the interface language', () => {
  it('re-renders what is on screen in the new language, marks the document and remembers the choice', async () => {
    el = await mount(<Header />);
    expect(el.querySelector('nav')!.textContent).toContain('Guide');
    await setLanguage('zh-CN');
    await settle();
    expect(el.querySelector('nav')!.textContent).toContain('指南');
    expect(el.querySelector('nav')!.textContent).not.toContain('Guide');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(rememberedLanguage()).toBe('zh-CN');
    expect(language.value).toBe('zh-CN');
  });

  it('switches the pages part too once it has been loaded', async () => {
    await setLanguage('zh-CN');
    expect(pg().file.problems(2)).toBe('发现 2 个问题');
    await setLanguage('en');
    expect(pg().file.problems(1)).toBe('1 problem found');
    expect(pg().file.problems(1234)).toBe('1,234 problems found');
  });
});

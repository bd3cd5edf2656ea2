// @vitest-environment happy-dom
/** Message text as Markdown: elements made by the app (never HTML from the file), safe links only, images as links. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageText, MARKDOWN_LIMIT } from '../../../../src/ui/session/markdown/MessageText';
import { loadMarkdown, markdownModule } from '../../../../src/ui/session/markdown/loader';
import { click, mount, settle, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const md = (root: HTMLElement) => root.querySelector('.sl-md');

describe('Markdown before the parser is loaded', () => {
  it('shows the plain text at once, then the formatted text once the lazy parser is in', async () => {
    expect(markdownModule.value).toBeNull();
    el = await mount(<MessageText text={'- **one**\n- two'} id="a" />);
    // The first paint is the text itself, marked busy, while the parser is fetched.
    expect(el.querySelector('.sl-md-pending[aria-busy="true"] pre')!.textContent).toBe('- **one**\n- two');
    await waitFor(() => md(el!) !== null);
    expect(md(el)!.querySelectorAll('li')).toHaveLength(2);
  });
});

describe('Markdown rendering', () => {
  beforeAll(async () => {
    await loadMarkdown();
  });

  it('renders lists, emphasis, headings and a fenced code block with its language', async () => {
    const text = '# Plan\n\n1. **bold** step\n2. *em* step\n\n- a\n- b `code`\n\n```python\nprint("<b>hi</b>")\n```\n';
    el = await mount(<MessageText text={text} id="a" />);
    const m = md(el)!;
    expect(m.querySelector('h3')!.textContent).toBe('Plan');
    expect(m.querySelectorAll('ol > li')).toHaveLength(2);
    expect(m.querySelector('ol')!.hasAttribute('start')).toBe(false);
    expect(m.querySelector('ol strong')!.textContent).toBe('bold');
    expect(m.querySelector('ol em')!.textContent).toBe('em');
    expect(m.querySelectorAll('ul > li')).toHaveLength(2);
    expect(m.querySelector('ul code')!.textContent).toBe('code');
    const code = m.querySelector('figure.sl-md-code')!;
    expect(code.querySelector('.sl-md-lang')!.textContent).toBe('python');
    expect(code.querySelector('pre code')!.textContent).toBe('print("<b>hi</b>")\n');
    expect(code.querySelector('b')).toBeNull();
  });

  it('breaks the line at U+2028 and U+2029, which a browser draws as nothing', async () => {
    el = await mount(<MessageText text={'line\u2028separator and\u2029paragraph'} id="s" />);
    const m = md(el)!;
    expect(m.querySelectorAll('br')).toHaveLength(2);
    expect(m.innerHTML.replace(/<br\/?>/g, '|').replace(/<[^>]+>/g, '')).toBe('line|separator and|paragraph');
  });

  it('keeps the number an ordered list starts at', async () => {
    el = await mount(<MessageText text={'3. three\n4. four\n\ntext\n\n0. zero'} id="a" />);
    expect([...md(el)!.querySelectorAll('ol')].map((o) => o.getAttribute('start'))).toEqual(['3', '0']);
  });

  it('copies a code block exactly', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    el = await mount(<MessageText text={'```sh\nrm -rf /tmp/x && echo "done"\n```'} id="a" />);
    await click(el.querySelector('.sl-md-copy'));
    await settle();
    expect(writeText).toHaveBeenCalledWith('rm -rf /tmp/x && echo "done"\n');
    expect(el.querySelector('.sl-md-code [role="status"]')!.textContent).toBe('Copied');
  });

  it('links only http(s) and mailto, in a new tab without opener or referrer', async () => {
    const text = '[site](https://example.com/a?b=1) [mail](mailto:me@example.com) [bad](javascript:alert(1)) [data](data:text/html,<b>x</b>) [rel](./local.md) <https://auto.example/x>';
    el = await mount(<MessageText text={text} id="a" />);
    const links = [...md(el)!.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'mailto:me@example.com', 'https://auto.example/x']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Refused targets stay literal text.
    expect(md(el)!.textContent).toContain('[bad](javascript:alert(1))');
    expect(md(el)!.textContent).toContain('[data](data:text/html,<b>x</b>)');
    expect(md(el)!.textContent).toContain('[rel](./local.md)');
  });

  it('shows raw HTML as literal text', async () => {
    const text = 'before <script>window.__x=1</script> <img src=x onerror=alert(1)> after\n\n<div onclick="x()">block</div>\n\n<iframe src="https://evil.example"></iframe>';
    el = await mount(<MessageText text={text} id="a" />);
    const m = md(el)!;
    expect(m.querySelector('script, img, div[onclick], iframe')).toBeNull();
    expect(m.textContent).toContain('<script>window.__x=1</script>');
    expect(m.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(m.textContent).toContain('<div onclick="x()">block</div>');
    expect(m.textContent).toContain('<iframe src="https://evil.example"></iframe>');
  });

  it('shows images as links (nothing fetched), and refused image targets as text', async () => {
    el = await mount(<MessageText text={'![a cat](https://img.example/cat.png) ![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)'} id="a" />);
    const m = md(el)!;
    expect(m.querySelector('img')).toBeNull();
    const a = m.querySelector('a.sl-md-img')!;
    expect(a.getAttribute('href')).toBe('https://img.example/cat.png');
    expect(a.textContent).toBe('image: a cat');
    expect(m.querySelectorAll('a')).toHaveLength(1);
    expect(m.textContent).toContain('![x](javascript:alert(1))');
    expect(m.textContent).toContain('![y](data:image/png;base64,AAAA)');
  });

  it('falls back to plain text above the size limit, and says so', async () => {
    const text = '**' + 'a'.repeat(MARKDOWN_LIMIT) + '**';
    el = await mount(<MessageText text={text} id="a" />);
    expect(md(el)).toBeNull();
    expect(el.querySelector('strong')).toBeNull();
    expect(el.textContent).toContain('Not formatted as Markdown');
    expect(el.querySelector('pre')!.textContent!.startsWith('**aaa')).toBe(true);
  });
});

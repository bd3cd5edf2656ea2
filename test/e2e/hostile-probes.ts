/**
 * In-page probes for test/e2e/hostile.e2e.test.ts. `installProbes` is handed to addInitScript, so
 * it is self-contained (no imports, no outer variables) and runs in the page before the app. It
 * records every element that would mean untrusted text reached the DOM as markup, and exposes checks
 * as `window.__probe` (the main thread's tasks are timed apart, from Chromium's trace: cpu-tasks.ts).
 */

export interface Probe {
  /** Offending elements or attributes in the whole document now. */
  findInjected(): string[];
  /** Offending nodes seen at any moment since the page loaded (rows of virtual lists come and go). */
  injectedEver: string[];
  /** Visible text laid out backwards (an override leaking out of untrusted text). */
  reversedText(): string[];
  /** Visible text nodes holding `phrase` (the app's words after file text in one string), and those laid out backwards. */
  readsForward(phrase: string): { found: number; backwards: string[] };
  /** How far the page scrolls sideways (a long word or an override broke the layout). */
  overflow(): number;
}

/** Defines window.__probe (see Probe); call before the app loads. */
export function installProbes(): void {
  const embedding = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'style', 'base', 'form', 'svg', 'math', 'template', 'noscript', 'portal', 'audio', 'video', 'source', 'track']);
  const urlAttrs = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'ping', 'srcset']);
  const sameOrigin = (u: string) => {
    try {
      return new URL(u, location.href).origin === location.origin;
    } catch {
      return false;
    }
  };
  const check = (el: Element, out: string[]) => {
    const tag = el.tagName.toLowerCase();
    const inHead = el.closest('head') !== null;
    const say = (why: string) => out.push(`${why}: ${el.outerHTML.slice(0, 160)}`);
    if (inHead) {
      if (tag === 'script' && (!el.getAttribute('src') || !sameOrigin(el.getAttribute('src')!) || el.textContent)) say('head script');
      if (tag === 'link' && !sameOrigin(el.getAttribute('href') ?? '')) say('head link');
      if (tag === 'meta' && el.hasAttribute('http-equiv') && el.getAttribute('http-equiv')!.toLowerCase() !== 'content-security-policy') say('head meta');
      if (['style', 'base', 'iframe', 'object', 'embed'].includes(tag)) say('head element');
    } else {
      // The one svg the app draws itself: the Replay tab's context chart, in its own figure.
      const appSvg = tag === 'svg' && el.matches('section.sl-ctx-panel > figure.sl-ctx > svg.sl-ctx-svg');
      if ((embedding.has(tag) && !appSvg) || tag === 'link' || tag === 'meta') say('element');
      if (tag === 'img' && el.getAttribute('src') !== './icons/icon.svg') say('image');
      // The one kind of off-origin link the app makes: a Markdown link in a message, web or mail
      // only, opening a new tab without opener or referrer. Any other is file markup that got through.
      const mdLink = tag === 'a' && el.closest('.sl-md') !== null && /^(https?:\/\/|mailto:)/i.test(el.getAttribute('href') ?? '') && el.getAttribute('target') === '_blank' && el.getAttribute('rel') === 'noopener noreferrer';
      if ((tag === 'a' || tag === 'area') && el.hasAttribute('href') && !sameOrigin(el.getAttribute('href')!) && !mdLink) say('off-origin link');
    }
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) say(`attribute ${name}`);
      if (name === 'srcdoc') say('srcdoc');
      if (urlAttrs.has(name) && /^\s*(javascript|data|vbscript):/i.test(a.value)) say(`${name} URL`);
    }
  };
  const injectedEver: string[] = [];
  const seen = (node: Node) => {
    if (!(node instanceof Element)) return;
    check(node, injectedEver);
    node.querySelectorAll('*').forEach((el) => check(el, injectedEver));
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target instanceof Element) check(r.target, injectedEver);
      }
      else r.addedNodes.forEach(seen);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  const controls = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
  const probe = {
    injectedEver,
    findInjected() {
      const out: string[] = [];
      document.querySelectorAll('*').forEach((el) => check(el, out));
      return out;
    },
    reversedText() {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const rectOf = (n: Text, at: number) => {
        range.setStart(n, at);
        range.setEnd(n, at + 1);
        return range.getBoundingClientRect();
      };
      const where = (n: Text) => `${n.parentElement?.tagName.toLowerCase()}.${n.parentElement?.className}: ${JSON.stringify(n.data.slice(0, 80))}`;
      const container = (n: Node) => {
        let el = n.parentElement;
        while (el && /^(inline|contents)$/.test(getComputedStyle(el).display)) el = el.parentElement;
        return el;
      };
      const nodes: Text[] = [];
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) nodes.push(n);
      nodes.forEach((n, i) => {
        const text = n.data.length > 4000 ? n.data.slice(0, 4000) : n.data;
        if (!controls.test(text)) {
          // Two adjacent Latin letters or digits must run left to right.
          const m = /[A-Za-z0-9](?=[A-Za-z0-9])/.exec(text);
          if (!m) return;
          const a = rectOf(n, m.index);
          const b = rectOf(n, m.index + 1);
          if (a.width && b.width && Math.abs(a.top - b.top) <= 2 && a.left > b.left) out.push(`backwards: ${where(n)}`);
          return;
        }
        if (!/[\u202a-\u202e\u2066-\u2068]/.test(n.data)) return;
        // The text after an override, in the same paragraph and on the same line, must stay to its right.
        const box = container(n);
        range.selectNodeContents(n);
        const rects = Array.from(range.getClientRects());
        for (const next of nodes.slice(i + 1)) {
          if (container(next) !== box) break;
          const k = next.data.search(/\S/);
          if (k < 0) continue;
          const first = rectOf(next, k);
          if (!first.width) break;
          const line = rects.filter((r) => r.bottom > first.top + 1 && r.top < first.bottom - 1);
          if (line.length && first.left < Math.max(...line.map((r) => r.right)) - 1) out.push(`moved before the override: ${where(next)} (after ${where(n)})`);
          break;
        }
      });
      return out;
    },
    readsForward(phrase: string) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const backwards: string[] = [];
      let found = 0;
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const at = n.data.indexOf(phrase);
        if (at < 0) continue;
        range.setStart(n, at);
        range.setEnd(n, at + 1);
        const a = range.getBoundingClientRect();
        range.setStart(n, at + 1);
        range.setEnd(n, at + 2);
        const b = range.getBoundingClientRect();
        if (!a.width || !b.width || Math.abs(a.top - b.top) > 2) continue;
        found++;
        if (a.left > b.left) backwards.push(JSON.stringify(n.data.slice(0, 120)));
      }
      return { found, backwards };
    },
    overflow() {
      return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    },
  };
  (window as unknown as { __probe: typeof probe }).__probe = probe;
}

/**
 * Scroll through the box `selector` a screen at a time, opening every <details> and clicking each
 * button whose label matches `labels` (folds, raw JSON, replay entries) as it comes into view; a row
 * is read once nothing in it is busy (a reveal under way, Markdown still loading).
 * Returns the payload sites (`+'<site>;'`) and the `find` strings shown on any screen, the
 * backwards text seen on any screen, and the clicks made.
 */
export async function expandThrough(arg: { selector: string; labels: string; find?: string[] }): Promise<{ sites: string[]; found: string[]; reversed: string[]; clicked: number }> {
  const probe = (window as unknown as { __probe: { reversedText(): string[] } }).__probe;
  const box = document.querySelector(arg.selector) as HTMLElement | null;
  if (!box) throw new Error(`no ${arg.selector}`);
  const re = new RegExp(arg.labels);
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
  const sites = new Set<string>();
  const found = new Set<string>();
  const reversed = new Set<string>();
  let clicked = 0;
  const read = new Set<string>();
  box.scrollTop = 0;
  await frame();
  for (let step = 0; step < 300; step++) {
    for (let pass = 0; pass < 4; pass++) {
      let any = false;
      box.querySelectorAll('details:not([open]) > summary').forEach((s) => {
        (s as HTMLElement).click();
        any = true;
      });
      box.querySelectorAll('button').forEach((btn) => {
        if (btn.getAttribute('aria-expanded') === 'true' || btn.dataset.probed || !re.test(btn.textContent ?? '')) return;
        btn.dataset.probed = '1';
        btn.click();
        clicked++;
        any = true;
      });
      if (!any) break;
      await frame();
    }
    for (const r of probe.reversedText()) reversed.add(r);
    // Read each row once, when fully expanded (rows of a virtual list carry data-index; anything
    // else is one row). A row that appeared after the clicks waits for the next round.
    const rows = box.querySelectorAll('[data-index]');
    const units: Element[] = rows.length ? Array.from(rows) : [box];
    const top = box.getBoundingClientRect().top - box.scrollTop;
    let bottom = 0;
    let waiting = false;
    for (const el of units) {
      const id = el.getAttribute('data-index') ?? 'box';
      // Busy: text still being revealed a block per frame, or Markdown waiting for its parser.
      const closed = el.querySelector('details:not([open]), [aria-busy="true"]') || Array.from(el.querySelectorAll('button')).some((b) => b.getAttribute('aria-expanded') !== 'true' && !b.dataset.probed && re.test(b.textContent ?? ''));
      if (closed) {
        waiting = true;
        continue;
      }
      bottom = Math.max(bottom, el.getBoundingClientRect().bottom - top);
      if (read.has(id)) continue;
      read.add(id);
      const text = el.textContent ?? '';
      for (const m of text.matchAll(/\+'(\w+);'/g)) sites.add(m[1]!);
      for (const f of arg.find ?? []) if (text.includes(f)) found.add(f);
    }
    if (waiting) {
      await frame();
      continue;
    }
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 2) break;
    // Jump past the rows read (a row taller than the box is read once, not screen by screen).
    box.scrollTop = Math.max(box.scrollTop + 50, Math.min(bottom - 10, box.scrollHeight));
    await frame();
  }
  return { sites: [...sites], found: [...found], reversed: [...reversed], clicked };
}

// @vitest-environment happy-dom
/**
 * File text with a bidi override (U+202E) sits in its own <bdi>, apart from the app's text around
 * it (the fold's "…", the "=" of a flag), with the isolates it leaves open closed, so the override
 * cannot reorder that text. test/e2e/hostile.e2e.test.ts checks the layout in real Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { Fold } from '../../../src/ui/session/parts/Fold';
import { RawJson } from '../../../src/ui/session/parts/RawJson';
import { closeIsolates, showControls } from '../../../src/ui/parts/iso';
import { jsonl, meta, mount, openText, settle, unmount, wholeHost, conversationShown } from './helpers';

const RLO = '\u202e';
let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** The <bdi> holding `text`, or null; and what its <pre> or parent shows outside it. */
function isolated(root: HTMLElement, text: string): { bdi: Element | null; outside: string } {
  const bdi = [...root.querySelectorAll('bdi')].find((b) => b.textContent!.includes(text)) ?? null;
  const parent = bdi?.parentElement;
  const outside = parent ? [...parent.childNodes].filter((n) => n !== bdi).map((n) => n.textContent).join('') : '';
  return { bdi, outside };
}

describe('closeIsolates', () => {
  it('closes the isolates the last paragraph leaves open, and only those', () => {
    expect(closeIsolates('plain')).toBe('plain');
    expect(closeIsolates(`${RLO}abc`)).toBe(`${RLO}abc`);
    expect(closeIsolates('a\u2066b\u2067c')).toBe('a\u2066b\u2067c\u2069\u2069');
    expect(closeIsolates('a\u2068b\u2069c')).toBe('a\u2068b\u2069c');
    expect(closeIsolates('\u2069\u2066x')).toBe('\u2069\u2066x\u2069');
    expect(closeIsolates('\u2066one\ntwo')).toBe('\u2066one\ntwo');
    expect(closeIsolates('one\n\u2067two')).toBe('one\n\u2067two\u2069');
  });
});

describe('showControls', () => {
  it('names every bidi control in a diagnostic and leaves other text alone', () => {
    expect(showControls(`key "a${RLO}b\u2066c\u200fd" belongs in x`)).toBe('key "a⟨U+202E⟩b⟨U+2066⟩c⟨U+200F⟩d" belongs in x');
    expect(showControls('zero\u200bwidth é')).toBe('zero\u200bwidth é');
  });
});

describe('bidi isolation of file text', () => {
  it('keeps a folded text apart from its "…"', async () => {
    el = await mount(<Fold text={`${RLO}abc ${'x'.repeat(2000)}`} />);
    const { bdi, outside } = isolated(el, `${RLO}abc`);
    expect(bdi).not.toBeNull();
    expect(bdi!.textContent!.endsWith('…')).toBe(false);
    expect(outside).toBe('…');
  });

  it('keeps a cut raw line apart from its "…"', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: RLO + 'y'.repeat(5000) }]));
    el = await mount(<RawJson line={1} read={async (l) => o.doc.records[l]!.raw} />);
    el.querySelector('button')!.click();
    await settle();
    const { bdi, outside } = isolated(el, RLO);
    expect(bdi?.closest('pre')).not.toBeNull();
    expect(outside).toBe('…');
  });

  it('keeps a flag’s key and value apart from the "=" between them', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'hi', [`${RLO}yek`]: `\u2066${RLO}eulav` }]));
    el = await mount(<ConversationTab source={wholeHost(o).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await conversationShown(el);
    const tag = [...el.querySelectorAll('.sl-flags li')].find((li) => li.textContent!.includes('yek'))!;
    expect([...tag.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([`${RLO}yek`, `\u2066${RLO}eulav\u2069`]);
    expect([...tag.childNodes].filter((n) => n.nodeName !== 'BDI').map((n) => n.textContent).join('')).toBe('=');
  });
});

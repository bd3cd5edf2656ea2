// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pyDumps } from '../../../src/core/python/pyjson';
import { getHistory } from '../../../src/core/replay/replay';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { syntheticSession } from '../../../bench/replay-ui';
import { fateRuns } from '../../../src/ui/session/replay/strip/fates';
import { stripColumns, messageAt } from '../../../src/ui/session/replay/strip/strip';
import { documentDiff } from '../../../src/store/save/edit-preview';
import { setTitle, removeLine, repairDocument } from '../../../src/core/edit/edits';
import { mount, openText, unmount, NOW, jsonl, meta, wholeHost, conversationShown } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

function bigFile(n: number): string {
  return [pyDumps({ _type: 'metadata', key: 'cli:direct', created_at: NOW, updated_at: NOW, metadata: {}, last_consolidated: 0 }), ...syntheticSession(n).map((m) => pyDumps(m))].join('\n') + '\n';
}

describe('large sessions', () => {
  it('renders only a window of a 10,000-message conversation', async () => {
    const o = openText(bigFile(10_000));
    el = await mount(<ConversationTab source={wholeHost(o).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await conversationShown(el);
    const rows = el.querySelectorAll('article').length;
    expect(rows).toBeGreaterThan(3);
    expect(rows).toBeLessThan(60);
  });

  // Scrolling to a far line needs real layout (checked in Chromium); happy-dom does not scroll.
  it('highlights the line from the route', async () => {
    const o = openText(bigFile(6));
    el = await mount(<ConversationTab source={wholeHost(o).source} line={3} onOpenLine={() => {}} onLine={() => {}} />);
    await conversationShown(el);
    expect(el.querySelector('article.sl-hl')!.textContent).toContain('line 4');
  });

  it('buckets 50,000 fates into the strip’s pixels, keeping where the window starts', () => {
    const msgs = syntheticSession(50_000);
    const r = getHistory(msgs, 10_000, { maxMessages: 120 }, 'v0.2');
    const cols = stripColumns(r.fates, 1000);
    expect(cols).toHaveLength(1000);
    expect(cols.slice(0, 199).every((k) => k === 'consolidated')).toBe(true);
    expect(cols.slice(201, 997).every((k) => k === 'window')).toBe(true);
    expect(cols[999]).toBe('kept');
    expect(messageAt(0.5, 50_000)).toBe(25_000);
    const runs = fateRuns(r.fates);
    expect(runs[0]).toEqual({ key: 'consolidated', from: 0, to: 9_999 });
  });
});

describe('documentDiff', () => {
  const text = jsonl([meta(), { role: 'user', content: 'a' }, '{bad', { role: 'assistant', content: 'b' }]);
  it('names only the lines an edit touches', () => {
    const o = openText(text);
    const t = setTitle(o.doc, o.key, 'x', NOW);
    if (!t.ok) throw new Error();
    expect(documentDiff(o.doc, t.doc).lines.map((d) => [d.op, 'oldLine' in d ? d.oldLine : -1])).toEqual([['change', 0]]);
    const r = removeLine(o.doc, 2);
    if (!r.ok) throw new Error();
    expect(documentDiff(o.doc, r.doc)).toEqual({ lines: [{ op: 'remove', oldLine: 2, text: '{bad' }], removed: 1, added: 0, changed: 0 });
  });
  it('skips rewrites that keep the same text (repair of lines already in nanobot’s format)', () => {
    const o = openText(text);
    const r = repairDocument(o.doc, 'cli_direct', NOW);
    if (!r.ok) throw new Error();
    const d = documentDiff(o.doc, r.doc).lines;
    expect(d.filter((x) => x.op === 'remove').map((x) => (x as { oldLine: number }).oldLine)).toEqual([2]);
    expect(d.filter((x) => x.op === 'change')).toHaveLength(0);
  });
});

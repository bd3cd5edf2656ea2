// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { listSessions } from '../../src/store/listing/session-list';
import { readAll } from '../../src/store/adapter/bytes';
import { buildRows, filterRows } from '../../src/ui/workspace/rows';
import { scanFile, type FileScan } from '../../src/ui/workspace/scan/scan';
import { SessionList } from '../../src/ui/workspace/SessionList';
import { query } from '../../src/ui/workspace/filters';
import { mount, unmount } from './session/helpers';
import { demoAdapter } from './shell-helpers';

const NOW = '2031-07-08T09:10:11.121314';
let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  query.value = '';
});

async function scannedRows() {
  const a = demoAdapter();
  const listing = await listSessions(a, 'sessions', { version: 'v0.2', now: NOW });
  const scans = new Map<string, FileScan>();
  for (const s of listing.summaries) {
    const bytes = await readAll(await a.read(s.path));
    scans.set(s.path, scanFile({ bytes, fileName: s.fileName, key: s.key, now: NOW, version: 'v0.2', size: s.size, lastModified: s.lastModified }));
  }
  return buildRows(listing.summaries, scans, []);
}

describe('workspace search results', () => {
  it('give a snippet of the matching message text even when the title or preview matches too', async () => {
    const hit = filterRows(await scannedRows(), 'porto', '');
    expect(hit.map((m) => m.row.summary.fileName)).toEqual(['telegram_12345.jsonl']);
    expect(hit[0]!.excerpt!.hit.toLowerCase()).toBe('porto');
  });

  it('mark the query in titles, keys and previews as text, never as HTML', async () => {
    const rows = await scannedRows();
    query.value = 'porto';
    const matches = filterRows(rows, query.value, '');
    el = await mount(<SessionList matches={matches} limit={10} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    const row = el.querySelector('.session-row')!;
    const marked = (sel: string) => [...row.querySelectorAll(`${sel} mark`)].map((m) => m.textContent!.toLowerCase());
    expect(marked('.row-link')).toContain('porto');
    expect(marked('.row-preview')).toContain('porto');
    // the first message text that holds it is the preview's own line: not shown a second time (issue 42)
    expect(matches[0]!.excerpt).toBeDefined();
    expect(row.querySelector('.row-excerpt')).toBeNull();
    // an excerpt from elsewhere in the file is shown, its hit marked as text
    const other = [{ ...matches[0]!, excerpt: { before: '…a note: <i>', hit: 'Porto', after: '</i> in June' } }];
    el.remove();
    el = await mount(<SessionList matches={other} limit={10} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    expect([...el.querySelectorAll('.row-excerpt mark')].map((m) => m.textContent)).toEqual(['Porto']);
    expect(el.querySelector('.row-excerpt i')).toBeNull();
    // a query made of markup is matched as text
    query.value = '<b>';
    const fake = [{ ...matches[0]!, row: { ...matches[0]!.row, title: 'x <b>y</b>' }, excerpt: undefined }];
    el.remove();
    el = await mount(<SessionList matches={fake} limit={10} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    expect([...el.querySelectorAll('.row-link mark')].map((m) => m.textContent)).toEqual(['<b>']);
    expect(el.querySelector('.row-link b')).toBeNull();
  });
});

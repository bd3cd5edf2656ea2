import { describe, expect, it } from 'vitest';
import { listSessions } from '../../src/store/listing/session-list';
import { hasProblems, healthReport, problemCount, verdictsFor } from '../../src/ui/workspace/pages/health';
import type { LeftoverInfo } from '../../src/ui/workspace/model';
import { buildRows, channelCounts, filterRows, resolveSession, rowHref } from '../../src/ui/workspace/rows';
import { scanFile, type FileScan } from '../../src/ui/workspace/scan/scan';
import { readAll } from '../../src/store/adapter/bytes';
import { demoAdapter } from './shell-helpers';

const NOW = '2031-07-08T09:10:11.121314';

async function demo() {
  const a = demoAdapter();
  const listing = await listSessions(a, 'sessions', { version: 'v0.2', now: NOW });
  const scans = new Map<string, FileScan>();
  for (const s of listing.summaries) {
    const bytes = await readAll(await a.read(s.path));
    scans.set(s.path, scanFile({ bytes, fileName: s.fileName, key: s.key, now: NOW, version: 'v0.2', size: s.size, lastModified: s.lastModified }));
  }
  const lefts: LeftoverInfo[] = [{ name: 'cli_direct.jsonl.tmp', kind: 'tmp', target: 'cli_direct.jsonl', path: 'sessions/cli_direct.jsonl.tmp', stat: null, targetStat: null }];
  return { listing, scans, lefts };
}

describe('session rows', () => {
  it('badge each broken demo file for what it is, from the head at once and the whole file once scanned', async () => {
    const { listing, scans, lefts } = await demo();
    const ids = (rows: ReturnType<typeof buildRows>) => Object.fromEntries(rows.filter((r) => r.badges.length).map((r) => [r.summary.fileName, r.badges.map((b) => b.id)]));
    expect(ids(buildRows(listing.summaries, new Map(), lefts))).toEqual({
      'discord_30311.jsonl': ['damaged'],
      'email_ana.jsonl': ['mismatch'],
      'cli_direct.jsonl': ['leftover'],
    });
    expect(ids(buildRows(listing.summaries, scans, lefts))).toEqual({
      'discord_30311.jsonl': ['damaged'],
      'email_ana.jsonl': ['mismatch'],
      'cli_direct.jsonl': ['leftover'],
      'whatsapp_4915550001.jsonl': ['empty'],
    });
    const rows = buildRows(listing.summaries, scans, lefts);
    expect(rows.find((r) => r.summary.fileName === 'telegram_88001.jsonl')!.messages).toBe(2602);
    expect(channelCounts(rows)[0]).toEqual(['telegram', 2]);
  });

  it('search titles and previews at once, message text with an excerpt, and filter by channel', async () => {
    const { listing, scans, lefts } = await demo();
    const rows = buildRows(listing.summaries, scans, lefts);
    expect(filterRows(rows, 'porto', '').map((m) => m.row.summary.fileName)).toEqual(['telegram_12345.jsonl']);
    const hit = filterRows(rows, 'CLÉRIGOS', '');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.excerpt!.hit).toBe('Clérigos');
    expect(hit[0]!.excerpt!.before).toMatch(/^…?.*That is the $/);
    expect(filterRows(rows, 'read_file', '').map((m) => m.row.summary.fileName)).toEqual(['cli_direct.jsonl']); // tool call names
    expect(filterRows(rows, '', 'telegram')).toHaveLength(2);
    expect(filterRows(rows, '', '', true).map((m) => m.row.summary.fileName).sort()).toEqual(['cli_direct.jsonl', 'discord_30311.jsonl', 'email_ana.jsonl', 'whatsapp_4915550001.jsonl']);
    expect(filterRows(buildRows(listing.summaries, new Map(), lefts), 'clérigos', '')).toEqual([]); // not scanned yet
    expect(filterRows(rows, 'pytest tests/test_upload.py -q --count=[', '')).toEqual([]); // regex characters are literal
    expect(filterRows(rows, 'SLEEP(0.1)', '').map((m) => m.row.summary.fileName)).toEqual(['cli_direct.jsonl']);
  });

  it('link to a session by key, adding the file name only when the key alone would open another file', async () => {
    const { listing } = await demo();
    const all = listing.summaries;
    const by = (f: string) => all.find((s) => s.fileName === f)!;
    expect(rowHref(by('cli_direct.jsonl'), 'v0.2', all, null)).toBe('#/s/cli%3Adirect');
    expect(rowHref(by('email_ana.jsonl'), 'v0.2', all, null)).toBe('#/s/email%3Aana%40example.com?file=email_ana.jsonl');
    expect(rowHref(by('discord_30311.jsonl'), 'v0.2', all, 'sessions', 'file', { line: '1' })).toBe('#/s/discord%3A30311?tab=file&folder=sessions&line=1');
    // A second file holding the same key makes even the key's own file need its name in the link.
    const own = by('cli_direct.jsonl');
    const twin = { ...own, fileName: 'cli_direct_copy.jsonl', path: 'sessions/cli_direct_copy.jsonl' };
    const withTwin = [...all, twin];
    expect(rowHref(own, 'v0.2', withTwin, null)).toBe('#/s/cli%3Adirect?file=cli_direct.jsonl');
    expect(rowHref(twin, 'v0.2', withTwin, null)).toBe('#/s/cli%3Adirect?file=cli_direct_copy.jsonl');
    expect(rowHref(own, 'v0.2', all, null)).toBe('#/s/cli%3Adirect'); // counted per listing, not remembered across
    expect(rowHref({ ...own }, 'v0.2', all, null)).toBe('#/s/cli%3Adirect?file=cli_direct.jsonl'); // a summary from elsewhere
    expect(resolveSession(all, 'cli:direct', 'v0.2')?.fileName).toBe('cli_direct.jsonl');
    expect(resolveSession(all, 'email:ana@example.com', 'v0.2')?.fileName).toBe('email_ana.jsonl');
    expect(resolveSession(all, 'x:y', 'v0.2', 'heartbeat.jsonl')?.fileName).toBe('heartbeat.jsonl');
    expect(resolveSession(all, 'nobody:here', 'v0.2')).toBeUndefined();
  });
});

describe('health report', () => {
  it('counts the files with problems as the whole report does, file by file, checked or not, with leftovers or not', async () => {
    const { listing, scans, lefts } = await demo();
    const none = new Map<string, never>();
    for (const sc of [scans, none]) {
      for (const l of [lefts, []]) {
        for (const s of listing.summaries) expect(problemCount([s], sc, l), s.fileName).toBe(healthReport([s], sc, new Map(), l, false).filter(hasProblems).length);
        expect(problemCount(listing.summaries, sc, l)).toBe(healthReport(listing.summaries, sc, new Map(), l, false).filter(hasProblems).length);
      }
    }
    expect(problemCount(listing.summaries, scans, lefts)).toBeGreaterThan(2);
  });

  it("puts the worst files first with nanobot's verdicts", async () => {
    const { listing, scans, lefts } = await demo();
    const report = healthReport(listing.summaries, scans, new Map(), lefts, false);
    expect(report.slice(0, 2).map((h) => h.summary.fileName).sort()).toEqual(['discord_30311.jsonl', 'whatsapp_4915550001.jsonl']);
    const wa = report.find((h) => h.summary.fileName === 'whatsapp_4915550001.jsonl')!;
    expect(wa.verdicts.map((v) => v.text).join(' ')).toMatch(/loads nothing.*AttributeError.*destroy the whole file/);
    expect(wa.diagnostics.map((d) => [d.kind, d.line])).toEqual([['not-object', 3]]);
    const discord = report.find((h) => h.summary.fileName === 'discord_30311.jsonl')!;
    expect(discord.verdicts.map((v) => v.text).join(' ')).toMatch(/repair pass recovers 5 messages, skipping 2 lines/);
    expect(report.find((h) => h.summary.fileName === 'cli_direct.jsonl')!.rank).toBe(1); // a leftover
    expect(report.find((h) => h.summary.fileName === 'heartbeat.jsonl')!.rank).toBe(3);
  });

  it('says when a file is still being checked or was skipped', async () => {
    const { listing } = await demo();
    const s = listing.summaries[0]!;
    expect(verdictsFor(s, undefined).map((v) => v.tone)).toContain('pending');
    expect(verdictsFor(s, undefined, 'too big').some((v) => v.label === 'Not checked')).toBe(true);
  });
});

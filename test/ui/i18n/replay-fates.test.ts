/**
 * A replay's fates are codes (core/replay/replay.ts `DropReason`, `Change`): every one has words in
 * English (the CLI's, src/words/replay-en.ts) and Chinese, with and without main's archived tail.
 */
import { describe, expect, it } from 'vitest';
import enPages from '../../../src/ui/i18n/en/pages';
import zhPages from '../../../src/ui/i18n/zh/pages';
import type { Change, DropReason } from '../../../src/core/replay/replay';
import { DROP_REASON_EN, dropReasonEn, replayChangeEn } from '../../../src/words/replay-en';

const REASONS: Record<DropReason, true> = { consolidated: true, window: true, 'before-user': true, orphan: true, 'before-orphan': true, command: true, blank: true, budget: true, 'budget-cut': true };
const CHANGES: Record<Change, true> = { sanitized: true, breadcrumbs: true, timestamp: true, 'public-view': true, archived: true };

/** English words left in a Chinese text (nanobot's own names allowed). */
const english = (zh: string) => (zh.match(/[A-Za-z_]{2,}/g) ?? []).filter((w) => !['last_consolidated', 'max_messages', '_command', 'token'].includes(w));

describe('a replay’s fates in words', () => {
  it.each(Object.keys(REASONS).flatMap((r) => [[r, 0], [r, 8]] as const))('words the drop reason %s (tail %d) in both languages', (reason, tail) => {
    const r = reason as DropReason;
    expect(enPages.replay.dropReason(r, tail)).toBe(dropReasonEn(r, tail));
    const zh = zhPages.replay.dropReason(r, tail);
    expect(zh).toMatch(/\p{Script=Han}/u);
    expect(english(zh)).toEqual([]);
    if (r === 'consolidated' && tail) {
      expect(dropReasonEn(r, tail)).toContain(`older than the last ${tail} messages`);
      expect(zh).toContain(String(tail));
    } else expect(dropReasonEn(r, tail)).toBe(DROP_REASON_EN[r]);
  });

  it.each(Object.keys(CHANGES))('words the change %s in both languages', (change) => {
    const c = change as Change;
    expect(enPages.replay.change(c, 8)).toBe(replayChangeEn(c, 8));
    const zh = zhPages.replay.change(c, 8);
    expect(zh).toMatch(/\p{Script=Han}/u);
    expect(english(zh)).toEqual([]);
  });

  it('keeps the CLI’s words', () => {
    expect(DROP_REASON_EN.consolidated).toBe('archived to memory (below last_consolidated), not replayed');
    expect(dropReasonEn('consolidated', 8)).toBe('archived to memory (below last_consolidated) and older than the last 8 messages: not replayed');
    expect(replayChangeEn('archived', 8)).toBe('archived, but replayed: within the last 8');
    expect(replayChangeEn('public-view', 8)).toBe('runtime context removed (public view)');
  });
});

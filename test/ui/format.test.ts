import { describe, expect, it } from 'vitest';
import { formatBytes, formatTime } from '../../src/ui/parts/format';

describe('formatting', () => {
  it('sizes', () => {
    expect(formatBytes(548)).toBe('548 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(525484)).toBe('513 KB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
  });

  it("nanobot's naive ISO times, and broken values shown as they are", () => {
    expect(formatTime('2026-06-02T09:16:39.448073')).toBe('2 Jun 2026, 09:16');
    expect(formatTime('2026-06-02')).toBe('2026-06-02');
    expect(formatTime(12345)).toBe('12345');
    expect(formatTime(null)).toBe('None'); // Python's repr, as every other non-text value
    expect(formatTime(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { stripRects } from '../../../../src/ui/session/replay/strip/strip';
import type { FateKey } from '../../../../src/ui/session/replay/strip/fates';

/** The key each pixel of the strip is painted with ('' where nothing is). */
function pixels(cols: FateKey[], width: number): string[] {
  const px: string[] = new Array(width).fill('');
  for (const r of stripRects(cols, width)) for (let x = r.x; x < r.x + r.width; x++) px[x] = r.key;
  return px;
}

describe('stripRects', () => {
  it('draws narrow columns as one rectangle per run, covering every pixel once with its column’s fate', () => {
    const cols: FateKey[] = [...Array(700).fill('consolidated'), ...Array(200).fill('window'), 'orphan', ...Array(99).fill('kept')];
    const rects = stripRects(cols, 1000);
    expect(rects.map((r) => r.key)).toEqual(['consolidated', 'window', 'orphan', 'kept']);
    expect(rects.reduce((n, r) => n + r.width, 0)).toBe(1000);
    expect(pixels(cols, 1000)).toEqual(cols);
  });

  it('keeps a 1 px gap between wide columns, so single messages stay countable', () => {
    const cols: FateKey[] = ['kept', 'kept', 'window', 'kept'];
    const rects = stripRects(cols, 400);
    expect(rects).toEqual([
      { x: 0, width: 99, key: 'kept' },
      { x: 100, width: 99, key: 'kept' },
      { x: 200, width: 99, key: 'window' },
      { x: 300, width: 99, key: 'kept' },
    ]);
  });

  it('paints columns of a fraction of a pixel’s width without gaps or overlaps', () => {
    const cols: FateKey[] = Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 'kept' : 'budget'));
    const px = pixels(cols, 1000);
    expect(px.every((k) => k !== '')).toBe(true);
    const rects = stripRects(cols, 1000);
    rects.slice(1).forEach((r, i) => expect(r.x).toBe(rects[i]!.x + rects[i]!.width));
    expect(px.filter((k) => k === 'kept').length).toBeGreaterThan(300); // a third of the columns, 2–3 px each
  });

  it('draws nothing for no messages', () => {
    expect(stripRects([], 500)).toEqual([]);
  });
});

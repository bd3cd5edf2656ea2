import { describe, expect, it } from 'vitest';
import { screenful } from '../../../src/ui/session/parts/row-height';

describe('the first messages shown', () => {
  it('renders only the messages a screen holds, by the same height guess as the list: few long ones, more short ones', () => {
    const msg = (size: number) => ({ role: 'user', content: 'x'.repeat(size) });
    expect(screenful(Array.from({ length: 12 }, () => msg(2000)), 900)).toHaveLength(3);
    expect(screenful(Array.from({ length: 12 }, () => msg(10)), 900)).toHaveLength(12);
    // A huge message is folded: its card is no taller than a long one's.
    expect(screenful(Array.from({ length: 5 }, () => msg(100_000)), 900)).toHaveLength(3);
    expect(screenful([msg(10), msg(10)], 0)).toHaveLength(1);
    expect(screenful([], 900)).toEqual([]);
  });
});

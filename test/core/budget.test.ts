import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTORY_BUDGET, historyBudget } from '../../src/core/replay/budget';

describe('historyBudget (contract E29)', () => {
  it('gives nanobot’s default 190,784 for 200,000 / 8,192', () => {
    expect(DEFAULT_HISTORY_BUDGET).toBe(190_784);
    expect(historyBudget(200_000, 8_192)).toBe(190_784);
  });
  it('uses 4096 when generation max_tokens is 0 or missing, and at least 1', () => {
    expect(historyBudget(32_768, 0)).toBe(32_768 - 4096 - 1024);
    expect(historyBudget(32_768, null)).toBe(32_768 - 4096 - 1024);
    expect(historyBudget(10_000, -5)).toBe(10_000 - 1 - 1024);
  });
  it('falls back to max(128, window // 2) when the budget is not positive', () => {
    expect(historyBudget(8_192, 8_192)).toBe(4_096);
    expect(historyBudget(200, 4096)).toBe(128);
    expect(historyBudget(5_121, 4_096)).toBe(1);
    expect(historyBudget(5_120, 4_096)).toBe(2_560);
  });
});

/** Human formatting of sizes and nanobot's naive ISO times for the UI. */
import { shownValue } from '../../store/listing/listed-row';
import { ui } from '../i18n/text';

/** `1536` → `1.5 KB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * nanobot's naive local ISO time in the interface language (`2 Jun 2026, 09:14`, `2026年6月2日 09:14`);
 * anything else (a broken value) as Python's repr of it.
 */
export function formatTime(raw: unknown): string {
  if (typeof raw !== 'string') return shownValue(raw);
  const m = NAIVE.exec(raw);
  if (!m) return raw;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? ui().common.naiveTime(m[1]!, month, Number(m[3]), m[4]!, m[5]!) : raw;
}

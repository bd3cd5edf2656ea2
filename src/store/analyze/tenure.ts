/**
 * Keeping the long strings of a big session out of V8's young generation. Every minor GC copies
 * the young objects that are still alive; 100 MB of freshly received message text is all alive,
 * so those copies were long pauses that froze the page while a big file loaded. A string used
 * as a property name is internalized, and V8 keeps internalized strings in the old generation, so
 * swapping a long string for its internalized twin (same characters) leaves nothing to copy.
 * The swap changes no value: only where the engine keeps it.
 */

/** Strings shorter than this cost little to copy; internalizing them would only fill the string table. */
const LONG = 64;

function tenured(s: string): string {
  const holder: Record<string, 0> = {};
  holder[s] = 0;
  return Object.keys(holder)[0]!;
}

/** Replaces, in place, every long string inside `value` (plain objects and arrays) by its old-generation twin. */
export function tenureStrings(value: unknown): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'string') {
        if (v.length >= LONG) value[i] = tenured(v);
      } else if (v !== null && typeof v === 'object') tenureStrings(v);
    }
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (typeof v === 'string') {
        if (v.length >= LONG) o[k] = tenured(v);
      } else if (v !== null && typeof v === 'object') tenureStrings(v);
    }
  }
}

/**
 * Shared by the demo generators (make-demo.mjs, demo-main.mjs): nanobot's exact record format
 * (Python json.dumps) and a deterministic clock.
 */

// ---------- Python json.dumps(obj, ensure_ascii=False), for the values used here (no floats) ----------

/** Python's json.dumps with default separators: JSON.stringify's escapes match for these strings. */
export function dumps(v) {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new Error(`demo data must not use floats: ${v}`);
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map(dumps).join(', ')}]`;
  return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${dumps(x)}`).join(', ')}}`;
}

// ---------- time ----------

const pad = (n, w = 2) => String(n).padStart(w, '0');
/** Naive local isoformat() of a UTC-less wall clock (ms since an arbitrary epoch, plus micros). */
export function iso(ms, micros = 0) {
  const d = new Date(ms);
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const us = d.getUTCMilliseconds() * 1000 + micros;
  return us ? `${base}.${pad(us, 6)}` : base;
}
const at = (s) => Date.parse(`${s}Z`);

/** A clock that ticks forward a few seconds per message, with stable pseudo-random micros. */
export function clock(start) {
  let t = at(start);
  let seed = t % 1000003;
  return (seconds = 4) => {
    seed = (seed * 48271) % 2147483647;
    t += seconds * 1000 + (seed % 997);
    return iso(t, seed % 1000);
  };
}

// ---------- session builder ----------

export function metadataLine(key, created, updated, metadata = {}, lastConsolidated = 0) {
  return { _type: 'metadata', key, created_at: created, updated_at: updated, metadata, last_consolidated: lastConsolidated };
}

export function fileText(records) {
  return records.map((r) => dumps(r) + '\n').join('');
}

export function call(id, name, args) {
  return { id, type: 'function', function: { name, arguments: dumps(args) } };
}

/** Messages with timestamps last, as nanobot's _save_turn writes them. */
export function conversation(tick, items) {
  return items.map((m) => ({ ...m, timestamp: m.timestamp ?? tick(m.wait ?? 5) })).map(({ wait, ...m }) => m);
}

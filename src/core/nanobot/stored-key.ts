/**
 * The key a file is opened under when none is given, without building the recovered lens: the
 * last metadata record's key when it is non-empty text, else the file name's key.
 */
import { decodeLines, decodeStrict, findUtf8Fault, splitLines } from '../python/lines';
import type { LineCache } from '../lens/load';
import { pyLoads } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { dictGet, isDict } from '../python/pyvalue';

/**
 * The recovered lens's key (see `recoveredSession`), found from the last line back. Fills `cache`
 * with the lines and the json.loads results it made, which `loadNanobot` then reuses.
 */
export function storedKey(bytes: Uint8Array, fallback: string, cache: LineCache): string {
  const lines = (cache.lines ??= splitLines(bytes));
  if (cache.texts === undefined) cache.texts = decodeLines(bytes, lines);
  const texts = cache.texts;
  for (let i = lines.length - 1; i >= 0; i--) {
    let text: string;
    if (texts) text = texts[i]!;
    else {
      const raw = bytes.subarray(lines[i]!.start, lines[i]!.end);
      if (findUtf8Fault(raw)) continue;
      text = decodeStrict(raw);
    }
    const stripped = pyStrip(text);
    if (!stripped) continue;
    // A byte-order mark: the recovered lens reads the record without it (nanobot's own parse fails).
    const r = text.charCodeAt(0) === 0xfeff ? pyLoads(pyStrip(text.slice(1))) : (cache.results[i] ??= pyLoads(stripped));
    if (!r.ok || !isDict(r.value) || dictGet(r.value, '_type') !== 'metadata') continue;
    const key = dictGet(r.value, 'key');
    return typeof key === 'string' && key ? key : fallback;
  }
  return fallback;
}

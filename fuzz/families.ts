/**
 * A first guess at which rule of issue 28 a finding belongs to, from its file and its mismatch
 * kinds (written into the pending README; a person confirms it). `null`: none of them.
 */
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';

/** How deep brackets nest in the file, outside strings (a rough reading, enough to sort findings). */
export function nesting(bytes: Uint8Array): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) max = Math.max(max, ++depth);
    else if (b === 0x5d || b === 0x7d) depth = Math.max(0, depth - 1);
    else if (b === 0x0a || b === 0x0d) depth = 0;
  }
  return max;
}

export function guessRule(bytes: Uint8Array, kinds: string[], version: NanobotVersion, key: string): string | null {
  const text = new TextDecoder().decode(bytes);
  const has = (re: RegExp) => kinds.some((k) => re.test(k));
  if (has(/RecursionError/) || (nesting(bytes) >= 300 && has(/^(fork|history_public|list_sessions|read_session|load)/))) {
    // deepcopy runs in fork and the public view (and the listing's preview from v0.3.0); json.loads
    // everywhere a file is read. Both boundaries move with the caller's frames.
    const copy = has(/^(fork|history_public)/);
    const parse = has(/^(load|read_session|list_sessions|listing)/) && nesting(bytes) >= 900;
    if (copy && !parse) return 'rule 1 (copy.deepcopy depth: RecursionError boundary)';
    if (parse && !copy) return 'new: the json.loads depth per call site and version (a RecursionError boundary; MAX_DEPTH 970 is one figure for all)';
    return 'rule 1 (copy.deepcopy depth) and/or the json.loads depth per call site: RecursionError boundaries';
  }
  if (has(/^save\.error:OSError/)) return 'rule 7 (temp-file name past 255 bytes)';
  if (has(/UnicodeEncodeError/) || (has(/^estimate_message_tokens/) && /<\|/.test(text))) return 'rule 3 (special token with a lone surrogate)';
  if (has(/^(history_public|fork\.file|fork\.public)/) && /NaN|1\.0|true|false/.test(text)) return "rule 2 (Python's == on JSON values)";
  if (version === 'v0.3.0' && has(/^list_sessions/) && /^[=]*$/.test(key.replace(/[^=A-Za-z0-9_-]/g, '')) && key.includes('=')) return 'rule 4 (a stem that decodes to "")';
  if (version === 'main' && has(/^list_sessions/) && /"_type"\s*:\s*[[{]/.test(text)) return "rule 6 (main's _type in {…} on an unhashable _type)";
  if (version === 'main' && has(/^list_sessions/) && /provider_state/.test(text)) return "rule 5 (main's listing prefix test, Python's \\s)";
  if (has(/^(read_session_metadata|list_sessions)\.repair_called/) && !/^[\x00-\x7f]*$/.test(text)) return 'rule 9 (read_session_metadata: the 8 KiB chunk ends inside a character)';
  return null;
}

/**
 * nanobot's assistant replay sanitizer (contract E22): strips artifacts a model copied from its
 * own context (a leading `[Message Time: …]` stamp, local image breadcrumbs, tool-call echoes), so
 * replayed turns do not teach it to repeat them. Previews use it for every role.
 */
import { PY_WS_CLASS, pySplitlines, pyStrip } from '../python/pytext';

const WS = `[${PY_WS_CLASS}]*`;
const TIME_STAMP = /^\[Message Time: [^\]]+\]\n?/u;
const LOCAL_IMAGE_LINE = new RegExp(`^\\[image: [/~][^\\]]+\\]${WS}$`, 'u');
const TOOL_CALL_ECHO_LINE = new RegExp(`^${WS}(?:generate_image|message)\\([^)]*\\)${WS}$`, 'u');

/**
 * nanobot `_sanitize_assistant_replay_text`: drop one leading time stamp, then every line (Python
 * `splitlines()`) that is a local `[image: /…]`/`[image: ~…]` breadcrumb or a bare
 * `message(…)`/`generate_image(…)` call; join with `\n` and strip.
 */
export function sanitizeAssistantReplayText(text: string): string {
  if (isClean(text)) return text;
  const hit = recent.get(text);
  if (hit !== undefined) return hit;
  const lines = pySplitlines(text.replace(TIME_STAMP, ''));
  const built = pyStrip(lines.filter((l) => !LOCAL_IMAGE_LINE.test(l) && !TOOL_CALL_ECHO_LINE.test(l)).join('\n'));
  const clean = built === text ? text : built; // most texts come back unchanged: keep one copy, not two
  const cost = text.length + (clean === text ? 0 : clean.length);
  if (recent.size >= RECENT_MAX || recentChars + cost > RECENT_MAX_CHARS) {
    recent.clear();
    recentChars = 0;
  }
  recent.set(text, clean);
  recentChars += cost;
  return clean;
}

const LINE_BREAK = /[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/**
 * One line with no stamp, breadcrumb or echo and nothing to strip comes back as it is: told without
 * splitting or caching it (a listing of 10,000 files previews 10,000 such texts, each seen once).
 */
function isClean(text: string): boolean {
  return !LINE_BREAK.test(text) && !TIME_STAMP.test(text) && !LOCAL_IMAGE_LINE.test(text) && !TOOL_CALL_ECHO_LINE.test(text) && pyStrip(text) === text;
}

/** Results for recent texts: a replay control change sanitizes the same window's assistant turns again, which then costs nothing. */
const recent = new Map<string, string>();
const RECENT_MAX = 8192;
/** Characters the cache may hold on to (inputs, plus results that differ from them), so a closed big session is not kept alive by it. */
const RECENT_MAX_CHARS = 8_000_000;
let recentChars = 0;

/**
 * nanobot v0.3.0+ runtime context (§19): a user turn may carry a suffix of machine metadata in its
 * content, marked by `_runtime_context`. The agent replays it; views meant for people (previews,
 * forks, WebUI history) use the public view, which removes exactly that suffix and the marker.
 */
import { deepCopy, dictDelete, dictGet, isDict, pyEquals, pyItemEquals, type PyDict, type PyValue } from '../python/pyvalue';

export const RUNTIME_CONTEXT_KEY = '_runtime_context';

/** True when a message carries an object marker (what stops CLI-app breadcrumbs in v0.3.0+). */
export function hasRuntimeContext(m: PyDict): boolean {
  return isDict(dictGet(m, RUNTIME_CONTEXT_KEY));
}

/** Content without the marked suffix (string) or trailing blocks (list); as is when they do not match. */
function strippedContent(content: PyValue | undefined, marker: PyDict): PyValue | undefined {
  if (typeof content === 'string') {
    const suffix = dictGet(marker, 'suffix');
    if (typeof suffix !== 'string' || !suffix) return content;
    if (content === suffix) return '';
    return content.endsWith('\n\n' + suffix) ? content.slice(0, content.length - suffix.length - 2) : content;
  }
  if (Array.isArray(content)) {
    const blocks = dictGet(marker, 'blocks');
    if (!Array.isArray(blocks) || !blocks.length || blocks.length > content.length) return content;
    const tail = content.slice(content.length - blocks.length);
    return tail.every((b, i) => pyItemEquals(b, blocks[i]!)) ? content.slice(0, content.length - blocks.length) : content;
  }
  return content;
}

/**
 * nanobot's `public_history_message(m)`: a deep copy without the marker, and without the suffix
 * when the marker is a version-1 mapping. Returns the message itself when there is no marker.
 */
export function publicHistoryMessage(m: PyDict): PyDict {
  if (!Object.prototype.hasOwnProperty.call(m, RUNTIME_CONTEXT_KEY)) return m;
  const marker = dictGet(m, RUNTIME_CONTEXT_KEY)!;
  const copy = deepCopy(m);
  dictDelete(copy, RUNTIME_CONTEXT_KEY);
  if (isDict(marker) && pyEquals(dictGet(marker, 'version') ?? null, 1) && Object.prototype.hasOwnProperty.call(copy, 'content')) {
    copy.content = strippedContent(dictGet(copy, 'content'), marker) as PyValue;
  }
  return copy;
}

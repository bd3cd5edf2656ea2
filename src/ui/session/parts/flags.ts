/**
 * What nanobot's own keys mean (contract G), so the views can flag internal state instead of
 * showing it as ordinary data. Explanations only (their words are in the pages catalog:
 * conversation.flags, file.recordFields, file.internal); nanobot's rules live in src/core.
 */
import { pg } from '../../i18n/text';

/** `table[key]` when `key` is one of its own entries (a stored key such as `constructor` is no entry). */
function own(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** What a message key nanobot writes beside the provider fields tells a reader; undefined for any other key. */
export function messageFlag(key: string): string | undefined {
  return own(pg().conversation.flags, key);
}

/** Keys the conversation view renders itself (not as flags). */
export const SHOWN_KEYS = new Set([
  'role', 'content', 'timestamp', 'tool_calls', 'tool_call_id', 'name', 'reasoning_content', 'thinking_blocks',
  'media', 'cli_apps', 'mcp_presets',
]);

/** What a metadata key nanobot writes itself is for (extensions must not reuse them); undefined for any other key. */
export function metadataInternal(key: string): string | undefined {
  return own(pg().file.internal, key);
}

/** What a field of the metadata record itself (line 1) is; undefined for a field nanobot does not write. */
export function metadataRecordField(key: string): string | undefined {
  return own(pg().file.recordFields, key);
}

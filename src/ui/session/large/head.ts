/**
 * The first messages of a large file, shown while it is indexed. They are parsed on the page's
 * thread, in the task that shows them: so only as much of the head is read as a screenful needs.
 */
import { parseDocument } from '../../../core/lens/document';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyDumps } from '../../../core/python/pyjson';
import type { PyDict } from '../../../core/python/pyvalue';
import { rowHeight } from '../parts/row-height';

/** Head sizes tried in turn: 64 KiB holds a screenful of usual messages; long ones need more. */
const HEAD_STEPS = [64 * 1024, 256 * 1024];

/** The messages in the first `bytes` of `file` (a cut last line left out). */
async function messagesIn(file: Blob, bytes: number, version: NanobotVersion): Promise<PyDict[]> {
  const head = new Uint8Array(await file.slice(0, Math.min(file.size, bytes)).arrayBuffer());
  let end = head.length;
  if (end < file.size) while (end > 0 && head[end - 1] !== 10) end--;
  return parseDocument(head.subarray(0, end), { version }).records.flatMap((r) => (r.kind === 'message' && r.value ? [r.value] : []));
}

/** At least `want` of the file's first messages when its first 256 KiB hold them, read from as small a head as gives them. */
export async function headMessages(file: Blob, version: NanobotVersion, want: number): Promise<PyDict[]> {
  let got: PyDict[] = [];
  for (const bytes of HEAD_STEPS) {
    got = await messagesIn(file, bytes, version);
    if (got.length >= want || bytes >= file.size) break;
  }
  return got;
}

/**
 * The first messages whose guessed heights (row-height.ts, as the list guesses them) fill `px`:
 * the cards shown first are laid out in one task, and a card of long text is costly to lay out,
 * so no more are rendered than a screen shows (at least one).
 */
export function screenful(messages: readonly PyDict[], px: number): PyDict[] {
  let used = 0;
  let n = 0;
  while (n < messages.length && (n === 0 || used < px)) used += rowHeight(pyDumps(messages[n++]!).length);
  return messages.slice(0, n);
}

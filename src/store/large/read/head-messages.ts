/**
 * The first messages of a large file, for the page to show while the file is indexed. They are
 * parsed on the page's thread, so only as much of the head is read as a screenful needs.
 */
import { parseDocument } from '../../../core/lens/document';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';

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

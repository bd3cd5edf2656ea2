/** Saving an export: a Blob handed to the browser's own download (nothing is uploaded anywhere). */

/**
 * Starts a download of `blob` as `name` (a large file's export is a Blob of many parts, never one string):
 * the one way the app hands a file over, an export, an edit read-only, the replay's JSON.
 */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file name for the export: the session file's stem; when the key is masked (the stem would show
 * it), the session's channel and day instead (`telegram-session-2026-06-02.md`), never the key.
 */
export function exportFileName(fileName: string, keyMasked: boolean, replay: boolean, ext: string, about: { key?: string; createdAt?: string } = {}): string {
  const stem = keyMasked ? maskedStem(about) : fileName.replace(/\.jsonl$/i, '').replace(/[^\w.-]+/g, '_') || 'session';
  return `${stem}${replay ? '.replay' : ''}.${ext}`;
}

/** "session", with the channel when the key has a plain one (`telegram:…`) and the day it was created. */
function maskedStem({ key, createdAt }: { key?: string; createdAt?: string }): string {
  const at = key?.indexOf(':') ?? -1;
  const channel = key && at > 0 && /^[a-z][a-z0-9_-]{0,19}$/i.test(key.slice(0, at)) ? `${key.slice(0, at)}-` : '';
  const day = createdAt && /^\d{4}-\d{2}-\d{2}/.test(createdAt) ? `-${createdAt.slice(0, 10)}` : '';
  return `${channel}session${day}`;
}

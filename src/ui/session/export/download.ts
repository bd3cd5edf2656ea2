/** Saving an export: a Blob handed to the browser's own download (nothing is uploaded anywhere). */

/** Starts a download of `text` as `name`. */
export function downloadText(text: string, mime: string, name: string): void {
  downloadBlob(new Blob([text], { type: mime }), name);
}

/** Starts a download of `blob` as `name` (a large file's export is a Blob of many parts, never one string). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name for the export: the session file's stem, or "session" when its key is masked. */
export function exportFileName(fileName: string, keyMasked: boolean, replay: boolean, ext: string): string {
  const stem = keyMasked ? 'session' : fileName.replace(/\.jsonl$/i, '').replace(/[^\w.-]+/g, '_') || 'session';
  return `${stem}${replay ? '.replay' : ''}.${ext}`;
}

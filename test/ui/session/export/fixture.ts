/**
 * What the Export tab tests of both views share: a session with one finding of each common kind
 * (an API key, an e-mail address, a home folder, markup), and the downloads a click would save.
 */
import { beforeEach, vi } from 'vitest';
import { jsonl, meta } from '../helpers';

export const KEY = 'sk-proj-' + 'Q7wErTy9'.repeat(5);

/** The session's file: its title, the key and address in the first message, a path and markup in the second. */
export const EXPORT_FILE = jsonl([
  meta({ title: 'Deploy help' }),
  { role: 'user', content: `My key is ${KEY}, mail me at ann@corp.example`, timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: 'Saved it to /home/ann/.env for cli:direct. <script>alert(1)</script>', timestamp: '2026-06-01T10:00:05' },
  { role: 'user', content: 'thanks', timestamp: '2026-06-01T10:01:00' },
]);

/** The downloads each test starts (file name and Blob), emptied before each test: the page's object URLs and link clicks stood in for. */
export function captureDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    let last: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((last = b as Blob), 'blob:test'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: last! });
    });
  });
  return saved;
}

/** Which workspace was open last (the demo or a remembered folder), so a deep link can reopen it after a reload. */

/** The demo opened when none is named (workspace/demo.ts seeds it); a link or last source names no id for it. */
export const DEFAULT_DEMO = 'v0.2';

/** A demo other than the default carries its id ('main'). */
export type LastSource = { kind: 'demo'; id?: string } | { kind: 'folder'; id: string };
const KEY = 'session-lens:last';

/** The last source, or null (none, or a read-only copy, which cannot be reopened). */
export function readLastSource(): LastSource | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LastSource | null;
    if (v && ((v.kind === 'demo' && (v.id === undefined || typeof v.id === 'string')) || (v.kind === 'folder' && typeof v.id === 'string'))) return v;
  } catch {
    // unreadable: treat as none
  }
  return null;
}

/** Remember (or, with null, forget) the last source. */
export function writeLastSource(v: LastSource | null): void {
  try {
    if (v) localStorage.setItem(KEY, JSON.stringify(v));
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: deep links then need the start screen
  }
}

/** A source's id in the listing cache's last views (store/last-view.ts). */
export function sourceId(v: LastSource): string {
  return v.kind === 'folder' ? `folder:${v.id}` : `demo:${v.id ?? ''}`;
}

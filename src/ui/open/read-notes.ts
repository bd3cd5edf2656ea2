/**
 * Which warnings a person has read, per workspace (localStorage, keyed by the workspace's name): a
 * read warning shrinks to one line, so the conversation gets the room.
 */
const PREFIX = 'session-lens:read-notes:';

function load(ws: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PREFIX + ws) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether note `id` was marked read in workspace `ws`. */
export function isRead(ws: string, id: string): boolean {
  return load(ws).includes(id);
}

/** Remembers (or forgets) that note `id` was read in `ws`; a full or refused storage only loses the memory. */
export function setRead(ws: string, id: string, read: boolean): void {
  const ids = load(ws).filter((x) => x !== id);
  if (read) ids.push(id);
  try {
    localStorage.setItem(PREFIX + ws, JSON.stringify(ids));
  } catch {
    /* private mode or quota: the note just shows again next time */
  }
}

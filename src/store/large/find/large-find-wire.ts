/**
 * The messages between the page and the large-file find worker. Apart from the client so the
 * worker does not bundle the client (which names the worker itself).
 */
import type { FindColumns } from './large-find';
import type { ErrorReply } from '../worker-error';

/** The index columns the search reads, sent one per message. */
export const FIND_COLUMNS = ['start', 'length', 'eol', 'role', 'flags', 'messages'] as const;
export type FindColumn = (typeof FIND_COLUMNS)[number];

export type FindRequest =
  | { type: 'index'; key: number; file: Blob; messageCount: number }
  | { type: 'column'; key: number; name: FindColumn; array: FindColumns[FindColumn] }
  | { type: 'find'; id: number; key: number; query: string; slice: number; limit: number }
  | { type: 'cancel' };

export type FindReply =
  | { id: number; type: 'slice'; flat: Uint32Array; total: number; bytes: number }
  | { id: number; type: 'end'; total: number; bytes: number; limited: boolean }
  | ({ id: number } & ErrorReply);

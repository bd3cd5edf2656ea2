/**
 * What saving changed (the Context tab's list; the sources' `traces`): nanobot's save traces (core/turn/save-traces.ts) of
 * each message of its load, kept only for the messages that carry one. The whole document finds
 * them in the messages it holds; the line index in the traces worker (large-traces-client.ts), which
 * reads the load's messages back from the file in blocks, so memory follows the answer, not the file.
 */
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';
import type { LineIndex } from '../../../core/index/line-index';
import { saveTraces } from '../../../core/turn/save-traces';
import type { MessageTraces } from './large-traces';

export type { MessageTraces } from './large-traces';

/** The traces of the messages nanobot's load holds (`messages`, whole), those with any. */
export function heldTraces(messages: PyDict[], version: NanobotVersion): MessageTraces[] {
  return saveTraces(messages, version).flatMap((t, i): MessageTraces[] => (t.length ? [[i, t]] : []));
}

/** The traces of the messages of nanobot's load of `file` (on `lines` of `index`), those with any: found off the page's thread. */
export async function indexedTraces(file: Blob, index: LineIndex, lines: Uint32Array, version: NanobotVersion): Promise<MessageTraces[]> {
  if (lines.length === 0) return [];
  const { tracesLarge } = await import('./large-traces-client');
  return tracesLarge(file, index, lines, version);
}

/**
 * What each lens says about an opened file, in the terms the header and File tab show: nanobot's
 * load path, the lines its repair pass skips, and the messages the views work on.
 */
import type { NanobotSession } from '../../core/lens/load';
import type { PyError } from '../../core/python/pyjson';
import type { OpenedSession } from '../../store/save/sessions';

export type LensState = 'normal' | 'repair' | 'nothing';

/** normal: nanobot loads the file as is; repair: it skips lines; nothing: it starts empty (and its next save destroys the file). */
export function lensState(o: OpenedSession): LensState {
  if (!o.nanobot.result) return 'nothing';
  return o.nanobot.path;
}

/** The session replay and the consolidation marker follow: nanobot's when it loads one, else the recovered one. */
export function replaySession(o: OpenedSession): { session: NanobotSession; lens: 'nanobot' | 'recovered' } {
  return o.nanobot.result ? { session: o.nanobot.result, lens: 'nanobot' } : { session: o.recovered, lens: 'recovered' };
}

/** 0-based lines nanobot's repair pass skips (they fail json.loads: bad JSON, or a BOM in front). */
export function repairSkippedLines(o: OpenedSession): number[] {
  if (o.nanobot.path !== 'repair' || !o.nanobot.result) return [];
  const lines = new Set(o.doc.diagnostics.filter((d) => d.kind === 'bad-json' || d.kind === 'bom').map((d) => d.line));
  return [...lines].sort((a, b) => a - b);
}

/** The Python error text that made nanobot give up or take the repair path, or that its load lets propagate. */
export function loadErrorText(o: OpenedSession): string {
  return raised(o.nanobot.repairError ?? o.nanobot.strictError ?? o.nanobot.error);
}

/** nanobot's exception as Python prints it (`Type: text`), '' when not known. */
export const raised = (e: PyError | null | undefined) => (e ? `${e.type}: ${e.message}` : '');

/** Jump to message #N, to file line N, to the first message the replay sends, or to the latest. */
import type { OpenedSession } from '../../../store/save/sessions';
import { firstReplayedLine } from './first-replayed';
import { JumpBar } from './JumpBar';

export interface JumpToProps {
  opened: OpenedSession;
  /** Brings message `message` (0-based, recovered lens) into view. */
  onMessage: (message: number) => void;
  /** Brings the row of 0-based file line `line` into view; false when that line has no row. */
  onLine: (line: number) => boolean;
}

/** One compact line of jump controls above the conversation. */
export function JumpTo({ opened, onMessage, onLine }: JumpToProps) {
  return <JumpBar total={opened.recovered.messages.length} lines={opened.doc.records.length} firstReplayed={() => firstReplayedLine(opened)} onMessage={onMessage} onLine={onLine} />;
}

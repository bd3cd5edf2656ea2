/** English: the session page's Edit tab. Part of the pages' catalog (../pages.ts). */
import type { EditChange } from '../../../../core/edit/edits';
import { groupDigits as g } from '../../numbers';
import { editChangeEn, editRefusalEn } from '../../../../words/edit-en';
import { plural } from '../page-words';

const words = {
  // ── edit ──
  // What an edit changes and why one cannot be made are the CLI's words (src/words/edit-en.ts), counts grouped.
  edit: {
    heading: 'Edit',
    private: 'These files live in this browser’s own storage: no nanobot reads or writes them, so edit freely (“Reset demo” on the start page puts them back).',
    ownerOnly: 'A save here makes the file private to you',
    /** Before and after the `chmod` code. */
    ownerOnlyWhy:
      ' (mode 0600: the browser’s save replaces the file, and Chromium gives the new one owner-only permissions). If nanobot runs as another user, it can no longer read the session afterwards; give it access again with',
    ownerOnlyEnd: '.',
    atomic:
      'Saves work like nanobot’s: the new bytes go to a .tmp file that then replaces the session in one step (os.replace: a reader sees the old file or the new one, never half of each); a save is refused when the file changed since it was read; lines you did not edit keep their exact bytes. ',
    fsync: 'fsync, which forks use, is the separate guarantee that the bytes are on the disk before a crash or power loss.',
    noFsync: 'A web page has no fsync (which nanobot’s forks use): the system writes the bytes to the disk in its own time.',
    readOnly: 'This session is open read-only: every edit is offered as a download of the edited file; nothing on disk changes.',
    reloaded: 'Reloaded from disk.',
    fileCap: (messages: number, label: string, cap: number, everySave: boolean, kept: number, archived: number) =>
      `This session holds ${g(messages)} messages, over ${label}’s cap of ${g(cap)}: ${everySave ? 'its next save of this session (after a turn, at shutdown, or a fork)' : 'its next agent turn'} keeps the last ${g(kept)} and hands ${g(archived)} never-archived messages to its memory archive.`,
    /** Why an edit cannot be made: the CLI's English. */
    refusal: editRefusalEn,
    /** What an edit changes (its preview's summary): the CLI's English, counts grouped. */
    change: (c: EditChange) => editChangeEn(c, g),
    card: {
      preview: 'Preview',
      previewLead: 'Preview:',
      confirm: (action: string) => `Yes, ${action.toLowerCase()}`,
      backup: 'Back up the file first, as a repair does (beside it, named …jsonl.<time>.bak: nanobot never lists it)',
      working: 'Working…',
      conflict: 'Not saved: the file changed on disk since it was read.',
      notSaved: (message: string) => `Not saved: ${message}`,
      conflictNote: 'Nothing was overwritten. A running nanobot gateway re-saves its cached sessions (and at shutdown), which is one way this happens.',
      reload: 'Reload from disk',
      progressLabel: 'Save progress',
      starting: 'Starting the save…',
      progress: (phase: 'backup' | 'write', done: string, total: string) => (phase === 'backup' ? `Backing up: ${done} of ${total}` : `Writing the new file: ${done} of about ${total}`),
      cancel: 'Cancel save',
      stopping: 'Cancelling…',
      cancelled: 'Save cancelled: the file is unchanged and the temporary file was removed.',
    },
    diff: {
      none: 'No line changes.',
      totals: (removed: number, added: number, rewritten: number) =>
        `${[removed && `${g(removed)} line${removed === 1 ? '' : 's'} removed`, added && `${g(added)} added`, rewritten && `${g(rewritten)} rewritten`].filter(Boolean).join(', ')}; every other line keeps its exact bytes.`,
      label: 'Affected lines',
      removed: 'removed',
      added: 'added',
      rewritten: 'rewritten',
      line: (line: number) => ` line ${line}`,
      newLine: (line: number) => ` new line ${line}`,
      becomes: (line: number) => ` (becomes ${line})`,
      more: (more: number) => `… and ${g(more)} more`,
    },
    saved: (file: string, bytes: number, backup: string | null) => `Saved ${file} (${g(bytes)} bytes).${backup ? ` The previous file was backed up to ${backup}.` : ''}`,
    downloaded: (file: string) => `Downloaded the edited ${file}. The file on disk is unchanged: replace it yourself while nanobot is stopped.`,
    title: {
      title: 'Title',
      label: 'New title',
      save: 'Save title',
      download: 'Download with this title',
    },
    append: {
      title: 'Add a message',
      role: 'Role',
      content: 'Content',
      save: 'Add message',
      download: 'Download with this message',
    },
    consolidated: {
      label: (total: number) => `last_consolidated (0 to ${g(total)})`,
      hint: (current: number, total: number) =>
        `Now ${current}: the first ${current} messages are archived to memory. nanobot resets any value outside 0–${total} to 0, so the boundary can never hide the whole history.`,
      note: (archived: number, replayable: number) =>
        `${g(archived)} archived (not replayed) · ${g(replayable)} replayable. Archiving here does not write anything to nanobot’s memory: messages you mark as archived leave the replay without a summary.`,
      save: 'Save last_consolidated',
      download: 'Download with this boundary',
    },
    trim: {
      title: 'Trim to a legal suffix',
      label: 'Messages to keep (max)',
      placeholder: (total: number) => `1 to ${g(total)}`,
      hint: 'Not a plain slice: nanobot keeps the most recent part that is legal to replay. 0 clears the session.',
      extendHint: 'reach back to a user turn instead of cutting inside one',
      notWhole: 'Enter a whole number of messages to keep.',
      goes: (first: number, last: number, all: number) =>
        `Messages that go: #${g(first)}${last > first ? `–${g(last)}` : ''}${all !== last - first + 1 ? ` (${g(all)} in all)` : ''}.`,
      /** The first message a trim keeps: a user turn, or (when nanobot finds none to start on) whatever its role is. */
      keptStart: (message: number, role: string | null) =>
        role === 'user' ? `The kept part starts on a user turn, #${g(message)}.` : `The kept part starts on #${g(message)}, ${role === null ? 'a message without a role' : `a message of role “${role}”`}, not on a user turn.`,
      unarchived: (count: number) =>
        `${plural(count, 'message')} never archived to memory. nanobot hands such messages to its memory archive when it trims (enforce_file_cap); Session Lens does not, so they are simply gone — download a copy first if you may need them.`,
      confirm: (dropped: number, unarchived: number) => `This removes ${plural(dropped, 'message')} from the file${unarchived ? `, ${g(unarchived)} of them never archived` : ''}.`,
      save: 'Trim',
      download: 'Download trimmed file',
    },
    fork: {
      title: 'Fork before a user turn',
      noTurn: 'This session has no user turn to fork before.',
      noFork: (label: string) => `${label} has no fork: its sessions cannot be forked before a user turn (that came in a later release), so a fork written here would be one your nanobot never makes.`,
      preview: 'Preview fork',
      turn: (max: number) => `Fork before user turn (1 to ${max})`,
      turnIs: (turn: string, message: number) => `turn ${turn} is message #${g(message)}: `,
      noText: '(no text)',
      afterLast: 'after the last turn: copies every message',
      key: 'New session key',
      file: 'File: ',
      needKey: 'Enter a key for the new session.',
      ownKey: 'The fork needs a key of its own.',
      keyCannot: (reason: string) => `This key cannot name a file: ${reason}`,
      badName: (name: string, reason: string) => `The key makes the file name “${name}”, which ${reason}.`,
      pickTurn: (max: number) => `Pick a user turn from 1 to ${max}.`,
      summary: (name: string, messages: number, turn: number, lastConsolidated: number) =>
        `Writes ${name} with the ${plural(messages, 'message')} before user turn ${turn} (last_consolidated ${lastConsolidated}). The source file is not changed.`,
      notCarried: 'Not carried over (they belong to the source thread): ',
      save: 'Write fork',
      download: 'Download fork',
      downloaded: (name: string) => `Downloaded ${name}. Put it in the sessions folder to use it.`,
      wrote: (path: string, fsync: boolean) =>
        `Wrote ${path}${fsync ? ' (saved with fsync, like nanobot’s forks)' : ' (a web page cannot fsync: the system writes it to the disk in its own time, as after any save from a browser)'}.`,
    },
    removeLine: {
      title: 'Remove a corrupt or blank line',
      label: 'Line',
      option: (line: number) => `line ${line}: `,
      blank: '(blank)',
      confirm: (line: number) => `Line ${line} will be gone from the file.`,
      save: 'Remove line',
      download: 'Download without it',
    },
    repair: {
      title: 'Repair',
      backupNote: 'A backup of the current file is written first, beside it, under a name ending in .bak (nanobot never lists it).',
      downloadNote: 'Downloads the repaired file; the original stays as it is.',
      confirm: (removed: number) => `The file is rewritten${removed ? ` without ${plural(removed, 'corrupt or blank line')}` : ''}.`,
      save: 'Repair (backup first)',
      download: 'Download repaired file',
      nothing: 'Nothing to repair: the file is already written as nanobot writes it.',
      explain: 'Rewrites the file as nanobot writes it: one metadata record, then one line per readable message; unreadable lines are left out (and kept in a backup).',
      preview: 'Preview repair',
    },
    clear: {
      title: 'Clear all messages',
      confirm: (messages: number) => `All ${plural(messages, 'message')} will be removed from the file.`,
      save: 'Clear',
      download: 'Download cleared file',
      explain: 'nanobot’s clear(): every message goes, last_consolidated becomes 0, the memory summary (_last_summary) is forgotten; corrupt lines stay.',
      preview: 'Preview clear',
    },
    remove: {
      title: 'Delete the session file',
      alsoRemoves: (label: string) => `${label}’s own delete_session would also remove `,
      alsoRemovesEnd: ' where they exist; Session Lens removes only this file.',
      summary: (path: string) => `Deletes ${path}. nanobot then starts this session empty the next time it is used.`,
      confirm: (file: string, messages: number) => `${file} and its ${plural(messages, 'message')} will be deleted. Without a backup this cannot be undone.`,
      save: 'Delete file',
      deleted: (path: string, backup: string | null) => `Deleted ${path}.${backup ? ` Its last version was backed up to ${backup}.` : ''}`,
      needsWrite: 'Deleting needs write access to the folder (this session was opened read-only).',
    },
  },

  // ── the Edit tab's reading and planning, and what a big file's index cannot offer read-only ──
  largeEdit: {
    reading: 'Reading the file…',
    planning: 'Planning the edit…',
    repairReadOnly: 'A repair of a file this size rewrites every message line, so it needs write access to the folder; this session is open read-only.',
    needsWrite: 'This fork would rewrite too many of the file’s lines to offer as a download, so it needs write access to the folder; this session is open read-only.',
  },
  // What an older nanobot does to the files beside an edit (NanobotSaveNote: the rows atomicSave and loadFailure)
  saveNote: {
    notAtomic: (label: string) => `${label} rewrites a session file in place, not through a temporary file: if it stops in the middle of a save, or meets a message it cannot write, the file is cut short there. Stop nanobot before saving here.`,
    emptySession: (label: string) => `${label} has no repair: one bad line, byte, BOM or created_at and it loads nothing, starts an empty session, and its next save writes that over the file. Check the File tab before nanobot opens a file you changed.`,
    emptiesThis: (label: string) => `${label} cannot load this file as it is: it starts an empty session instead, and its next save writes that over the file, losing every message here. Repair the file (Edit tab) before nanobot uses this session again.`,
  },
};

export default words;

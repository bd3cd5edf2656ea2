/**
 * English, part one: the words of the start page, the workspace and the header (loaded before the
 * first render). Every other language's `shell.ts` has exactly these keys (the type checks it).
 * Words that nanobot or Python wrote (exception texts, file content, key names) are never here: they
 * are shown as they are.
 */
import type { LayoutNote } from '../../../store/listing/layout';
import { folderLabelEn, layoutNoteEn, skipReasonEn } from '../../../words/en';
import type { Evidence, VersionVerdict } from '../../../core/nanobot/version-evidence';
import { groupDigits, plural } from '../numbers';
import type { StoreErrorCode } from '../../../store/adapter/errors';

/** One piece of version evidence in words; a clue on disk fewer files hold than those it contradicts, said as such. */
function evidenceText(e: Evidence): string {
  return e.outvoted ? `${evidenceWords(e)} (outvoted: fewer files than the clues against it)` : evidenceWords(e);
}

function evidenceWords(e: Evidence): string {
  const n = e.count ?? 0;
  switch (e.kind) {
    case 'namespace': return e.workspacePath ? `a session namespace of ${e.workspacePath}` : 'a session namespace (32-hex folder)';
    case 'config': {
      const paths = (e.paths ?? []).map((p) => p ?? 'an unnamed workspace');
      return `a sessions root with ${plural(paths.length, 'namespace')}${paths.length ? ` (${paths.join(', ')})` : ''}`;
    }
    case 'flat-files': return `${plural(n, 'flat file')} in the root: the legacy global folder v0.2 and v0.3.0 read and move in; main ignores them`;
    case 'workspace-sessions': return 'a workspace sessions folder, where v0.2 and v0.3.0 keep sessions';
    case 'legacy-folder': return 'the legacy global sessions folder, which v0.2 and v0.3.0 read and move into the workspace';
    case 'workspace-id': return '.nanobot/workspace-id: main has opened this workspace; its sessions live in <config folder>/sessions/<id>/';
    case 'provider-state': return `${plural(n, 'file')} ${n === 1 ? 'holds' : 'hold'} provider_state`;
    case 'session-handle': return `${plural(n, 'file')} with metadata session_handle`;
    case 'runtime-context': return `${plural(n, 'file')} with a runtime-context marker (_runtime_context)`;
    case 'model-preset': return `${plural(n, 'file')} with metadata _nanobot_model_preset`;
    case 'base64url-names': return `${plural(n, 'base64url name')}${e.beside ? ` beside ${plural(e.beside, 'safe_key name')}: v0.3.0 in mid-migration` : ''}`;
    case 'safe-key-names': return e.inMain ? `${plural(n, 'safe_key name')} main never loads or lists (copied in by its migration)` : plural(n, 'safe_key name');
    case 'both-names': return `${plural(n, 'name')} both safe_key and base64url of the stored key`;
    case 'other-names': return `${plural(n, 'name')} matching neither naming of the stored key`;
    case 'no-key': return `${plural(n, 'file')} without a stored key`;
    case 'new-tmp': return `${plural(n, 'temp file')} named .<name>.<16 hex>.tmp (main)`;
    case 'old-tmp': {
      const by = { 'not-main': 'a temp-file name main never writes', 'v0.2': 'an interrupted save of v0.2', 'v0.3.0': 'an interrupted save of v0.3.0', 'v0.2-or-v0.3.0': 'an interrupted save of v0.2 or v0.3.0' };
      return `${e.name}: ${by[e.writer ?? 'v0.2-or-v0.3.0']}`;
    }
    case 'session-files-lock': return '.session-files.lock (main locks every store operation)';
    case 'workspace-migration-lock': return '.workspace-migration.lock (main’s sessions root)';
    case 'migration-conflicts': return '.migration-conflicts/: main’s start-up migration met two versions of one file';
    case 'keyless-metadata': return `${plural(n, 'file')} whose metadata line has no key`;
    case 'ascii-escapes': return `${plural(n, 'file')} with non-ASCII text written as \\u escapes (json.dumps’s ensure_ascii)`;
    case 'raw-non-ascii': return `${plural(n, 'file')} with non-ASCII text written as itself`;
    case 'tools-used': return `${plural(n, 'file')} with tools_used on replies (a turn saved as user text and reply)`;
    case 'tool-result-cut': return `${plural(n, 'file')} with tool results cut at ${groupDigits(e.chars ?? 0)} characters`;
    case 'runtime-context-text': return `${plural(n, 'file')} with a [Runtime Context] block saved in the user’s text`;
    case 'latency': return `${plural(n, 'file')} with latency_ms on replies`;
    case 'attachments': return `${plural(n, 'file')} with cli_apps or mcp_presets on user messages`;
    case 'history-md': return 'memory/HISTORY.md and no history.jsonl: no nanobot that keeps history.jsonl has started here';
    case 'history-md-bak': return 'memory/HISTORY.md.bak: a nanobot that keeps history.jsonl moved the old history into history.jsonl';
    case 'history-session-key': return 'history.jsonl entries name their session (session_key)';
    case 'history-without-session-key': return 'history.jsonl entries without session_key';
  }
}

/** Why the verdict is what it is, in words. */
function whyText(v: VersionVerdict): string {
  switch (v.why.code) {
    case 'evidence': return v.why.evidence.map((i) => evidenceText(v.evidence[i]!)).join('; ');
    case 'only-safe-key-names': return 'only safe_key names, no newer records';
    case 'left-beside-main': return 'a workspace sessions folder next to .nanobot/workspace-id: files main left behind (it could not parse them), or written by an older nanobot after main ran';
    case 'nothing-tells': return 'nothing here tells the versions apart';
    case 'no-evidence': return 'no evidence of any version';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const shell = {
  // ── common: numbers, dates and the nouns every part counts ──
  common: {
    locale: 'en-US',
    count: groupDigits,
    /** nanobot's naive local time (already split into numbers) as `2 Jun 2026, 09:14`. */
    naiveTime: (y: string, mo: number, d: number, h: string, mi: string) => `${d} ${MONTHS[mo - 1]} ${y}, ${h}:${mi}`,
    loading: 'Loading…',
    language: 'Language',
  },
  // ── header ──
  header: {
    nav: 'Main',
    workspace: 'Workspace',
    open: 'Open',
    guide: 'Guide',
    modeDemo: 'demo',
    modeEditable: 'editable',
    modeReadOnly: 'read-only',
    theme: { system: 'system', light: 'light', dark: 'dark' },
    themeLabel: (name: string) => `Theme: ${name} (click to change)`,
  },
  // ── footer ──
  footer: {
    version: (v: string) => `Session Lens ${v}`,
    local: 'Runs entirely in this browser: nothing you open leaves it.',
  },
  // ── focus and announcements (the shell's live region) ──
  focus: {
    /** Said when a navigation has drawn its page: where the person is now. */
    arrived: (place: string) => `Now showing: ${place}`,
  },
  // ── start ──
  start: {
    isOpen: ' is open. ',
    back: 'Back to its sessions',
    orElse: ', or open something else below.',
    again: 'Open it again',
    title: 'Open a nanobot workspace',
    lead: 'Read, understand, repair and safely edit nanobot’s session files (`sessions/*.jsonl`). Everything happens in this page: nothing is uploaded, and the app makes no network requests.',
    openFolder: 'Open folder…',
    chooseFolder: 'Choose folder (read-only)…',
    openFile: 'Open a .jsonl file…',
    demo: 'Try the demo',
    mainDemo: 'Try the nanobot main demo',
    mainDemoTip: 'A config folder laid out like nanobot main',
    reset: 'Reset demo',
    resetAsk: 'Put the demo’s original files back? Every change made in the demo is lost.',
    resetDo: 'Reset the demo',
    hint: '…or drop a workspace folder, a sessions folder or a single `.jsonl` file anywhere on this page.',
    noFsa: 'This browser has no File System Access API (Firefox and Safari don’t), so folders open **read-only**: Session Lens copies the files into the page, and edits are offered as downloads. Use Chrome or Edge to edit files in place.',
    where: 'Where are nanobot’s sessions?',
    whereItems: [
      'nanobot v0.2: `<workspace>/sessions/*.jsonl` — open the workspace folder (often `~/.nanobot/workspace`) or its `sessions` folder.',
      'Newer nanobot: `~/.nanobot/sessions/<workspace id>/` — open `~/.nanobot` and pick the workspace.',
      'Older installs may also have global “legacy” sessions in `~/.nanobot/sessions/*.jsonl`.',
    ],
    features: 'What you will see',
    featureItems: [
      '**The list nanobot sees.** Sessions in nanobot’s own order, with its titles and previews — and badges for files nanobot would skip, repair, or load as empty and then overwrite.',
      '**What the model is sent.** The replay runs nanobot’s `get_history()` and shows why each message is kept, changed or left out.',
      '**Every problem, with its line.** The health view checks every file with nanobot’s loading rules and links each problem to the line that causes it.',
      '**Edits that lose nothing.** Untouched lines are written back byte for byte, a save is refused if the file changed on disk, and a repair keeps a backup first.',
    ],
    // remembered folders
    recent: 'Recent folders',
    state: { granted: 'Ready', prompt: 'Needs your permission again', denied: 'Access refused' },
    lastOpened: (when: string) => ` · last opened ${when}`,
    refused: (picker: boolean) =>
      `The browser refused access to this folder. ${picker ? 'Open it again with “Open folder…”, or drop it on the page; ' : ''}you can also allow it in the site settings (the icon left of the address).`,
    open: 'Open',
    reconnect: 'Reconnect',
    openNamed: (name: string) => `Open ${name}`,
    reconnectNamed: (name: string) => `Reconnect ${name}`,
    readOnly: 'Read-only',
    readOnlyNamed: (name: string) => `Open ${name} read-only`,
    forget: 'Forget',
    forgetNamed: (name: string) => `Forget ${name}`,
    // restoring a link after a reload
    reopening: 'Reopening the last workspace…',
    reconnectTitle: 'Reconnect to continue',
    linkWhenOpen: 'Your link opens as soon as the folder is open again.',
    linkWhenGranted: 'The browser asks only after a click; your link opens as soon as access is granted.',
    openToFollow: 'Open a workspace to follow this link.',
    notRemembered: 'The folder this link was opened from is no longer remembered: open it again.',
    needsPermission: (name: string) => `Session Lens needs your permission again to open ${name}.`,
    accessRefused: (name: string) => `Access to ${name} was refused. Open it again with "Open folder", or drop it on the page.`,
    // what opening says
    opened: (name: string, readOnly: boolean) => `Opened ${name}${readOnly ? ' (read-only)' : ''}.`,
    noPicker: 'This browser has no folder picker: use "Choose folder (read-only)" instead.',
    emptyDrop: 'Nothing to open in that drop: drop a folder or a .jsonl file.',
    demoReset: 'The demo was reset to its original files.',
    needsClick: 'The browser needs a click to ask for access: click Reconnect again.',
    notGranted: (name: string) => `Access to ${name} was not granted.`,
    stillReadOnly: (why: string) => `${why} You can still open it read-only.`,
    readDenied: (name: string) => `Reading ${name} was not allowed either.`,
    forgot: (name: string) => `Forgot ${name}. The folder itself is untouched.`,
    editClick: 'The browser needs a click to ask: click "Allow editing" again.',
    editRefused: 'Write access was not granted; the folder stays read-only.',
    editAllowed: 'Editing is allowed: saves now go to the folder.',
    // the shell around every page
    skip: 'Skip to content',
    dismiss: 'Dismiss message',
    update: 'A new version of Session Lens is ready.',
    reload: 'Reload to update',
    dropHere: 'Drop a folder or a .jsonl file to open it',
    openingSession: 'Opening the session…',
    cancel: 'Cancel',
    gotIt: 'Got it',
    details: 'Details',
  },
  // ── workspace ──
  workspace: {
    tabs: { sessions: 'Sessions', health: 'Health', leftovers: 'Leftovers', memory: 'Memory', upgrade: 'Upgrade' },
    nav: 'Workspace',
    readOnly: 'Read-only.',
    allowEditing: 'Allow editing',
    reading: 'Reading…',
    reload: 'Reload',
    close: 'Close',
    folder: 'Session folder',
    gateway: (name: string) =>
      `Edits are saved straight into the folder ${name}. A running nanobot gateway keeps sessions in memory and re-saves them when it shuts down, which can overwrite edits made here: stop it first.`,
    none: {
      title: (name: string) => `No nanobot sessions in “${name}”`,
      lead: 'This folder is not a nanobot workspace, sessions folder or config folder, and no file in it looks like a session. nanobot keeps its sessions here:',
      where: [
        'nanobot v0.2 and v0.3.0: <workspace>/sessions/ (the workspace is ~/.nanobot/workspace unless configured otherwise).',
        'nanobot main: ~/.nanobot/sessions/<32 hex digits>/, one folder per workspace (open ~/.nanobot or its sessions/ folder).',
      ],
      notKept: 'This folder is not kept under Recent folders.',
      another: 'Open another folder',
    },
    gatewayShort: (name: string) => `Stop nanobot’s gateway first: edits are saved straight into ${name}.`,
    dismissNote: 'Dismiss this note',
    about: 'About this folder',
    notesN: (n: number) => ` · ${plural(n, 'note')}`,
    fromCache: (when: string) => `Shown as it was on your last visit (${when}); reading the folder again for changes…`,
    noFolder: 'No session folder here. ',
    openConfig: 'Open nanobot’s config folder (usually ~/.nanobot) to see this workspace’s sessions.',
    readingFiles: (n: number) => `Reading ${plural(n, 'session file')}…`,
    // names and why a workspace is read-only (open.ts)
    demoName: 'Demo workspace',
    mainDemoName: 'Demo: nanobot main',
    demoLabel: 'Demo workspace (in this browser)',
    folderLabel: (name: string) => `folder ${name}`,
    copyOf: (name: string) => `copy of ${name} (read-only)`,
    chosenFiles: 'chosen files',
    theChosenFiles: 'the chosen files',
    roAsk: 'This page may read the folder but not write to it yet: edits are offered as downloads until you allow editing.',
    roFiles: 'This browser cannot write to local folders (no File System Access API): the files were copied into this page, read-only. Edits are offered as downloads.',
    roFile: 'A single file was opened, so it cannot be saved back in place: edits are offered as downloads. Open its folder to edit it.',
    roGranted: 'Write access was not granted, so this folder is open read-only: edits are offered as downloads.',
    noOpfs: 'This browser has no origin private file system, so the demo cannot be stored.',
    noDemo: (id: string) => `There is no demo called ${id}.`,
    demoHttp: (status: number) => `The demo files could not be loaded (HTTP ${status}).`,
    demoFileHttp: (path: string, status: number) => `The demo file ${path} could not be loaded (HTTP ${status}).`,
    // the kind of folder (layout-text.ts)
    layout: {
      newerWs: (name: string) => `“${name}” is a newer nanobot workspace: its sessions are kept in nanobot’s config folder, not here.`,
      ws: (name: string, n: number, path: string) => `“${name}” is a nanobot workspace: ${plural(n, 'session file')} in ${path}/.`,
      config: (name: string, ns: number, legacy: boolean, n: number) =>
        `“${name}” is nanobot’s config folder: ${plural(ns, 'workspace')} with sessions${legacy ? ', plus legacy global sessions' : ''} (${plural(n, 'file')} in all).`,
      roots: (name: string, n: number) => `“${name}” holds nanobot session folders of ${plural(n, 'workspace')}.`,
      sessions: (name: string, n: number) => `“${name}” is a nanobot sessions folder with ${plural(n, 'session file')}.`,
      loose: (name: string, n: number) => `“${name}” is not a nanobot workspace, but ${plural(n, '.jsonl file')} here ${n === 1 ? 'looks like a session' : 'look like sessions'}.`,
      nothing: (name: string) => `“${name}” is not a nanobot workspace, sessions folder or config folder, and no file in it looks like a session.`,
      role: { namespace: 'workspace', legacy: 'legacy', loose: 'files', workspace: 'sessions' },
      picker: (label: string, role: string, n: number) => `${label} (${role}, ${plural(n, 'file')})`,
      /** The folder's label and notes: the English the CLI prints too. */
      label: folderLabelEn,
      note: (n: LayoutNote) => (n.code === 'not-nanobot-folder' ? layoutNoteEn(n) : `${layoutNoteEn(n)} Open that folder to see them.`),
    },
    // the nanobot version (VersionLine)
    chosen: ' (chosen)',
    recognised: ' (recognised)',
    ambiguous: ' (ambiguous: one candidate is shown; choose yours below)',
    ambiguousShort: ' (ambiguous)',
    conflictUndecided: (reasons: string) => `nothing decisive, the oldest candidate is shown: ${reasons}`,
    listSep: '; ',
    evidenceN: (n: number) => `Evidence (${n})`,
    or: ' or ',
    colon: ': ',
    version: 'nanobot version',
    auto: (label: string) => `auto: ${label}`,
    /** The verdict's reasons. */
    reasons: whyText,
    evidence: evidenceText,
    // the session list
    sessions: 'Sessions',
    search: 'Search sessions',
    placeholder: 'Search titles, keys and messages   ( / )',
    channel: 'Channel',
    allChannels: (n: number) => `All channels (${groupDigits(n)})`,
    onlyProblems: (n: number) => `Only problems${n ? ` (${groupDigits(n)})` : ''}`,
    matchQ: (n: number) => `${plural(n, 'session')} ${n === 1 ? 'matches' : 'match'} “`,
    matchEnd: '”. ',
    sort: 'Sort',
    sorts: { nanobot: 'nanobot’s order', title: 'Title A–Z', size: 'Largest first', messages: 'Most messages', problems: 'Problems first' },
    sortedBy: (n: number, order: string) => `${plural(n, 'session')}, ${order.toLowerCase()}. `,
    inOrderPart: (n: number, listed: number, label: string) =>
      listed === 0
        ? `${plural(n, 'file')}: ${label} lists none of them (see each row’s badge). `
        : `${plural(n, 'file')}: ${label} lists ${groupDigits(listed)}, in its order (newest updated_at first); the rest follow. `,
    inOrder: (n: number) => `${plural(n, 'session')} in nanobot’s order (newest updated_at first). `,
    checking: (done: number, total: number) =>
      `Checking whole files: ${groupDigits(done)} of ${groupDigits(total)} done (message text becomes searchable as each is read).`,
    searching: (files: number, partial: number) =>
      `Searching titles, keys, previews and message text of ${plural(files, 'file')}${partial ? ` (${plural(partial, 'file')} only in part: too much text to keep in memory)` : ''}.`,
    sortErrorShort: 'nanobot’s own session list fails on this folder: the order below is a best effort.',
    noFiles: 'No session files in this folder.',
    noMatch: 'No session matches. ',
    stillReading: 'Some files are still being read; more may appear.',
    problems: 'Problems',
    noPreview: 'No preview text',
    foundIn: 'Found in the messages: ',
    channelTip: 'Channel (the key before its first “:”)',
    damagedTime: 'nanobot could not read this file’s head, so its list shows repaired times (the current time when the metadata was lost).',
    notListed: 'not listed',
    msgs: (n: number | null) => (n === null ? '… msgs' : `${groupDigits(n)} msg${n === 1 ? '' : 's'}`),
    showMore: (n: number, left: number) => `Show ${groupDigits(n)} more (${groupDigits(left)} not shown)`,
    /** Why nanobot's list leaves a file out. */
    skip: skipReasonEn,
    noMetadata: 'its first line is not a metadata record',
    // badges (rows.ts)
    badge: {
      empty: 'nanobot loads nothing',
      emptyWhy: (type: string) => `nanobot cannot load this file (${type}): it would start an empty session, and its next save would replace the whole file.`,
      damaged: 'damaged',
      damagedWhy: (errors: number, skipped: number) =>
        `Some lines cannot be read as nanobot writes them (${errors || 'see health'} problem${errors === 1 ? '' : 's'}).${skipped ? ` nanobot's repair pass skips ${skipped} line${skipped === 1 ? '' : 's'}.` : ''}`,
      mismatch: 'key ≠ file name',
      mismatchWhy: (key: string) => `The stored key "${key}" belongs in another file name: nanobot loads this file under a different key, or never.`,
      notText: 'key is not text',
      notTextWhy: (shown: string, key: string) =>
        `The stored key is ${shown}, not text: nanobot's list shows it so, but nanobot looks sessions up by text keys, so nothing opens this one by it. Session Lens opens the file under the key its name gives, "${key}".`,
      unreadable: 'cannot be read',
      unreadableWhy: (error: string) => `Session Lens could not read this file: ${error}`,
      unlisted: 'not in nanobot’s list',
      unlistedWhy: (reason: string) => `nanobot's session list leaves this file out: ${reason}.`,
      leftover: 'interrupted save',
      leftoverWhy: (names: string) => `${names} was left behind by a save of this file that did not finish.`,
      warnings: (n: number) => `${n} warning${n === 1 ? '' : 's'}`,
      warningsWhy: 'nanobot reads it, but something looks wrong: see the health view.',
    },
  },

  // ── decisions shown with their reasons and what they mean (issue 42) ──
  decide: {
    conflictShort: ' (conflicting evidence: the best fit)',
  },

  // ── listing cache (rows shown from the last visit) ──
  cache: {
    noAccess: (when: string) => `Shown as it was on your last visit (${when}); not checked: the folder can be read again only once access is granted.`,
    rereading: (n: number) => `Checked against the folder: reading ${plural(n, 'file')} that changed or ${n === 1 ? 'is' : 'are'} new since your last visit; the order may still change…`,
    rows: { unchecked: 'not checked yet', changed: 'changed since your last visit — re-reading', noaccess: 'not checked: no access to the folder', rereading: 're-reading' },
  },
  // ── storage errors, in a word each, until their full words have loaded (i18n/en/errors.ts) ──
  storeErrorShort: {
    'not-found': 'The file or folder was not found.',
    permission: 'Access was denied or revoked.',
    quota: 'The storage is full.',
    conflict: 'The file changed since it was read.',
    busy: 'Another writer is using the file.',
    'bad-name': 'This name cannot be used on disk.',
    'nanobot-raises': 'nanobot’s save would raise here; nothing was written.',
    cancelled: 'The save was cancelled; the file is unchanged.',
    io: 'The file could not be accessed.',
  } satisfies Record<StoreErrorCode, string> as Record<StoreErrorCode, string>,
};

export type ShellText = typeof shell;
export default shell;

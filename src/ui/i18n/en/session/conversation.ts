/** English: the session page's frame and its Conversation tab (find bar, Markdown). Part of the pages' catalog (../pages.ts). */
import { groupDigits as g } from '../../numbers';
import { plural } from '../page-words';

const words = {
  // ── session (page, header, tabs) ──
  session: {
    viewsFailed: (e: string) => `The session views could not be loaded: ${e}`,
    unreadable: (path: string, e: string) => `${path} can no longer be read: ${e}`,
    readingWorkspace: 'Reading the workspace…',
    missingTitle: 'No such session',
    /** Slots: {key}, {file} (the "in a file named" part, or nothing), {where}. */
    missing: 'There is no session with the key {key}{file} in {where}. It may have been deleted or renamed.',
    missingFile: ' in a file named {name}',
    thisWorkspace: 'this workspace',
    back: 'Back to the sessions',
    forkWritten: (path: string) => `Fork written to ${path}.`,
    openFork: 'Open the fork',
    breadcrumb: 'Breadcrumb',
    /** Slot: {name}. */
    opening: 'Opening {name}…',
    // header
    noTitle: '(no title)',
    exportOpen: 'Export / share…',
    facts: { key: 'key', file: 'file', size: 'size', messages: 'messages', rules: 'rules of', showing: 'showing' },
    bytes: (n: number) => (n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`),
    nanobotLoads: (n: number) => ` (nanobot loads ${g(n)})`,
    dismiss: 'Dismiss',
    nothingStrong: 'nanobot loads nothing from this file',
    /** Slot: {strong}. */
    nothingSummary: '{strong}; its next save replaces it.',
    /** Slots: {strong}, {error}, {key}, {lost}. */
    nothingBody: '{strong} ({error}). It would start an empty session for {key}, and its next save of that session {lost} Repair it (Edit tab) or keep nanobot away from it.',
    nothingLost: (n: number) => `replaces this whole file — all ${plural(n, 'message')} would be lost.`,
    repairStrong: 'repair path',
    /** Slot: {strong}. */
    repairSummary: 'nanobot takes the {strong} for this file.',
    /** Slots: {error}, {strong}. */
    repairLead: 'nanobot’s strict load fails ({error}), so it takes the {strong}',
    repairSkips: (n: number) => ` and skips ${plural(n, 'line')}`,
    repairSkipsEnd: '. Its next save writes the file without them.',
    repairNoSkip: '; it reads every message, but replaces unreadable dates with the current time.',
    listColon: ': ',
    listSep: ', ',
    line: (n: number) => `line ${n}`,
    problems: (n: number, errors: number) => `${plural(n, 'problem')} found${errors ? ` (${plural(errors, 'error')})` : ''} — see the File tab`,
    // the view
    lens: {
      conversation: 'recovered lens (every line of the file)',
      replay: 'nanobot’s lens (what get_history sends)',
      file: 'both lenses and the raw lines',
      edit: 'recovered lens (edits keep untouched lines byte for byte)',
      export: 'the session as stored, or nanobot’s replay, redacted before it leaves',
      context: 'nanobot’s lens: the whole next request (system prompt, replay, message)',
    },
    updated: (size: number, time: string) => `Updated from disk: the file changed (now ${g(size)} bytes, modified ${time}); the views show the new version.`,
    tabs: { conversation: 'Conversation', replay: 'Replay', context: 'Context', file: 'File', edit: 'Edit', editDownload: 'Edit (download)', export: 'Export' },
    tabsLabel: 'Session views',
    // opening a big file
    firstMessages: 'The first messages, while the rest of the file is read',
    received: (done: number, total: number) => `${g(done)} of ${g(total)} lines received from the parser…`,
    parsing: 'Parsing the whole file…',
    fullViews: 'The full views (replay, file, edit) open when it is done.',
    firstMessage: (role: string) => `First messages: ${role}`,
    noRole: 'no role',
    // raw line and folded text
    rawJson: 'Raw JSON',
    hideRaw: (line: number) => `Hide raw JSON (line ${line})`,
    revealing: (shown: number, total: number) => `Showing ${g(shown)} of ${g(total)} characters…`,
    stop: 'Stop',
    showAll: (left: number) => `Show all (${g(left)} more characters)`,
    showMore: (n: number) => `Show ${g(n)} more`,
    showLess: 'Show less',
  },
  // ── conversation ──
  conversation: {
    heading: 'Conversation',
    summary: (n: number) => `${plural(n, 'message')} as stored (recovered lens: every line kept)`,
    corrupt: (n: number) => plural(n, 'corrupt line'),
    orphans: (n: number) => plural(n, 'orphan tool result'),
    unanswered: (n: number) => plural(n, 'unanswered tool call'),
    findTitle: 'Find in this session (Ctrl+F / ⌘F)',
    find: 'Find…',
    rawAll: 'Raw text for every message (no Markdown formatting)',
    /** The same switch where a phone's row is short. */
    rawAllShort: 'Raw text',
    noMessages: 'This file holds no messages.',
    listLabel: 'Messages',
    /** While the rows are read from the file, and a card until its message is. */
    reading: 'Reading…',
    /** The rows a page of the list holds (a long file's list goes in pages). */
    pageOf: (from: string, to: string, total: string) => `Messages ${from}–${to} of ${total}`,
    // a message card
    messageLabel: (n: number, role: string) => `Message ${n}, ${role}`,
    position: (n: number, line: number) => `#${n} · line ${line}`,
    copyLinkTitle: 'Copy a link that opens this message',
    copyLink: 'copy link',
    linkCopied: (n: number) => `Link to message #${n} copied.`,
    linkIs: (n: number, url: string) => `Link to message #${n}: ${url}`,
    noContent: '(no content key)',
    contentNull: '(content: null)',
    empty: '(empty)',
    block: 'block',
    typedBlock: (type: string) => `${type} block`,
    reasoning: 'Reasoning',
    reasoningChars: (n: number) => ` (${n} chars)`,
    thinkingBlocks: (n: number) => ` · ${n} thinking block${n === 1 ? '' : 's'}`,
    attachments: 'Attachments (replay adds them to the text as breadcrumbs)',
    image: 'image: ',
    cliApp: 'CLI app @',
    mcpPreset: 'MCP preset @',
    unnamed: '(unnamed)',
    notCall: '(not a tool call object)',
    internalKeys: 'Internal keys',
    unknownKey: 'a key nanobot does not define',
    /** What each of nanobot's own message keys tells a reader (the keys as nanobot writes them). */
    flags: {
      _command: 'slash-command row: shown in chat, never replayed to the model',
      _channel_delivery: 'delivered to the channel by nanobot itself; replay keeps it when it precedes the first user turn',
      injected_event: 'injected by nanobot (e.g. a subagent result), not typed by a person',
      subagent_task_id: 'belongs to a subagent task',
      sender_id: 'who sent it on the channel',
      _cron_turn: 'written by a scheduled (cron) run',
      cron_job_id: 'the cron job that ran',
      cron_job_name: 'the cron job’s name',
      cron_run_id: 'the cron run',
      cron_prompt_ref: 'the cron prompt it came from',
      latency_ms: 'how long the model took to answer',
      source: 'where the message came from',
      _runtime_context: 'newer nanobot: describes a stored runtime-context suffix of the content',
    },
    // rows that are not messages
    corruptLabel: (line: number) => `Corrupt line ${line}`,
    corruptTag: 'corrupt line',
    line: (n: number) => `line ${n}`,
    openInFile: 'open in File tab',
    column: (n: number) => ` (column ${n})`,
    provider: (line: number) => ` line ${line}: provider state record — not a message, never in previews or replay; kept byte for byte.`,
    marker: (archived: number, remain: number) => ` — the ${archived} message${archived === 1 ? '' : 's'} above ${archived === 1 ? 'is' : 'are'} archived to memory and not replayed; replay starts below (${remain} remain).`,
    markerUnchecked: (raw: string, label: string, raises: boolean) =>
      ` The file says last_consolidated ${raw}: ${label} does not check it and slices the messages with it as stored, ` +
      (raises ? 'so every replay raises TypeError.' : 'so replay starts where Python’s slice starts.'),
    markerReset: (raw: string) => ` The file says last_consolidated ${raw}: nanobot range-checks it and resets it to 0, so a corrupt offset can never hide the whole history.`,
    markerRecovered: ' (recovered lens: nanobot loads nothing from this file)',
    // tool calls and results
    toolCalls: 'Tool calls',
    resultIn: (n: number) => `result: message #${n}`,
    unansweredCall: 'unanswered call',
    noCallId: 'no tool_call_id',
    orphanTitle: 'replay cuts everything up to and including an orphan tool result',
    orphan: 'orphan result: no earlier call with this id',
    /** Slots: {name}, {call}. */
    resultOf: 'result of {name} {call}',
    callIn: (n: number) => `call in message #${n}`,
  },
  // ── find ──
  find: {
    label: 'Find in this session',
    inputLabel: 'Find in messages, tool calls and results',
    placeholder: 'Find in this session',
    noMatches: 'No matches',
    searching: 'searching…',
    position: (at: number, total: number, more: boolean) => `${g(at)} of ${g(total)}${more ? '+' : ''}`,
    previous: 'Previous match',
    previousTitle: 'Previous match (Shift+Enter)',
    next: 'Next match',
    nextTitle: 'Next match (Enter)',
    close: 'Close find',
    closeTitle: 'Close (Escape)',
    // jump to
    jumpTo: 'Jump to',
    messageNumber: 'Message number',
    line: 'line',
    fileLine: 'File line',
    go: 'Go',
    firstReplayed: 'first replayed',
    latest: 'latest',
    noMessage: (typed: string, total: number) => `There is no message #${typed}: messages are #1–${total}.`,
    noLine: (typed: string) => `Line ${typed} holds no message or row of the conversation.`,
    replaying: 'Replaying at the agent loop’s settings…',
    noneSent: 'nanobot’s replay sends no message of this session.',
    replayFailed: (e: string) => `The replay could not be computed: ${e}`,
  },
  // ── markdown ──
  markdown: {
    copied: 'Copied',
    copyRefused: 'Copy refused: select the code to copy it',
    code: 'code',
    copyLanguage: (lang: string) => `Copy ${lang} code`,
    copyCode: 'Copy code',
    copy: 'Copy',
    tooLong: (n: number, limit: number) => `Not formatted as Markdown: ${g(n)} characters is over the limit of ${g(limit)}. Shown as plain text.`,
    rawTitle: 'Show this text exactly as stored, or formatted as Markdown',
    rawText: 'Raw text',
    image: 'image: ',
  },
};

export default words;

/**
 * English, part two: the words of the pages that load on first use (session page and its tabs,
 * guide, health, leftovers, upgrade). Every other language's `pages.ts` has exactly these keys.
 * Words nanobot or Python wrote (exception texts, file content, key names) are never here.
 */

const pages = {
  // ── guide ──
  guide: {},
  // ── health ──
  health: {},
  // ── leftovers ──
  leftovers: {},
  // ── upgrade ──
  upgrade: {},

  // ── session (page, header, tabs) ──
  session: {},
  // ── conversation ──
  conversation: {},
  // ── find ──
  find: {},
  // ── markdown ──
  markdown: {},
  // ── file ──
  file: {},
  // ── export ──
  export: {},

  // ── replay ──
  replay: {},
  // ── context ──
  context: {},
  // ── edit ──
  edit: {},

  // ── large (files opened through the compact index) ──
  large: {
    lens: 'large-file mode: the file stays on disk, read by its index',
    opening: (name: string) => `Opening ${name} in large-file mode…`,
    firstMessages: 'The first messages, while the whole file is indexed',
    progress: (read: string, total: string, lines: string) => `Indexed ${read} of ${total} (${lines} lines)…`,
    noFile: 'This storage cannot hand the file over in slices, so it cannot be opened in large-file mode.',
    failed: (why: string) => `The file could not be indexed: ${why}`,
    summary: (size: string, lines: string, messages: string) => `${size} · ${lines} lines · ${messages} messages`,
    roles: (user: string, assistant: string, tool: string, other: string) => `${user} user · ${assistant} assistant · ${tool} tool · ${other} other`,
    corrupt: (n: string) => `${n} lines that are not records (blank, not JSON, not objects, or not UTF-8)`,
    nanobotNormal: (n: string) => `nanobot loads ${n} messages.`,
    nanobotRepair: (n: string, skipped: string) => `nanobot's strict load fails; its repair pass keeps ${n} messages and skips ${skipped} lines.`,
    nanobotNothing: 'nanobot loads nothing from this file: it starts an empty session, and its next save replaces the whole file.',
    nanobotRaises: 'nanobot\'s load raises on this file (a line nested too deeply): the session cannot be opened by it.',
    why: 'This file is large, so Session Lens keeps it on disk and reads only what is on screen. The Conversation and Replay views work from its index; the File, Edit and Export views are not available in this mode, and nothing can be saved from it.',
    tabs: 'Session views',
    conversation: 'Conversation',
    replay: 'Replay',
    edit: 'Edit',
    editOff: 'Editing is off in large-file mode: a save would have to rewrite the file from its own bytes outside the page, which this mode does not do yet. Use the command line (npx session-lens) to trim, fork or repair a file this size.',
    list: 'Messages',
    line: (n: string) => `line ${n}`,
    loadingRow: 'Reading…',
    notObject: '(not a record nanobot can read)',
    noRole: 'no role',
    replayHead: (sent: string, total: string, version: string) => `nanobot ${version} sends ${sent} of ${total} messages`,
    replayFrom: (from: string, decoded: string) => `The replay cannot reach a message before #${from}: only the last ${decoded} messages were read to compute it.`,
    replayDefaults: 'Default settings of this version (no token budget): the Replay tab of the full view has the other settings.',
    replayTooFar: (reach: string, max: string) => `Under this version's rules the replay reaches ${reach} messages, more than large-file mode reads at once (${max}); it is not computed here. The command line (npx session-lens replay) computes it.`,
    replayNothing: 'nanobot loads no messages from this file, so it replays nothing.',
    replayError: (type: string, message: string, at: string) => `nanobot's replay raises ${type}: ${message} (message #${at}).`,
    replayComputing: 'Reading the messages the replay can reach…',
    pages: 'Pages of messages',
    previousPage: '← Previous',
    nextPage: 'Next →',
    lastPage: 'Last page',
    pageOf: (from: string, to: string, total: string) => `Messages ${from}–${to} of ${total}`,
    dropped: (reason: string, n: string) => `${n} left out: ${reason}`,
  },
};

export type PageText = typeof pages;
export default pages;

/** English: large-file mode's own words. Part of the pages' catalog (../pages.ts). */

const words = {
  large: {
    more: 'Details: messages by role, how this view reads the file',
    lens: 'large-file mode: the file stays on disk, read by its index',
    opening: (name: string) => `Opening ${name} in large-file mode…`,
    firstMessages: 'The first messages, while the whole file is indexed',
    progress: (read: string, total: string, lines: string) => `Indexed ${read} of ${total} (${lines} lines)…`,
    failed: (why: string) => `The file could not be indexed: ${why}`,
    summary: (size: string, lines: string, messages: string) => `${size} · ${lines} lines · ${messages} messages`,
    roles: (user: string, assistant: string, tool: string, other: string) => `${user} user · ${assistant} assistant · ${tool} tool · ${other} other`,
    corrupt: (n: string) => `${n} lines that are not records (blank, not JSON, not objects, or not UTF-8)`,
    nanobotNormal: (n: string) => `nanobot loads ${n} messages.`,
    nanobotRepair: (n: string, skipped: string, why: string) => `nanobot's strict load fails${why && ` (${why})`}; its repair pass keeps ${n} messages and skips ${skipped} lines.`,
    nanobotNothing: (why: string) => `nanobot loads nothing from this file${why && ` (${why})`}: it starts an empty session, and its next save replaces the whole file.`,
    nanobotRaises: (why: string) => `nanobot's load raises${why && ` ${why}`}: the session cannot be opened by it.`,
    why: 'This file is large, so Session Lens keeps it on disk and reads only what is on screen. Every view works from its index.',
    pages: 'Pages of messages',
    previousPage: '← Previous',
    nextPage: 'Next →',
    lastPage: 'Last page',
    findFailed: (why: string) => `The search could not read the file: ${why}`,
  },

  // ── the switch between large-file mode and the full view (mid-size files open in large-file mode by default) ──
  viewSwitch: {
    openFull: (memory: string) => `Open the full view (about ${memory} of memory)`,
    openFullShort: (memory: string) => `Full view (${memory})`,
    fullAdds: 'The same tabs and answers; the full view parses every message into the page first.',
    tooBig: (line: string) => `The full view is not offered from ${line}: the whole file would not fit in the page.`,
    shownFull: (memory: string, line: string) => `Shown in the full view, every message read into the page (about ${memory} of memory). Files from ${line} open in large-file mode by default: it shows them at once and keeps the file on disk.`,
    backToLarge: 'Open in large-file mode',
  },
};

export default words;

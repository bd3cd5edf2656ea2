/**
 * English, part two: the words of the pages that load on first use (session page and its tabs,
 * guide, health, leftovers, upgrade). Every other language's `pages.ts` has exactly these keys.
 * Words nanobot or Python wrote (exception texts, file content, key names) are never here.
 */
import { groupDigits } from '../numbers';

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

const pages = {
  // ── guide ──
  guide: {
    title: 'How nanobot keeps sessions',
    lead: 'A session is one conversation, under a key such as `telegram:12345` or `cli:direct`. nanobot stores each in a JSON Lines file, `<workspace>/sessions/<safe_key>.jsonl`: one JSON object per line.',
    sections: [
      {
        id: 'g-meta',
        h: 'Line 1: the metadata record',
        p: 'The first line is `{"_type": "metadata", "key", "created_at", "updated_at", "metadata", "last_consolidated"}`; every later line is one message (`role`, `content`, `timestamp`, tool calls…). Keeping the session-level state on its own first line lets nanobot list sessions by reading only each file’s head — key, title and times — and a short preview, without parsing thousands of messages. It is also why the file name does not decide ownership: `safe_key` is lossy (`a:b_c` and `a_b:c` share a file), so the stored key is the real one. The **Sessions** list is built exactly like nanobot’s; a file whose first line is not a metadata record is missing from nanobot’s list (badge “not in nanobot’s list”), and a stored key that belongs in another file gets “key ≠ file name”.',
      },
      {
        id: 'g-replay',
        h: 'Replay is not `messages[-120:]`',
        p: 'What nanobot sends back to the model is `get_history()`: it starts after the archived prefix (`last_consolidated`), takes a window of recent messages, cuts it to start at a user turn (keeping a proactive delivery just before it), moves past tool results whose call is not in the window (a provider rejects an orphaned tool result), drops command rows and empty assistant turns, removes leaked stamps and image lines from assistant text, adds media and attachment breadcrumbs to user turns, and finally fits a token budget — cutting again to a user turn. A plain slice could start with a tool result or in the middle of a turn. A session’s **Replay** tab shows each message’s fate and why.',
      },
      {
        id: 'g-time',
        h: 'Timestamps only on user turns',
        p: 'With `include_timestamps`, nanobot prefixes user messages with `[Message Time: …]`, never assistant ones. A model copies the format of its own past replies: if its earlier turns carried stamps, it would start writing stamps into new replies, leaking internal metadata to the person. One stamp on the user turn is enough context for the reply next to it — and the sanitizer strips a stamp that did leak into assistant text (see the demo’s WebUI session).',
      },
      {
        id: 'g-save',
        h: 'Saving: os.replace and fsync',
        p: 'nanobot writes the whole session to `<name>.jsonl.tmp` and then `os.replace()`s it over the file. The rename is atomic, so a reader — or a crash — sees the old file or the new one, never a half-written one; a failed write removes the tmp and leaves the old file. `fsync` solves a different problem: durability. Without it, the data may still sit in the operating system’s cache when the power goes; with it (on shutdown and for forks) the file and then its folder are flushed to disk. A `.jsonl.tmp` left in the folder is the trace of a save that did not finish: the **Leftovers** page lists them with the file they were going to replace.',
      },
      {
        id: 'g-lc',
        h: 'last_consolidated must be range-checked',
        p: '`last_consolidated` counts the messages already summarised into memory; replay starts after them. A wrong value would hide history (a number past the end hides every message) or replay garbage, so nanobot accepts only a whole number between 0 and the number of messages and otherwise resets it to 0 — replaying the archived messages again. The session views mark where the archived prefix ends; the health view flags an out-of-range value.',
      },
      {
        id: 'g-broken',
        h: 'Damaged files',
        p: 'When a line cannot be parsed, nanobot’s repair pass skips it and keeps the rest; a byte-order mark on line 1 loses the metadata record. Worse, a line that is valid JSON but not an object (`[1]`, `null`), or any invalid UTF-8, makes nanobot load *nothing*: it starts an empty session, and its next save replaces the whole file. The badges “damaged” and “nanobot loads nothing” come from running nanobot’s own loading rules on each whole file; **Health** lists every problem with a link to its line. Recovery is not harmless: keep the original (Session Lens writes a backup before a repair) and stop nanobot before editing — a running gateway re-saves its cached sessions when it shuts down.',
      },
    ],
  },
  // ── health ──
  health: {
    title: 'Health',
    summary: 'Summary',
    empty: ' nanobot would load as empty (and destroy on its next save)',
    damaged: ' damaged (nanobot repairs them on load, losing lines)',
    unlisted: ' missing from nanobot’s session list',
    leftovers: 'leftovers of interrupted saves',
    sortError: (error: string) => `nanobot’s session list fails as a whole on this folder: ${error}.`,
    checking: (done: number, total: number) => `Checking whole files: ${groupDigits(done)} of ${groupDigits(total)} done. `,
    tally: (bad: number, ok: number) => `${plural(bad, 'file')} with problems, ${plural(ok, 'file')} fine.`,
    notes: 'Include notes (blank lines, line endings — harmless to nanobot)',
    noneYet: 'No problems found so far.',
    none: 'No problems: nanobot reads every file as written.',
    fine: (n: number) => `${plural(n, 'file')} without problems`,
    colon: ':',
    leftover: 'Leftover:',
    leftoverIs: ' is what an interrupted save of this file left behind (see Leftovers).',
    problemsIn: (file: string) => `Problems in ${file}`,
    wholeFile: 'whole file',
    line: (n: number, column: string) => `line ${groupDigits(n)}${column ? `:${column}` : ''}`,
    sev: { error: 'error', warning: 'warning', info: 'info' },
    /** A diagnostic's message: the core's English (the CLI prints the same). */
    message: (d: import('../../../core/document').Diagnostic) => d.message,
    more: (n: number) => `…and ${plural(n, 'more problem')} (open the file view to see all).`,
    compare: 'Compare both lenses in the File view',
    repair: 'Repair or edit…',
    // nanobot's verdict on each file (workspace/health.ts)
    label: { listing: 'Listing', loading: 'Loading', notChecked: 'Not checked', pending: 'Pending' },
    notInList: (reason: string) => `Not in nanobot’s session list: ${reason}.`,
    listRepaired: 'nanobot’s session list reads this file through its repair pass (its first lines cannot be read as written), so it shows fallback times and key.',
    tooBig: (mb: number) => `larger than ${mb} MB: checked when you open it`,
    skipped: (why: string) => `${why}.`,
    pendingText: 'Checking the whole file…',
    loadsNothing: (error: string | null) =>
      `nanobot loads nothing from this file (${error ?? 'no messages and no metadata'}). It would start an empty session, and its next save would destroy the whole file.`,
    repairs: (error: string, messages: number, skipped: number) =>
      `nanobot’s strict load fails (${error}); its repair pass recovers ${plural(messages, 'message')}${skipped ? `, skipping ${plural(skipped, 'line')} it cannot parse` : ''}. Its next save writes only what it recovered.`,
    loads: (messages: number, archived: number) =>
      `nanobot loads ${plural(messages, 'message')}${archived ? `, ${groupDigits(archived)} already archived (last_consolidated ${archived})` : ''}.`,
  },
  // ── leftovers ──
  leftovers: {
    title: 'Leftovers of interrupted saves',
    intro: 'nanobot saves a session by writing `<name>.jsonl.tmp` and then renaming it over the file (`os.replace`), so a reader never sees a half-written session. If the program stops in between, the tmp file stays behind; nanobot does not list it, and its next save overwrites it. Chromium leaves `.crswap` files the same way.',
    readOnly: 'This workspace is read-only here: leftovers can be inspected, not removed.',
    none: 'No leftovers in this folder.',
    swap: 'browser swap file',
    tmp: 'tmp file',
    stat: (size: string, when: string) => `${size}, modified ${when}. `,
    unknownTarget: 'It is not known which file it was going to replace.',
    newSession: (target: string) => `It was going to become ${target}, which does not exist: the save of a new session was interrupted.`,
    sameTime: ', and was written at the same time as that file’s last change (as far as the disk’s clock tells)',
    afterOrBefore: (after: boolean) => `, and was written ${after ? 'after' : 'before'} that file’s last change`,
    damagedTarget: (target: string) =>
      `This save did not touch ${target} (an atomic save replaces it only once the new copy is complete), but ${target} is damaged in its own right: see Health.`,
    untouched: (target: string) => `This save did not touch ${target}: an atomic save replaces it only once the new copy is complete.`,
    replaces: (target: string, size: string, when: string, state: string) => `It was going to replace ${target} (${size})${when}. ${state}`,
    contents: (lines: number, messages: number) => `${plural(lines, 'line')}, ${plural(messages, 'message')}`,
    current: (n: number) => ` (the current file has ${plural(n, 'message')})`,
    complete: 'it ends with a complete line.',
    cut: 'it is cut off: the last line is incomplete, so the save never finished.',
    problems: (n: number) => ` ${plural(n, 'problem')} found.`,
    firstLines: (name: string) => `First lines of ${name}`,
    inspect: 'Inspect',
    remove: 'Remove…',
    ask: (name: string) => `Delete ${name} from the folder? This cannot be undone.`,
    del: (name: string) => `Delete ${name}`,
    removed: (name: string) => `Removed ${name}.`,
  },
  // ── upgrade ──
  upgrade: {
    title: 'What an upgrade changes',
    from: 'From ',
    inForce: ' (in force here) to ',
    what: ': what its agent loop would replay for each session, and which sessions it would no longer see. Nothing is written.',
    target: 'Target nanobot version',
    reading: (n: number, total: number) => `Reading ${n} of ${total}… `,
    kind: { vanishes: 'no longer seen', appears: 'newly seen', changes: 'replays differently', same: 'replays the same' },
    tally: (n: number, kind: string) => `${n} ${kind}`,
    /** Why a version does or does not see a file: the core's English (the CLI prints the same). */
    note: (note: string) => note,
    vanishes: (to: string, note: string, from: string, n: number) => `${to} will not see it: ${note}. ${from} replays ${plural(n, 'message')} of it today.`,
    appears: (to: string, from: string, note: string) => `${to} sees it (${from} does not: ${note}).`,
    tokens: (a: number, b: number) => `, ${groupDigits(a)} → ${groupDigits(b)} tokens`,
    raisesTo: (to: string, error: string) => ` ${to} raises ${error}.`,
    raisesFrom: (from: string, error: string) => ` (${from} raises ${error}.)`,
    stop: '.',
    moves: (note: string) => ` ${note[0]!.toUpperCase()}${note.slice(1)}.`,
    same: (n: number, rest: string) => `Replays the same ${plural(n, 'message')}${rest}`,
    changes: (a: number, b: number, added: number, lost: number, rest: string) => `${a} → ${plural(b, 'message')} replayed (+${added} / −${lost})${rest}`,
  },

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
  large: {},
};

export type PageText = typeof pages;
export default pages;

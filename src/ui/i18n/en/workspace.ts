/** English: the workspace's pages (guide, health, leftovers, upgrade, the version decision). Part of the pages' catalog (pages.ts). */
import type { MigrationStay } from '../../../core/nanobot/migration';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import type { RuleChange, VisibilityNote } from '../../../core/nanobot/upgrade';
import { groupDigits } from '../numbers';
import type { FixSource } from '../../../store/listing/sort-breakers';
import type { ChoiceWhy } from '../../../core/nanobot/version-evidence';
import { plural, diagnostic } from './page-words';

const words = {
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
    message: diagnostic,
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
    empty: 'It is empty: the save was interrupted before it wrote anything.',
    cut: 'it is cut off: the last line is incomplete, so the save never finished.',
    ownTmp: 'Session Lens save, interrupted',
    own: (started: string) => `Session Lens began this save at ${started}, and the page was closed or reloaded before it finished.`,
    ownEmpty: 'It is empty: Session Lens keeps a save’s bytes in the browser’s swap file until the save completes, so nothing reached this file. Nothing in it is needed: it can be removed.',
    ownCut: 'it holds only the part of the new file written before the save was cut short: nothing in it is needed, it can be removed.',
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
    to: ' to ',
    inForceMark: ' · in force here',
    what: ': what its agent loop would replay for each session, and which sessions it would no longer see. Nothing is written.',
    source: 'nanobot version now',
    target: 'Target nanobot version',
    rulesChanged: (n: number) => (n === 1 ? 'One rule of the version table differs' : `${groupDigits(n)} rules of the version table differ`),
    noRulesChanged: 'No rule of the version table differs: both answer alike.',
    /** A changed rule in a sentence, for the rules a person acts on; null: its row name and values say it. */
    rule: (c: RuleChange): string | null => {
      switch (c.row) {
        case 'atomicSave': return c.to ? 'Saves go through a temporary file and a rename: a save that stops leaves the file whole.' : 'Saves rewrite the file in place: a save that stops cuts the file short.';
        case 'loadFailure': return c.to === 'repair' ? 'A file with a bad line is repaired on load (the bad lines skipped), not emptied.' : 'A file with a bad line loads as an empty session, which the next save writes over it.';
        case 'metadataKey': return c.to ? 'The metadata line carries the session’s key.' : 'The metadata line carries no key.';
        case 'asciiEscapes': return c.to ? 'Non-ASCII text is saved as \\u escapes.' : 'Non-ASCII text is saved as itself.';
        case 'sessionsHome': return c.to === 'namespace' ? 'Sessions move into the config folder’s namespace (<config>/sessions/<id>/).' : 'Sessions live in the workspace’s sessions folder.';
        case 'fileStem': return c.to === 'base64url' ? 'Session files are named by the base64url of their key.' : 'Session files are named by safe_key of their key.';
        case 'historyLog': return c.to === 'history.jsonl' ? 'Memory’s history moves from HISTORY.md to history.jsonl (HISTORY.md becomes HISTORY.md.bak).' : 'Memory’s history is HISTORY.md.';
        case 'defaultContextWindow': return `The default context window is ${groupDigits(c.to as number)} tokens (was ${groupDigits(c.from as number)}): the replay’s budget follows.`;
        default: return null;
      }
    },
    value: (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v)),
    reading: (n: number, total: number) => `Reading ${n} of ${total}… `,
    kind: { vanishes: 'no longer seen', appears: 'newly seen', changes: 'replays differently', same: 'replays the same' },
    tally: (n: number, kind: string) => `${n} ${kind}`,
    /** Why a version does or does not see a file: the core's English (the CLI prints the same). */
    note: (n: VisibilityNote) => {
      const stay = (x: MigrationStay) => {
        switch (x.code) {
          case 'not-utf8': return `line ${x.line} is not valid UTF-8`;
          case 'not-json': return `line ${x.line} is not JSON (${x.error})`;
          case 'not-object': return `line ${x.line} is not a JSON object`;
          case 'bad-updated-at': return `line ${x.line}: updated_at is not an ISO time`;
          case 'no-timestamp': return `line ${x.line}: updated_at has no timestamp (${x.error})`;
          case 'no-record': return 'the file holds no record';
          case 'tmp-name-too-long': return `its copy's temp file cannot be made (${x.error})`;
        }
      };
      switch (n.code) {
        case 'not-in-namespace': return `${rulesOf(n.version).label} never looks in main's session namespace`;
        case 'name-not-base64url': return 'its name is not the base64url of a key: main never loads or lists it';
        case 'startup-raises': return `main's start-up raises ${n.error} on this file`;
        case 'left-in-workspace': return `main's start-up migration leaves it in the workspace (${stay(n.stay)}), where main never looks`;
        case 'moved-name-not-base64url': return 'main moves it into its namespace, but its v0.2 name is not base64url: main never loads or lists it';
        case 'moved-at-startup': return 'moved into main’s namespace at start-up';
        case 'load-raises': return `loading raises ${n.error}`;
        case 'loads-nothing': return 'nanobot loads nothing from it (its next save empties the file)';
      }
    },
    vanishes: (to: string, note: string, from: string, n: number) => `${to} will not see it: ${note}. ${from} replays ${plural(n, 'message')} of it today.`,
    appears: (to: string, from: string, note: string) => `${to} sees it (${from} does not: ${note}).`,
    tokens: (a: number, b: number) => `, ${groupDigits(a)} → ${groupDigits(b)} tokens`,
    raisesTo: (to: string, error: string) => ` ${to} raises ${error}.`,
    raisesFrom: (from: string, error: string) => ` (${from} raises ${error}.)`,
    listingRaises: (to: string, error: string) => ` ${to}'s session list raises ${error} on this file, so its sidebar lists no session of the folder.`,
    stop: '.',
    moves: (note: string) => ` ${note[0]!.toUpperCase()}${note.slice(1)}.`,
    same: (n: number, rest: string) => `Replays the same ${plural(n, 'message')}${rest}`,
    changes: (a: number, b: number, added: number, lost: number, rest: string) => `${a} → ${plural(b, 'message')} replayed (+${added} / −${lost})${rest}`,
  },

  // ── decisions shown with their reasons: what each version would mean, a listing that fails (issue 42) ──
  decide: {
    /** How a version's files are named, after the version in use (`label`: its one way of writing). */
    naming: {
      safeKeyLong: 'The file name is safe_key(key): telegram:12345 → telegram_12345.jsonl. The mapping is lossy (a:b_c and a_b:c share a file), so the key stored in the metadata record is the real one.',
      b64Long: 'The file name is base64url(key) without padding: telegram:12345 → dGVsZWdyYW06MTIzNDU.jsonl. Files with other names are ignored by nanobot.',
      unknown: 'file names of unknown naming',
      unknownLong: 'These files are not in a folder nanobot uses; keys come from their metadata records, or from the file names.',
      safeKey: (label: string) => `${label} file names (safe_key)`,
      b64: (label: string) => `${label} file names (base64url)`,
      b64Either: (label: string) => `${label} file names (base64url; safe_key names still read)`,
      b64EitherLong:
        'New files are named base64url(key): telegram:12345 → dGVsZWdyYW06MTIzNDU.jsonl. A name that does not decode is read the old way, as safe_key(key), so files of both forms are listed.',
    },
    compareTitle: 'What each version would mean here',
    /** Why the conflict went to this version: the rank that set it apart, with its numbers. */
    choice: (why: ChoiceWhy, fits: number, clues: number, listed: number, files: number) =>
      why === 'fits-most'
        ? `it fits ${groupDigits(fits)} of the ${plural(clues, 'clue')}, more than any other version, and lists ${groupDigits(listed)} of ${plural(files, 'session file')}`
        : why === 'lists-most'
          ? `it fits as many clues as another version (${groupDigits(fits)} of ${groupDigits(clues)}) and lists more of the sessions (${groupDigits(listed)} of ${groupDigits(files)})`
          : why === 'decisive'
            ? `it ties with another version on clues (${groupDigits(fits)} of ${groupDigits(clues)}) and sessions listed (${groupDigits(listed)} of ${groupDigits(files)}), and fits more of what only one nanobot writes`
            : `it ties with an older version on every count (${groupDigits(fits)} of ${plural(clues, 'clue')}, ${groupDigits(listed)} of ${plural(files, 'session')} listed); the newer one reads more`,
    decided: (label: string, why: string, by: string, against: string) => `${label}’s rules apply: ${why}. Clues that fit it: ${by}. Against it: ${against}`,
    conflictNote: (label: string, why: string) => `The files disagree about the nanobot version: ${label} is used, as ${why}.`,
    compareLead: 'Before one is used: the clues on disk each version fits, and the sessions its listing would show or leave out.',
    cols: { version: 'Version', clues: 'Clues that fit', listed: 'Sessions listed', hidden: 'Not listed' },
    of: (n: number, total: number) => `${groupDigits(n)} of ${groupDigits(total)}`,
    inUse: 'in use',
    use: 'Use',
    useLabel: (label: string) => `Use ${label}`,
    // nanobot's own listing fails (sort-breakers.ts)
    breaksTitle: (n: number) => `nanobot’s own session list fails on this folder: ${n === 1 ? 'one file breaks it' : `${groupDigits(n)} files break it`}`,
    whatAndFix: ': their values, their lines and the fix',
    nameSep: ', ',
    andMore: (n: number) => ` and ${groupDigits(n)} more`,
    breaksLead: (error: string) => `nanobot raises ${error} and lists no session at all. The order below is a best effort.`,
    breakUpdatedAt: (value: string) => `updated_at is ${value}, not text: nanobot’s sort cannot compare it with the others.`,
    breakRaises: (error: string) => `reading its head makes nanobot’s listing raise ${error}.`,
    openLine: 'line 1',
    openFile: 'open it',
    fixFrom: { 'epoch-seconds': 'the same time, read as seconds since 1970', 'epoch-ms': 'the same time, read as milliseconds since 1970', 'created-at': 'its created_at', mtime: 'the file’s modification time, as nanobot uses when a time is missing' } satisfies Record<FixSource, string>,
    fix: (n: number) => (n === 1 ? 'Write updated_at as text' : `Write updated_at as text in ${plural(n, 'file')}`),
    fixWhat: (value: string, from: string) => `Sets updated_at to "${value}" (${from}); nothing else in the file changes.`,
    fixConfirm: (n: number) => `Rewrite line 1 of ${plural(n, 'file')}? A file that changed since it was listed is left alone.`,
    fixing: 'Saving…',
    fixed: (n: number) => `${plural(n, 'file')} saved. Listing the folder again…`,
    fixStale: (file: string) => `${file} changed since it was listed; it was left alone. Reload and try again.`,
    fixReadOnly: 'This folder is open read-only: allow editing to write the fix.',
  },
};

export default words;

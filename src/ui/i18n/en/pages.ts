/**
 * English, part two: the words of the pages that load on first use (session page and its tabs,
 * guide, health, leftovers, upgrade). Every other language's `pages.ts` has exactly these keys.
 * Words nanobot or Python wrote (exception texts, file content, key names) are never here.
 */
import type { Diagnostic } from '../../../core/lens/document';
import type { EditChange } from '../../../core/edit/edits';
import type { SecretKind } from '../../../core/export/redact';
import type { ContractProblem, FoundKind } from '../../../core/nanobot/metadata-contracts';
import type { MigrationStay } from '../../../core/nanobot/migration';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import type { RuleChange, VisibilityNote } from '../../../core/nanobot/upgrade';
import { groupDigits } from '../numbers';
import type { FixSource } from '../../../store/listing/sort-breakers';
import type { ChoiceWhy } from '../../../core/nanobot/version-evidence';
import { editChangeEn, editRefusalEn } from '../../../words/edit-en';
import { dropReasonEn, replayChangeEn } from '../../../words/replay-en';
import { EXPORT_EN } from '../../../words/export-en';

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** Each kind of secret the export finds (core/export/redact.ts), in words. */
const SECRETS: Record<SecretKind, string> = {
  'private-key': 'private key block',
  'url-password': 'password in a URL',
  'anthropic-key': 'Anthropic API key',
  'openai-key': 'OpenAI-style API key (sk-…)',
  'google-key': 'Google API key',
  'github-token': 'GitHub token',
  'gitlab-token': 'GitLab token',
  'aws-key': 'AWS access key id',
  'aws-secret': 'AWS secret access key',
  'slack-token': 'Slack token',
  'slack-webhook': 'Slack webhook URL',
  'stripe-key': 'Stripe key',
  'huggingface-token': 'Hugging Face token',
  'groq-key': 'Groq API key',
  'xai-key': 'xAI API key',
  'telegram-token': 'Telegram bot token',
  jwt: 'JSON Web Token',
  bearer: 'bearer or basic credentials',
  email: 'e-mail address',
  'home-path': 'user name in a home folder path',
  'session-key': 'session key',
};

const FOUND: Record<FoundKind, (bool?: boolean) => string> = {
  missing: () => 'is missing',
  null: () => 'is null',
  boolean: (b) => `is a boolean (${b})`,
  string: () => 'is a string',
  number: () => 'is a number',
  list: () => 'is a list',
  object: () => 'is an object',
};

const LISTED_ONLY_IF = 'unless reading line 1 fails (invalid JSON there, or bytes that are not UTF-8 in the first 8 KiB: then it lists what its repair pass recovers)';

/** A diagnostic in words, from its kind and values (the same on the Health page and in the File tab). */
function diagnostic(d: Diagnostic): string {
  switch (d.kind) {
    case 'invalid-utf8':
      return `Not valid UTF-8 (${d.values.error}; byte ${groupDigits(d.values.byte)} of the line): nanobot cannot read this file at all and would start an empty session, replacing the whole file on its next save.`;
    case 'bom':
      return 'Starts with a byte-order mark (U+FEFF): nanobot cannot parse this line and loses it.';
    case 'bad-json':
      return `Not valid JSON: ${d.values.error}`;
    case 'too-deep':
      return `Nested too deeply for Python: ${d.values.error}`;
    case 'not-object':
      return `A JSON ${d.values.type}, not an object: nanobot raises AttributeError on it and loads nothing from this file.`;
    case 'blank-line':
      return 'Blank line: nanobot skips it (but never writes one).';
    case 'padded-line':
      return 'Surrounded by whitespace that JSON does not allow; nanobot strips it when loading.';
    case 'line-ending':
      return `Line endings ${d.values.endings.join(' and ')}: nanobot reads them all, and writes "\\n" when it saves.`;
    case 'no-final-newline':
      return 'The last line has no newline: it may have been cut off while being written.';
    case 'missing-metadata':
      return `No metadata record: nanobot takes the key from the file name; its session list leaves the file out, ${LISTED_ONLY_IF}.`;
    case 'metadata-not-first':
      return d.values.blankFirst
        ? 'The metadata record is not on line 1: nanobot does not list files whose first line is blank.'
        : `The metadata record is not on line 1: nanobot’s session list reads only line 1: it leaves the file out, ${LISTED_ONLY_IF}.`;
    case 'duplicate-metadata':
      return 'More than one metadata record: nanobot uses the last one when loading, but its listing shows the first.';
    case 'bad-time':
      return `${d.values.field} is not an ISO date nanobot can read (${d.values.error}): its strict load fails, and the repair pass replaces it with the current time.`;
    case 'bad-last-consolidated':
      return `last_consolidated ${d.values.value} is not a whole number between 0 and ${groupDigits(d.values.max)}: nanobot resets it to 0 and replays the archived messages again.`;
    case 'key-mismatch':
      return `The stored key "${d.values.key}" belongs in ${d.values.expected}, not ${d.values.fileName}: nanobot loads this file under a different key, or never.`;
    case 'key-not-text':
      return `The stored key is ${d.values.key}, not text: nanobot's list shows it, but nanobot looks sessions up by text keys, so nothing opens this one by it.`;
    case 'missing-role':
      return 'A message without "role": nanobot\'s replay raises KeyError when it reaches it.';
  }
}

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

  // ── session (page, header, tabs) ──
  session: (() => {
    const g = groupDigits;
    return {
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
    };
  })(),
  // ── conversation ──
  conversation: (() => {
    return {
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
    };
  })(),
  // ── find ──
  find: (() => {
    const g = groupDigits;
    return {
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
    };
  })(),
  // ── markdown ──
  markdown: (() => {
    const g = groupDigits;
    return {
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
    };
  })(),
  // ── file ──
  file: (() => {
    const g = groupDigits;
    return {
      heading: 'File',
      problems: (n: number) => `${plural(n, 'problem')} found`,
      noProblems: 'No problems found',
      lineAt: (line: number, column: number) => `line ${line}${column ? `, column ${column}` : ''}`,
      more: (n: number) => `… and ${g(n)} more (see the lines below)`,
      lines: (n: number) => `Lines (${g(n)})`,
      severity: { error: 'error', warning: 'warning', info: 'info' },
      diagnostic,
      column: (n: number) => ` (column ${n})`,
      // the two lenses
      lensesHeading: 'Two lenses on this file',
      differ: 'The lenses differ: nanobot does not see everything this file holds.',
      agree: (n: number) => `Both lenses agree: ${plural(n, 'message')}.`,
      asNanobot: 'As nanobot sees it',
      loadsNothing: (error: string) => `Loads nothing (${error}). nanobot starts an empty session, and its next save replaces this whole file.`,
      loadPath: 'load path',
      normalPath: 'normal (strict pass succeeds)',
      repairPath: (error: string) => `repair (strict pass raised ${error})`,
      linesSkipped: 'lines skipped',
      skippedAt: (lines: string) => `: line ${lines}`,
      none: 'none',
      messages: 'messages',
      metadata: 'metadata',
      times: 'times',
      and: ' and ',
      defaulted: (fields: string) => ` (${fields} defaulted to the time of loading)`,
      notADict: (value: string) => `not a dict (${value})`,
      empty: '(empty)',
      recovered: 'Recovered (Session Lens)',
      corruptLines: 'corrupt lines',
      keptInPlace: ' (kept in place, never silently dropped)',
      blankLines: 'blank lines',
      metadataRecords: 'metadata records',
      problemsFound: 'problems found',
      // the raw lines
      linesLabel: 'Lines of the file',
      lineLabel: (n: number) => `line ${n}`,
      columnTitle: (n: number) => `column ${n}`,
      kinds: { metadata: 'metadata', message: 'message', provider_state: 'provider state', blank: 'blank', corrupt: 'corrupt' },
      noFinalNewline: 'no final newline',
      /** Reveals a cut line whole (its size in bytes, as said). */
      showAll: (size: string) => `Show all ${size}`,
      // the metadata record
      noMetadata: 'This file has no metadata record: nanobot takes the key from the file name; its session list leaves the file out, unless reading line 1 fails (invalid JSON there, or bytes that are not UTF-8 in the first 8 KiB: then it lists what its repair pass recovers).',
      metadataHeading: 'Metadata record',
      metadataIntro: 'Line 1 holds the session’s own facts apart from its messages, so a listing can read one short line per file instead of the whole conversation.',
      notAField: 'not a field nanobot writes',
      nanobotsOwn: 'nanobot’s own',
      notNanobots: 'not a nanobot key',
      usesLastConsolidated: (n: number) => `nanobot uses ${n}: anything but a whole number from 0 to the message count is reset to 0.`,
      /** A metadata value that breaks nanobot's shape: English is the core's own sentence. */
      contract: (p: ContractProblem) =>
        p.path === null ? `${p.key} is not what nanobot writes.` : `${p.key} is not what nanobot writes: ${p.path.length ? p.path.join('.') : 'the value'} ${FOUND[p.found](p.bool)}.`,
      /** What each field of the metadata record is. */
      recordFields: {
        _type: 'marks this line as the metadata record, not a message',
        key: 'the real session key (the file name is a lossy copy of it)',
        created_at: 'when the session was created (naive local ISO time)',
        updated_at: 'set by add_message; saving does not change it; the session list sorts by it',
        metadata: 'session-level state: title, goals, checkpoints, UI state',
        last_consolidated: 'how many leading messages are archived to memory and not replayed',
      },
      /** The metadata keys nanobot writes itself (extensions must not reuse them). */
      internal: {
        title: 'sidebar title, generated by nanobot (≤ 60 chars) unless you edited it',
        title_user_edited: 'true when a person set the title: nanobot then never regenerates it',
        webui: 'web UI display state',
        workspace_scope: 'which workspace the session belongs to',
        goal_state: 'the sustained goal: status, objective, summary, start/end times',
        thread_goal: 'legacy goal record',
        runtime_checkpoint: 'a turn interrupted mid-way: phase, pending tool calls, partial results',
        pending_user_turn: 'a user turn waiting to be processed',
        _last_summary: 'the last memory summary ({text, last_active}); removed by clear()',
        _sustained_goal_continuation_rounds: 'how many rounds a goal has continued on its own',
      },
    };
  })(),
  // ── export ──
  export: (() => {
    const g = groupDigits;
    return {
      heading: 'Export and share',
      local: 'Everything happens in this page: the file is made here and saved by your browser’s download. Nothing is uploaded.',
      what: 'What',
      sourceSession: (n: number) => `The session as stored (${g(n)} messages)`,
      sourceReplay: 'The replay: what nanobot sends to the model (the Replay tab’s settings)',
      /** The replay source when the link says `upto=`: the replay as of that turn. */
      sourceReplayUpto: (user: number, upto: number, total: number) => `The replay: what nanobot sends to the model (the Replay tab’s settings), as of user message #${user}: its first ${g(upto)} of ${g(total)} messages`,
      format: 'Format',
      formatHtml: 'HTML page (offline, no script)',
      formatJson: 'JSON (the messages exactly)',
      whatSession: 'Session as stored',
      whatReplay: 'Replay: what nanobot sends to the model',
      scanning: (done: number, total: number) => `Looking for secrets and personal details… ${g(done)} of ${g(total)} messages`,
      redaction: '1. Redaction',
      preview: '2. Preview (redacted, exactly what will be saved)',
      previewLabel: 'Preview of the export',
      save: '3. Save',
      download: (name: string) => `Download ${name}`,
      failed: 'The export tools could not be loaded. Reload the page and try again.',
      loading: 'Loading the export tools…',
      // the replay
      counting: (pct: number) => `Counting tokens for the budget… ${pct}%`,
      tokenizerFailed: 'The tokenizer could not be loaded, so the budgeted replay cannot be computed. Export the session instead, or reload and try again.',
      raises: (error: string, message: number) => `nanobot’s get_history raises ${error} (message ${message}), so it sends nothing to export.`,
      recoveredNote: ' — nanobot loads nothing from this file; these are the recovered messages replayed',
      uptoNote: (user: number, upto: number, total: number, lastConsolidated: number) => ` — as of user message #${user}: the first ${upto} of ${total} messages, with today’s last_consolidated (${lastConsolidated})`,
      // findings
      nothingFound: 'Nothing to redact was found (API keys, tokens, private keys, URL passwords, e-mail addresses, home folders, the session key).',
      findings: (n: number) => plural(n, 'finding'),
      maskedUnmasked: (masked: number, unmasked: number) => `${g(masked)} masked, ${g(unmasked)} unmasked by you`,
      allMasked: 'all masked',
      comma: ', ',
      end: '.',
      findingsLabel: 'Findings',
      /** A large file's list holds only the first findings; every one is counted and masked. */
      listedFirst: (shown: number, total: number) => `The first ${g(shown)} of ${g(total)} are listed here; the others are masked.`,
      /** Slots: {where}, {key}. */
      inWhere: 'in {where}{key}:',
      inKey: ' (a key)',
      whereTitle: 'title',
      whereKey: 'key',
      whereMessage: (n: number) => `message ${n}`,
      maskAgain: 'Mask again',
      unmask: 'Unmask',
      mask: (label: string, n: number) => `[redacted ${label} #${n}]`,
      /** A kind of secret in words (the list and the masks). */
      secret: (kind: SecretKind) => SECRETS[kind],
      /** The words the exported file itself is written in (see core/export-parts.ts ExportWords). */
      doc: (): import('../../../core/export/export-parts').ExportWords => EXPORT_EN,
    };
  })(),

  // ── replay ──
  replay: (() => {
    const n = groupDigits;
    return {
      heading: 'Replay: what nanobot sends to the model',
      recoveredBanner: 'nanobot loads nothing from this file, so it replays nothing. Shown here: what the recovered messages would replay after a repair.',
      asOf: (userMessage: number, upto: number, total: number, lastConsolidated: number) =>
        `The session as of user message #${userMessage}: its first ${upto} of ${total} messages, with today’s last_consolidated (${lastConsolidated}); where it stood at that turn is not recorded in the file.`,
      showWhole: 'Show the whole session',
      exportLink: 'Export this replay as Markdown, HTML or JSON, with secrets masked…',
      recomputed: (ms: string) => `Recomputed in ${ms} ms.`,
      loadingChart: 'Loading the context chart…',
      /** A fate in words (the CLI's, src/words/replay-en.ts); `tail` is main's replayed tail (0: none). */
      kept: 'replayed to the model',
      dropReason: dropReasonEn,
      change: replayChangeEn,
      runs: {
        window: 'outside the window',
        consolidated: 'archived (below last_consolidated)',
        budget: 'over the token budget',
        'budget-cut': 'cut with the budget (before its user turn)',
        'before-user': 'before the first user turn',
        'before-orphan': 'before an orphan tool result',
        blank: 'blank',
        command: 'commands',
        orphan: 'orphan tool results',
        other: (key: string) => `left out (${key})`,
      },
      controls: {
        legend: (label: string) => `get_history settings (${label})`,
        windowHint: 'window of the most recent messages',
        noWindow: '0 means no count window: only the token budget limits the replay',
        nonPositive: (max: number) => `0 or less means ${n(max)} in this nanobot`,
        budget: 'max_tokens (budget)',
        defaultBudget: 'nanobot default: 190,784 (200k window, 8,192 output)',
        windowBudget: (window: string, budget: number) => `${window} context window → ${n(budget)}`,
        noBudget: '0: no token budget',
        custom: 'custom…',
        generation: 'generation max_tokens',
        budgetIs: (formula: string) => `budget = ${formula}`,
        defaultFormula: (formula: string) => `budget = ${formula} (context window − generation max_tokens − 1,024)`,
        /** The budget formula when window − generation − 1,024 is not positive. */
        budgetFloor: (raw: string, floor: string) => `${raw} ≤ 0, so ${floor}`,
        customBudget: 'custom max_tokens',
        timestampsHint: 'the agent loop turns it on: user messages get “[Message Time: …]”',
        runtimeHint: 'the agent loop replays it; off is the public view the WebUI and commands show',
        extendHint: 'what subagent follow-ups use: a window without a user turn reaches back to one',
        atLoop: (label: string) => `These are the settings ${label}’s agent loop uses.`,
        notLoop: 'Not the agent loop’s settings. ',
        reset: 'Reset to the agent loop’s',
      },
      summary: {
        raises: 'nanobot raises ',
        raisesOn: ' on ',
        message: (k: number) => `message #${k}`,
        raisesThen: ': get_history fails, so the agent cannot build its prompt for this session.',
        sends: 'nanobot sends ',
        nothing: 'nothing',
        afterRepair: (sent: number, total: number) => `: it loads nothing from this file. After a repair it would send ${plural(sent, 'message')} of ${n(total)}`,
        sent: (sent: number) => plural(sent, 'message'),
        of: (total: number) => ` of ${n(total)}`,
        tokens: (t: number) => `${n(t)} tokens`,
        ofBudget: (budget: number) => ` of a ${n(budget)}-token budget`,
        noBudget: ' (no budget)',
        meter: 'Tokens used of the budget',
        over: 'Over the budget: nanobot always keeps the last user turn, even when it alone exceeds the budget.',
        tokenizerFailed: 'The tokenizer could not be loaded: token estimates and the budget are not applied.',
        counting: (percent: string) => `counting tokens… ${percent}`,
        budgetLater: ' (the budget applies once counts are ready)',
        perFate: 'Messages per fate',
        fateCount: (count: number, fate: string) => `${n(count)} ${fate}`,
        budgetCut:
          'After walking back from the newest message until the budget is full, nanobot cuts what fits to start on a user turn (and at a legal start again), so some messages that fit are left out too.',
        whyTitle: (window: number | null, label: string) => `Why this is not just ${window === null ? 'the whole file' : `messages[-${window}:]`} (${label})`,
        why: (plainStart: number | null, first: number | null, lastConsolidated: number, label: string, tail: number) =>
          `${plainStart === null ? 'With no count window, a plain read would send every message' : `A plain slice would start at message #${n(plainStart)}`}` +
          `${first !== null ? `; nanobot starts at #${n(first)}` : '; nanobot sends nothing'}. Replay begins after the archived prefix (last_consolidated = ${lastConsolidated}` +
          `${tail ? `, but ${label} replays the last ${tail} messages again even when archived, moved back to a user turn` : ''}), starts on a user turn, never opens with a tool result whose call was cut off (providers reject that), leaves out command rows and blank assistant turns, and then fits the token budget.`,
        archivedAgain: (count: number, tail: number) => `${plural(count, 'archived message')} replayed again: within the last ${tail}.`,
        noStamps: (label: string) => `${label} adds no “[Message Time: …]” prefixes (its get_history has no include_timestamps).`,
        stamped: (count: number) =>
          `include_timestamps put “[Message Time: …]” in front of ${plural(count, 'user message')} — only user messages: a model imitates its own past turns, so stamps on assistant messages would leak into its replies.`,
        stampsOff: 'include_timestamps is off: no “[Message Time: …]” prefixes (the agent loop turns it on, for user messages only).',
        runtimeKept: 'User turns keep their runtime-context suffix (what the agent loop sends); turned off, the public view removes it and its marker.',
        runtimePublic: 'Public view: each runtime-context suffix and its _runtime_context marker are removed, as the WebUI shows the history.',
        lcChecked:
          'last_consolidated is range-checked when the file is loaded: a value that is not a whole number from 0 to the message count is reset to 0, so a corrupt offset cannot hide the history.',
      },
      list: {
        label: 'Fate of every message',
        noRole: 'no role',
        keptEntry: (entry: number) => `kept (entry ${entry})`,
        dropped: (reason: string) => `dropped: ${reason}`,
        tokens: (t: number) => `${n(t)} tokens`,
        raisesHere: 'nanobot raises here',
        line: (line: number) => `line ${line}`,
        entry: 'entry',
        hideEntry: 'hide entry',
        noText: '(no text)',
        showRun: 'show them',
        foldRun: 'fold them',
      },
      strip: {
        runs: 'Runs of messages with the same fate',
        more: (more: number) => `… and ${n(more)} more runs`,
        run: (from: number, to: number, fate: string) => `messages ${from}–${to}: ${fate}`,
        andMore: (more: number) => `; and ${n(more)} more runs`,
        label: (runs: string) => `Fate of each message: ${runs}`,
      },
      copy: {
        copy: 'Copy history as JSON',
        download: 'Download JSON',
        copied: (messages: number, chars: number) => `Copied ${messages} messages as JSON (${n(chars)} characters).`,
        noClipboard: 'The clipboard is not available here: select the text below and copy it.',
        fallback: 'History as JSON',
      },
    };
  })(),
  // ── context ──
  context: (() => {
    const n = groupDigits;
    return {
      heading: 'Context over time',
      /** Before and after the `last_consolidated` code in the caveat; `loop`: the settings are the agent loop's. */
      caveat: (loop: boolean) =>
        `What nanobot would send at each user turn under the settings above (${loop ? 'the agent loop’s' : 'not the agent loop’s'}): the replay of the session up to that message. The file keeps only today’s `,
      caveatEnd: (lastConsolidated: number) => ` (${lastConsolidated}), not where it stood at each turn, so every turn uses today’s value (at most that turn’s length).`,
      settings: 'Settings: ',
      counting: 'Counting tokens for every turn…',
      failed: 'The token counter could not load, so the chart cannot be drawn.',
      noTurns: 'No user turns in this session.',
      exactOnly: 'nanobot raises on this file at some turns: only replaying each turn one by one answers then, which needs every message in memory, and a file this large is not read whole. The command line (npx session-lens replay) replays any turn.',
      slowPath: 'nanobot raises on this file at some turns; each turn was replayed one by one.',
      computed: (ms: string) => `Computed in ${ms} ms.`,
      redrawing: 'Redrawing for the new settings…',
      chart: {
        title: 'Tokens nanobot would send at each user turn',
        desc: (turns: number, most: number, budget: number, windowStarts: string, lastConsolidated: number, consolidatedFrom: number | null) =>
          `${n(turns)} user turns; the most sent is ${n(most)} tokens` +
          (budget > 0 ? ` against a budget of ${n(budget)}` : ', with no token budget') +
          (windowStarts ? `; the count window starts cutting at turn ${windowStarts}` : '') +
          (consolidatedFrom !== null ? `; last_consolidated (${lastConsolidated}) is in force from turn ${consolidatedFrom}` : '') +
          '. The table below has every value.',
        firstTurn: 'turn 1',
        /** An axis label too wide for its place: 65,536 → 66k, 1,250,000 → 1.3M. */
        short: (v: number) => (v >= 1e6 ? `${+(v / 1e6).toFixed(1)}M` : v >= 1e3 ? `${+(v / 1e3).toFixed(v >= 1e4 ? 0 : 1)}k` : String(v)),
        lastTurn: (turns: number) => `turn ${n(turns)}`,
        hint: 'Point at the chart to see a turn; click to open the replay as of that turn.',
        pointRaises: (turn: number, message: number) => `Turn ${turn} (message #${message}): nanobot raises here`,
        point: (turn: number, message: number, tokens: number, messages: number, windowCut: boolean, budgetCut: boolean) => {
          const cuts = [windowCut && 'window cuts', budgetCut && 'budget cuts'].filter(Boolean).join(', ');
          return `Turn ${turn} (message #${message}): ${n(tokens)} tokens in ${n(messages)} messages${cuts ? ` (${cuts})` : ''}`;
        },
        sent: ' tokens sent',
        budget: (budget: number) => ` budget (${n(budget)})`,
        budgetOff: (budget: number) => ` · the budget (${n(budget)}) is far above every turn: not drawn, so the line can be read`,
        windowCuts: ' the count window starts cutting',
        consolidated: (lastConsolidated: number) => ` last_consolidated (${lastConsolidated}) in force`,
      },
      table: {
        summary: (turns: number) => `The chart as a table (${n(turns)} user turns)`,
        turn: 'turn',
        userMessage: 'user message',
        tokens: 'tokens sent',
        messages: 'messages sent',
        windowCuts: 'window cuts',
        budgetCuts: 'budget cuts',
        raises: 'nanobot raises',
        yes: 'yes',
        open: 'replay as of this turn',
      },
    };
  })(),
  // ── edit ──
  edit: (() => {
    const n = groupDigits;
    // What an edit changes and why one cannot be made are the CLI's words (src/words/edit-en.ts), counts grouped.
    return {
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
        `This session holds ${n(messages)} messages, over ${label}’s cap of ${n(cap)}: ${everySave ? 'its next save of this session (after a turn, at shutdown, or a fork)' : 'its next agent turn'} keeps the last ${n(kept)} and hands ${n(archived)} never-archived messages to its memory archive.`,
      /** A core error quoting Python's exception (`TypeError: …`, shown as is). */
      wouldRaise: (exception: string) => `nanobot would raise ${exception}`,
      /** Why an edit cannot be made: the CLI's English. */
      refusal: editRefusalEn,
      /** What an edit changes (its preview's summary): the CLI's English, counts grouped. */
      change: (c: EditChange) => editChangeEn(c, n),
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
          `${[removed && `${n(removed)} line${removed === 1 ? '' : 's'} removed`, added && `${n(added)} added`, rewritten && `${n(rewritten)} rewritten`].filter(Boolean).join(', ')}; every other line keeps its exact bytes.`,
        label: 'Affected lines',
        removed: 'removed',
        added: 'added',
        rewritten: 'rewritten',
        line: (line: number) => ` line ${line}`,
        newLine: (line: number) => ` new line ${line}`,
        becomes: (line: number) => ` (becomes ${line})`,
        more: (more: number) => `… and ${n(more)} more`,
      },
      saved: (file: string, bytes: number, backup: string | null) => `Saved ${file} (${n(bytes)} bytes).${backup ? ` The previous file was backed up to ${backup}.` : ''}`,
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
        label: (total: number) => `last_consolidated (0 to ${n(total)})`,
        hint: (current: number, total: number) =>
          `Now ${current}: the first ${current} messages are archived to memory. nanobot resets any value outside 0–${total} to 0, so the boundary can never hide the whole history.`,
        note: (archived: number, replayable: number) =>
          `${n(archived)} archived (not replayed) · ${n(replayable)} replayable. Archiving here does not write anything to nanobot’s memory: messages you mark as archived leave the replay without a summary.`,
        save: 'Save last_consolidated',
        download: 'Download with this boundary',
      },
      trim: {
        title: 'Trim to a legal suffix',
        label: 'Messages to keep (max)',
        placeholder: (total: number) => `1 to ${n(total)}`,
        hint: 'Not a plain slice: nanobot keeps the most recent part that is legal to replay. 0 clears the session.',
        extendHint: 'reach back to a user turn instead of cutting inside one',
        notWhole: 'Enter a whole number of messages to keep.',
        goes: (first: number, last: number, all: number) =>
          `Messages that go: #${n(first)}${last > first ? `–${n(last)}` : ''}${all !== last - first + 1 ? ` (${n(all)} in all)` : ''}.`,
        /** The first message a trim keeps: a user turn, or (when nanobot finds none to start on) whatever its role is. */
        keptStart: (message: number, role: string | null) =>
          role === 'user' ? `The kept part starts on a user turn, #${n(message)}.` : `The kept part starts on #${n(message)}, ${role === null ? 'a message without a role' : `a message of role “${role}”`}, not on a user turn.`,
        unarchived: (count: number) =>
          `${plural(count, 'message')} never archived to memory. nanobot hands such messages to its memory archive when it trims (enforce_file_cap); Session Lens does not, so they are simply gone — download a copy first if you may need them.`,
        confirm: (dropped: number, unarchived: number) => `This removes ${plural(dropped, 'message')} from the file${unarchived ? `, ${n(unarchived)} of them never archived` : ''}.`,
        save: 'Trim',
        download: 'Download trimmed file',
      },
      fork: {
        title: 'Fork before a user turn',
        noTurn: 'This session has no user turn to fork before.',
        noFork: (label: string) => `${label} has no fork: its sessions cannot be forked before a user turn (that came in a later release), so a fork written here would be one your nanobot never makes.`,
        preview: 'Preview fork',
        turn: (max: number) => `Fork before user turn (1 to ${max})`,
        turnIs: (turn: string, message: number) => `turn ${turn} is message #${n(message)}: `,
        noText: '(no text)',
        afterLast: 'after the last turn: copies every message',
        key: 'New session key',
        file: 'File: ',
        needKey: 'Enter a key for the new session.',
        ownKey: 'The fork needs a key of its own.',
        keyCannot: (reason: string) => `This key cannot name a file: ${reason}`,
        badName: (name: string, reason: string) => `The key makes the file name “${name}”, which ${reason}.`,
        pickTurn: (max: number) => `Pick a user turn from 1 to ${max}.`,
        noSuchTurn: 'There is no such user turn.',
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
    };
  })(),

  // ── large (files opened through the compact index) ──
  // ── the turn: the Context tab and the workspace's Memory page ──
  turn: {
    title: 'The next request',
    lead: (version: string) => `What ${version}’s agent loop would send on the next turn: the system prompt built from nanobot’s own instructions and the workspace’s files, then the replay, then your message. Token counts are nanobot’s (cl100k).`,
    message: 'Next message',
    messageHint: 'Type what the user would send next; its tokens join the total.',
    contextWindow: 'Context window (tokens)',
    noWorkspace: 'The workspace’s files are not in the opened folder: only nanobot’s own parts, the replay and the message are counted. Open the workspace folder (the one holding AGENTS.md and sessions/) to see its files.',
    loading: 'Counting tokens…',
    part: 'Part',
    source: 'From',
    tokens: 'Tokens',
    parts: {
      identity: 'nanobot’s built-in instructions (identity)',
      bootstrap: 'Workspace file',
      'tool-contract': 'nanobot’s built-in instructions (tool contract)',
      memory: 'Long-term memory',
      'active-skills': 'Active skills (loaded whole)',
      skills: 'Skills summary',
      'recent-history': 'Recent history (archive entries Dream has not processed)',
      'session-summary': 'Session summary (_last_summary)',
      history: 'History (the replay)',
      'current-message': 'Your message',
      'runtime-context': 'Runtime context',
    } as Record<string, string>,
    builtin: (n: number) => `${groupDigits(n)} of them nanobot’s own text: counted, not shown`,
    nanobotText: 'nanobot’s own text (not shown)',
    messages: (n: number) => plural(n, 'message'),
    machine: 'Depends on the machine nanobot runs on:',
    machineSlots: {
      runtime: 'platform and Python version',
      'workspace-path': 'the workspace’s absolute path',
      channel: 'the channel',
      clock: 'the clock',
      chat: 'channel, chat and sender ids',
      'skill-requirements': 'which skills’ binaries and variables the machine has',
      'runtime-providers': 'runtime-context providers (CLI apps, goals, skill mentions, session messages)',
      'file-order': 'the file system’s order of skill folders',
      'nanobot-install': 'where nanobot is installed (the built-in skills’ paths; counted as in nanobot’s own setup)',
    } as Record<string, string>,
    notes: {
      'legacy-soul-replaced': 'an untouched old SOUL.md template: nanobot sends its current template instead',
      'pending-summary': 'kept after nanobot compacted this idle session; sent while it is pending, in nanobot’s frame with its last-active time',
      'explicit-skills': 'skills your message names with $name, loaded whole for this turn (main)',
      'builtin-skill-mentioned': 'names a built-in skill: its text is nanobot’s and not counted',
      'archive-raises': 'nanobot raises reading this file: the turn fails',
      'estimate-raises': 'nanobot’s token estimate raises on a message here (a text block that is not text): not counted',
      'truncated-chars': 'cut to 32,000 characters by nanobot (its cap before 0.2.2)',
      truncated: 'cut to 8,000 tokens by nanobot',
      'merged-into-last-user': 'merged into the last user message (no new message)',
      'builtin-skills': 'includes nanobot’s built-in skills',
      'frontmatter-unsure': 'a skill’s frontmatter is more than flat key: value lines; counts may differ',
      'template-untouched-kept': 'an untouched template, still sent at this version',
      'no-blocks-without-providers': 'none unless a provider adds blocks',
    } as Record<string, string>,
    placement: {
      'prefixed-to-text': 'put before your text; the save strips it again',
      'appended-to-text': 'appended to your text; the save strips it again',
      marker: 'kept apart with a marker',
      none: 'none unless a provider adds blocks',
    } as Record<string, string>,
    leftOut: 'Files that add nothing',
    leftOutReason: {
      'template-untouched': 'nanobot’s untouched template: left out',
      blank: 'only whitespace: left out',
      empty: 'empty: left out',
      'not-read': 'not part of the request at any version (TOOLS.md is read by no nanobot; HEARTBEAT.md only by its heartbeat)',
    } as Record<string, string>,
    ofWindow: (pct: string) => ` (${pct}% of the context window)`,
    // The total as nanobot's estimate of the whole request, and what is not known here (issue 41).
    total: (n: number, spread: number | null) =>
      spread === 0 ? `Total ${groupDigits(n)} tokens, as nanobot estimates the whole request` : spread === null ? `Total ≈ ${groupDigits(n)} tokens` : `Total ${groupDigits(n)} ± ${groupDigits(spread)} tokens`,
    unknownLead: 'Not known here, counted at the middle of their range:',
    unknownSlots: {
      runtime: 'the platform line (system, machine and Python version of nanobot’s machine)',
      clock: 'the clock (the Current Time line)',
      'workspace-path': 'the workspace’s absolute path',
      channel: 'the channel (the session key names none)',
      join: 'where nanobot’s own text meets the rest',
      'recent-history-cut': 'the end of the recent history, cut to its cap with nanobot’s marker',
      'summary-time': 'the summary’s last-active time',
      'builtin-skill': 'a built-in skill your message names (its text is nanobot’s)',
      'estimate-fails': 'nanobot’s estimate fails on this request (a special token or a block that is not text)',
    } as Record<string, string>,
    unknownSize: (tokens: number, spread: number | null) => (spread === null ? `${groupDigits(tokens)} tokens, no bound` : `${groupDigits(tokens)} ± ${groupDigits(spread)} tokens`),
    workspacePath: 'Workspace path on nanobot’s machine',
    workspacePathHint: 'nanobot writes the workspace’s absolute path into its instructions. Remembered for this workspace.',
    workspacePathAsk: 'Where is this workspace on nanobot’s machine? Until you give its absolute path, the folder’s name is counted in its place.',
    standIn: (shown: string | null, counted: boolean) =>
      [shown && `Not measured for this release: nanobot’s own texts are counted with ${shown}’s figures, so the total may differ from this release’s.`, !counted && 'This release of nanobot never counts its request’s tokens: the total is Session Lens’s count of the messages’ content, as 0.1.4.post5 first counted it.'].filter(Boolean).join(' '),
    raises: (type: string, message: string) => `nanobot raises ${type} (${message}) reading memory/history.jsonl: this turn fails until the line is fixed.`,
    showText: 'Show the text',
    traces: 'What saving changed',
    tracesLead: 'nanobot does not save exactly what the model saw. These messages carry the traces:',
    noTraces: 'No traces of the save’s changes in this file.',
    trace: {
      'runtime-context-stripped': 'The model also saw a runtime-context block (time, channel) after this text; the save stripped it, and later turns do not see it.',
      'runtime-context-kept': 'The model saw runtime-context blocks after this text; the file keeps them with a marker and later turns replay them.',
      'tool-result-truncated': 'The model saw the whole result; the save cut it to max_tool_result_chars, and later turns see only the cut text.',
      'image-placeholder': 'The model saw an image here; the file keeps a placeholder, and later turns see only that.',
      'tool-result-omitted': 'Every block of this result was dropped by the save; later turns see nanobot’s placeholder.',
      'reply-missing': 'No reply before this turn: an empty reply was skipped by the save, or the turn never finished.',
      'tool-result-missing': 'A tool call here has no result in the file: the save dropped it as unknown, or the turn stopped.',
    } as Record<string, string>,
    messageN: (n: number) => `message #${groupDigits(n)}`,
    archive: 'Archive entries of this session',
    archiveLead: (lc: number) => `The ${plural(lc, 'message')} below last_consolidated were summarised into memory/history.jsonl. This session’s entries:`,
    noArchive: 'No entries of this session in memory/history.jsonl.',
    processed: 'processed by Dream',
    unprocessed: 'not processed by Dream yet: in the next prompt',
    toArchive: 'Archive entries of this session',
  },
  memory: {
    title: 'Memory',
    lead: 'The workspace’s memory files, read-only, as nanobot reads them.',
    none: 'No memory files in this folder (memory/MEMORY.md, memory/history.jsonl). Open the workspace folder itself.',
    noMemoryMd: 'No memory/MEMORY.md.',
    entries: (n: number, latest: number) => `${plural(n, 'valid entry', 'valid entries')}, latest cursor ${groupDigits(latest)}`,
    dream: (cursor: number, file: boolean, pending: number) => `Dream cursor ${groupDigits(cursor)}${file ? '' : ' (no memory/.dream_cursor)'}; ${plural(pending, 'entry', 'entries')} not processed yet`,
    session: 'Session',
    cursor: 'Cursor',
    time: 'Time',
    content: 'Summary',
    noKey: '(no session key)',
    health: { ok: 'Healthy', warn: 'Something is dropped', error: 'nanobot raises reading it' } as Record<string, string>,
    issue: {
      'unparsable-line': (i: { line?: number }) => `history.jsonl line ${i.line}: not JSON, skipped.`,
      'non-object-line': (i: { line?: number; raises?: boolean }) => `history.jsonl line ${i.line}: JSON but not an object: ${i.raises ? 'nanobot raises reading the archive.' : 'skipped.'}`,
      'no-cursor': (i: { line?: number }) => `history.jsonl line ${i.line}: no cursor, skipped.`,
      'invalid-cursor': (i: { line?: number; value?: string }) => `history.jsonl line ${i.line}: invalid cursor ${i.value}, dropped.`,
      'malformed-entry': (i: { line?: number; cursor?: number }) => `history.jsonl line ${i.line}: malformed entry at cursor ${i.cursor}, dropped.`,
      'dream-cursor-unreadable': () => 'memory/.dream_cursor is not a number: nanobot reads it as 0, so every entry counts as unprocessed.',
      'dream-cursor-ahead': (i: { cursor?: number; latest?: number }) => `memory/.dream_cursor (${i.cursor}) is past the last entry (${i.latest}): newer entries stay hidden from Dream until cursors pass it.`,
      'legacy-history-pending': () => 'memory/HISTORY.md without history.jsonl: nanobot migrates it when it next starts.',
    } as Record<string, (i: { line?: number; raises?: boolean; value?: string; cursor?: number; latest?: number }) => string>,
  },
  large: {
    more: 'Details: messages by role, how this view reads the file',
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
    nanobotRepair: (n: string, skipped: string, why: string) => `nanobot's strict load fails${why && ` (${why})`}; its repair pass keeps ${n} messages and skips ${skipped} lines.`,
    nanobotNothing: (why: string) => `nanobot loads nothing from this file${why && ` (${why})`}: it starts an empty session, and its next save replaces the whole file.`,
    nanobotRaises: (why: string) => `nanobot's load raises${why && ` ${why}`}: the session cannot be opened by it.`,
    why: 'This file is large, so Session Lens keeps it on disk and reads only what is on screen. The Conversation, Replay, File, Edit and Export views work from its index.',
    tabs: 'Session views',
    conversation: 'Conversation',
    replay: 'Replay',
    edit: 'Edit',
    list: 'Messages',
    line: (n: string) => `line ${n}`,
    loadingRow: 'Reading…',
    notObject: '(not a record nanobot can read)',
    noRole: 'no role',
    replayHead: (sent: string, total: string, version: string) => `nanobot ${version} sends ${sent} of ${total} messages`,
    replayFrom: (from: string, decoded: string) => `The replay cannot reach a message before #${from}: only the last ${decoded} messages were read to compute it.`,
    replayTokens: (sum: string) => `(${sum} tokens by nanobot's estimate)`,
    replayTooFar: (reach: string, max: string) => `Under this version's rules the replay reaches ${reach} messages, more than large-file mode reads at once (${max}); it is not computed here. The command line (npx session-lens replay) computes it.`,
    replayNothing: 'nanobot loads no messages from this file, so it replays nothing.',
    replayError: (type: string, message: string, at: string | null) => `nanobot's replay raises ${type}: ${message}${at === null ? '' : ` (message #${at})`}.`,
    replayComputing: 'Reading the messages the replay can reach…',
    pages: 'Pages of messages',
    previousPage: '← Previous',
    nextPage: 'Next →',
    lastPage: 'Last page',
    pageOf: (from: string, to: string, total: string) => `Messages ${from}–${to} of ${total}`,
    dropped: (reason: string, n: string) => `${n} left out: ${reason}`,
    findFailed: (why: string) => `The search could not read the file: ${why}`,
  },

  // ── the switch between large-file mode and the full view (mid-size files open in large-file mode by default) ──
  viewSwitch: {
    openFull: (memory: string) => `Open the full view (reads the whole file: about ${memory} of memory)`,
    fullAdds: 'The full view adds the replay’s export and tool results paired with their calls; it parses every message into the page first.',
    tooBig: (line: string) => `The full view is not offered from ${line}: the whole file would not fit in the page.`,
    shownFull: (memory: string, line: string) => `Shown in the full view, every message read into the page (about ${memory} of memory). Files from ${line} open in large-file mode by default: it shows them at once and keeps the file on disk.`,
    backToLarge: 'Open in large-file mode',
  },

  // ── large-file mode's Export tab (the file read in slices, the export made as a Blob of parts) ──
  largeExport: (() => {
    const g = groupDigits;
    return {
      tab: 'Export',
      reading: 'Reading the session’s title and key…',
      cancel: 'Cancel',
      cancelled: 'Stopped: nothing was made.',
      again: 'Start again',
      failed: (why: string) => `The export could not read the file: ${why}`,
      previewFirst: (n: number, total: number) => `2. Preview of the first ${g(n)} of ${g(total)} messages (redacted, exactly as they will be saved)`,
      make: 'Make the file',
      making: (done: number, total: number) => `Writing the file… ${g(done)} of ${g(total)} messages`,
      made: 'The file is made in this page; the download saves it.',
      replayNot: 'The replay is not exported in large-file mode: its token budget needs every candidate message counted. Export the session as stored here; the Replay tab shows what nanobot sends.',
    };
  })(),

  // ── large-file mode's File tab (health from the index, raw lines read on demand) ──
  largeFile: (() => {
    const lines = (n: number) => (n === 1 ? '1 line is' : `${groupDigits(n)} lines are`);
    return {
    tab: 'File',
    heading: 'File health, from the index',
    intro: 'Counted from the index built when the file was opened: no byte of the file is read again. Each count goes to its lines in the raw list below.',
    counting: (done: string, total: string) => `Counting… ${done} of ${total} lines`,
    noProblems: 'The index finds no problem in any line.',
    problems: 'Problems',
    first: 'first',
    next: 'next',
    none: '(no line to show)',
    /** The number of lines (or places) with a problem, then what it is. */
    problem: {
      invalidUtf8: (n: number) => `${lines(n)} not valid UTF-8: nanobot reads nothing from this file, and its next save replaces it`,
      notRecord: (n: number) => `${lines(n)} not records (kept in place, never silently dropped)`,
      badJson: (n: number) => `${lines(n)} not valid JSON`,
      notObject: (n: number) => `${lines(n)} JSON but not an object: nanobot raises AttributeError on ${n === 1 ? 'it' : 'them'}`,
      tooDeep: (n: number) => `${lines(n)} nested too deeply for Python (RecursionError)`,
      longNumber: (n: number) => `${n === 1 ? '1 line holds' : `${groupDigits(n)} lines hold`} an integer longer than Python’s 4,300 digits (ValueError)`,
      bom: (n: number) => `${n === 1 ? '1 line starts' : `${groupDigits(n)} lines start`} with a byte-order mark (U+FEFF): nanobot cannot parse ${n === 1 ? 'it' : 'them'}`,
      rejected: (n: number) => `${lines(n)} rejected by nanobot’s json.loads`,
      missingRole: (n: number) => `${n === 1 ? '1 message has' : `${groupDigits(n)} messages have`} no "role": nanobot’s replay raises KeyError on ${n === 1 ? 'it' : 'them'}`,
      invalidState: (n: number) => `${n === 1 ? '1 provider_state record is' : `${groupDigits(n)} provider_state records are`} not what nanobot main accepts: its repair pass skips ${n === 1 ? 'it' : 'them'}`,
      blank: (n: number) => `${lines(n)} blank: nanobot skips ${n === 1 ? 'it' : 'them'} (but never writes one)`,
      crlf: (n: number) => `${n === 1 ? '1 line ends' : `${groupDigits(n)} lines end`} with CRLF: nanobot reads ${n === 1 ? 'it' : 'them'}, and writes "\\n" when it saves`,
      cr: (n: number) => `${n === 1 ? '1 line ends' : `${groupDigits(n)} lines end`} with a lone CR: nanobot reads ${n === 1 ? 'it' : 'them'}, and writes "\\n" when it saves`,
      noFinalNewline: (_n: number) => 'The last line has no newline: it may have been cut off while being written',
      missingMetadata: (_n: number) => 'No metadata record: nanobot takes the key from the file name; its session list leaves the file out',
      metadataNotFirst: (_n: number) => 'The metadata record is not on line 1: nanobot’s session list reads only line 1',
      duplicateMetadata: (n: number) => `${groupDigits(n)} more metadata ${n === 1 ? 'record' : 'records'} than one: nanobot loads the last, its listing shows the first`,
    },
    /** Short names of a line's problems, as tags on its row. */
    tag: {
      invalidUtf8: 'not UTF-8',
      notRecord: 'not a record',
      badJson: 'not JSON',
      notObject: 'not an object',
      tooDeep: 'too deep',
      longNumber: 'integer too long',
      bom: 'BOM',
      rejected: 'json.loads fails',
      missingRole: 'no role',
      invalidState: 'invalid provider_state',
      blank: 'blank',
    },
    nanobot: 'nanobot’s load:',
    lines: (n: string) => `Lines (${n})`,
    linesLabel: 'Lines of the file',
    pageOf: (from: string, to: string, total: string) => `Lines ${from}–${to} of ${total}`,
    offset: (at: string) => `byte ${at}`,
    reading: 'Reading…',
    badBytes: 'bytes that are not UTF-8, shown as \\xNN',
    more: (step: string, shown: string, total: string) => `Show ${step} more (${shown} of ${total} shown)`,
    goTo: 'Go to line',
    go: 'Go',
    };
  })(),

  // ── large-file edits (planned from the index, saved as a stream) ──
  largeEdit: {
    intro: 'Edits of a file this size are planned from its index and saved as a stream: the new file is the edited metadata line plus the file’s own bytes, copied as they are, so untouched lines keep their exact bytes and the page never holds the file. A save is refused when the file changed since it was indexed. Adding a message, last_consolidated, clearing, removing a line and forking are planned the same way, over the index.',
    reading: 'Reading the metadata record…',
    trimReading: 'Reading the messages the trim can reach…',
    bytes: (copied: string, left: string, size: string) => `Copies ${copied} of the file as they are and leaves out ${left}: the new file is ${size}.`,
    repairBytes: (messages: string, copied: string, left: string) => `Writes ${messages} message lines again as nanobot writes them (read and rewritten a slice at a time), copies ${copied} as they are and leaves out ${left}.`,
    repairReadOnly: 'A repair rewrites every message line, so it needs write access to the folder; this session is open read-only.',
    reindexing: 'Saved; indexing the new file…',
    planning: 'Planning the edit over the index…',
    needsWrite: 'This edit is saved over the index, so it needs write access to the folder; this session is open read-only.',
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
  // What an older nanobot does to the files beside an edit (NanobotSaveNote: the rows atomicSave and loadFailure)
  saveNote: {
    notAtomic: (label: string) => `${label} rewrites a session file in place, not through a temporary file: if it stops in the middle of a save, or meets a message it cannot write, the file is cut short there. Stop nanobot before saving here.`,
    emptySession: (label: string) => `${label} has no repair: one bad line, byte, BOM or created_at and it loads nothing, starts an empty session, and its next save writes that over the file. Check the File tab before nanobot opens a file you changed.`,
    emptiesThis: (label: string) => `${label} cannot load this file as it is: it starts an empty session instead, and its next save writes that over the file, losing every message here. Repair the file (Edit tab) before nanobot uses this session again.`,
  },
};

export type PageText = typeof pages;
export default pages;

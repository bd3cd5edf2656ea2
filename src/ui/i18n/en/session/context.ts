/** English: the session page's Context tab (the next request, memory). Part of the pages' catalog (../pages.ts). */
import { groupDigits } from '../../numbers';
import { plural } from '../page-words';

const words = {
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
    historyRaises: (type: string, message: string) => `nanobot raises ${type}: ${message}: get_history fails, so the agent cannot build its prompt for this session.`,
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
};

export default words;

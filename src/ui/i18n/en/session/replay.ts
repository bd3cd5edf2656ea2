/** English: the session page's Replay tab. Part of the pages' catalog (../pages.ts). */
import { groupDigits as g } from '../../numbers';
import { dropReasonEn, replayChangeEn } from '../../../../words/replay-en';
import { plural } from '../page-words';

const words = {
  // ── replay ──
  replay: {
    heading: 'Replay: what nanobot sends to the model',
    recoveredBanner: 'nanobot loads nothing from this file, so it replays nothing. Shown here: what the recovered messages would replay after a repair.',
    asOf: (userMessage: number, upto: number, total: number, lastConsolidated: number) =>
      `The session as of user message #${userMessage}: its first ${upto} of ${total} messages, with today’s last_consolidated (${lastConsolidated}); where it stood at that turn is not recorded in the file.`,
    showWhole: 'Show the whole session',
    exportLink: 'Export this replay as Markdown, HTML or JSON, with secrets masked…',
    recomputed: (ms: string) => `Recomputed in ${ms} ms.`,
    computing: 'Computing the replay…',
    failed: (why: string) => `The replay could not be computed: ${why}`,
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
      nonPositive: (max: number) => `0 or less means ${g(max)} in this nanobot`,
      budget: 'max_tokens (budget)',
      defaultBudget: 'nanobot default: 190,784 (200k window, 8,192 output)',
      windowBudget: (window: string, budget: number) => `${window} context window → ${g(budget)}`,
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
      afterRepair: (sent: number, total: number) => `: it loads nothing from this file. After a repair it would send ${plural(sent, 'message')} of ${g(total)}`,
      sent: (sent: number) => plural(sent, 'message'),
      of: (total: number) => ` of ${g(total)}`,
      tokens: (t: number) => `${g(t)} tokens`,
      ofBudget: (budget: number) => ` of a ${g(budget)}-token budget`,
      noBudget: ' (no budget)',
      meter: 'Tokens used of the budget',
      over: 'Over the budget: nanobot always keeps the last user turn, even when it alone exceeds the budget.',
      tokenizerFailed: 'The tokenizer could not be loaded: token estimates and the budget are not applied.',
      counting: (percent: string) => `counting tokens… ${percent}`,
      budgetLater: ' (the budget applies once counts are ready)',
      perFate: 'Messages per fate',
      fateCount: (count: number, fate: string) => `${g(count)} ${fate}`,
      budgetCut:
        'After walking back from the newest message until the budget is full, nanobot cuts what fits to start on a user turn (and at a legal start again), so some messages that fit are left out too.',
      whyTitle: (window: number | null, label: string) => `Why this is not just ${window === null ? 'the whole file' : `messages[-${window}:]`} (${label})`,
      why: (plainStart: number | null, first: number | null, lastConsolidated: number, label: string, tail: number) =>
        `${plainStart === null ? 'With no count window, a plain read would send every message' : `A plain slice would start at message #${g(plainStart)}`}` +
        `${first !== null ? `; nanobot starts at #${g(first)}` : '; nanobot sends nothing'}. Replay begins after the archived prefix (last_consolidated = ${lastConsolidated}` +
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
      tokens: (t: number) => `${g(t)} tokens`,
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
      more: (more: number) => `… and ${g(more)} more runs`,
      run: (from: number, to: number, fate: string) => `messages ${from}–${to}: ${fate}`,
      andMore: (more: number) => `; and ${g(more)} more runs`,
      label: (runs: string) => `Fate of each message: ${runs}`,
    },
    copy: {
      copy: 'Copy history as JSON',
      download: 'Download JSON',
      copied: (messages: number, chars: number) => `Copied ${messages} messages as JSON (${g(chars)} characters).`,
      noClipboard: 'The clipboard is not available here: select the text below and copy it.',
      fallback: 'History as JSON',
    },
  },
};

export default words;

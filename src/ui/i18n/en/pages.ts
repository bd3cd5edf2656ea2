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
  session: (() => {
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const plural = (n: number, one: string, many = `${one}s`) => `${g(n)} ${n === 1 ? one : many}`;
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
      stopTitle: 'Stop nanobot before editing.',
      stopBody: 'A running nanobot gateway keeps this session in memory and re-saves it when it shuts down, overwriting edits made here. Session Lens refuses to save over a file that changed since it was read.',
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
      },
      updated: (size: number, time: string) => `Updated from disk: the file changed (now ${g(size)} bytes, modified ${time}); the views show the new version.`,
      tabs: { conversation: 'Conversation', replay: 'Replay', file: 'File', edit: 'Edit', editDownload: 'Edit (download)', export: 'Export' },
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const plural = (n: number, one: string, many = `${one}s`) => `${g(n)} ${n === 1 ? one : many}`;
    return {
      heading: 'Conversation',
      summary: (n: number) => `${plural(n, 'message')} as stored (recovered lens: every line kept)`,
      corrupt: (n: number) => plural(n, 'corrupt line'),
      orphans: (n: number) => plural(n, 'orphan tool result'),
      unanswered: (n: number) => plural(n, 'unanswered tool call'),
      findTitle: 'Find in this session (Ctrl+F / ⌘F)',
      find: 'Find…',
      rawAll: 'Raw text for every message (no Markdown formatting)',
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    return {
      label: 'Find in this session',
      inputLabel: 'Find in messages, tool calls and results',
      placeholder: 'Find in this session',
      noMatches: 'No matches',
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const plural = (n: number, one: string, many = `${one}s`) => `${g(n)} ${n === 1 ? one : many}`;
    return {
      heading: 'File',
      problems: (n: number) => `${plural(n, 'problem')} found`,
      noProblems: 'No problems found',
      lineAt: (line: number, column: number) => `line ${line}${column ? `, column ${column}` : ''}`,
      more: (n: number) => `… and ${g(n)} more (see the lines below)`,
      lines: (n: number) => `Lines (${g(n)})`,
      severity: { error: 'error', warning: 'warning', info: 'info' },
      /** A diagnostic in words: English is the core's own sentence (the CLI prints the same). */
      diagnostic: (_kind: string, message: string) => message,
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
      showAllChars: (n: number) => `Show all ${g(n)} characters`,
      // the metadata record
      noMetadata: 'This file has no metadata record: nanobot takes the key from the file name; its session list leaves the file out, unless reading line 1 fails (invalid JSON there, or bytes that are not UTF-8 in the first 8 KiB: then it lists what its repair pass recovers).',
      metadataHeading: 'Metadata record',
      metadataIntro: 'Line 1 holds the session’s own facts apart from its messages, so a listing can read one short line per file instead of the whole conversation.',
      notAField: 'not a field nanobot writes',
      nanobotsOwn: 'nanobot’s own',
      notNanobots: 'not a nanobot key',
      usesLastConsolidated: (n: number) => `nanobot uses ${n}: anything but a whole number from 0 to the message count is reset to 0.`,
      /** A metadata value that breaks nanobot's shape: English is the core's own sentence. */
      contract: (problem: string) => `${problem}.`,
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const plural = (n: number, one: string, many = `${one}s`) => `${g(n)} ${n === 1 ? one : many}`;
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
      /** Slots: {where}, {key}. */
      inWhere: 'in {where}{key}:',
      inKey: ' (a key)',
      whereTitle: 'title',
      whereKey: 'key',
      whereMessage: (n: number) => `message ${n}`,
      maskAgain: 'Mask again',
      unmask: 'Unmask',
      mask: (label: string, n: number) => `[redacted ${label} #${n}]`,
      /** A kind of secret in words (the list and the masks): English is the core's own label. */
      secret: (_kind: string, english: string) => english,
      /** The words the exported file itself is written in (see core/export-parts.ts ExportWords). */
      doc: (english: import('../../../core/export-parts').ExportWords) => english,
    };
  })(),

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

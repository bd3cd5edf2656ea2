/** English: the session page's Export tab. Part of the pages' catalog (../pages.ts). */
import type { SecretKind } from '../../../../core/export/redact';
import { groupDigits as g } from '../../numbers';
import { EXPORT_EN } from '../../../../words/export-en';
import { plural, SECRETS } from '../page-words';

const words = {
  // ── export ──
  export: {
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
    doc: (): import('../../../../core/export/export-parts').ExportWords => EXPORT_EN,
  },

  // ── large-file mode's Export tab (the file read in slices, the export made as a Blob of parts) ──
  largeExport: {
    reading: 'Reading the session’s title and key…',
    cancel: 'Cancel',
    cancelled: 'Stopped: nothing was made.',
    again: 'Start again',
    failed: (why: string) => `The export could not read the file: ${why}`,
    previewFirst: (n: number, total: number) => `2. Preview of the first ${g(n)} of ${g(total)} messages (redacted, exactly as they will be saved)`,
    make: 'Make the file',
    making: (done: number, total: number) => `Writing the file… ${g(done)} of ${g(total)} messages`,
    made: 'The file is made in this page; the download saves it.',
  },
};

export default words;

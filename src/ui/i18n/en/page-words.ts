/** Words shared by several of the pages' catalogs (en). */
import type { Diagnostic } from '../../../core/lens/document';
import type { SecretKind } from '../../../core/export/redact';
import type { FoundKind } from '../../../core/nanobot/metadata-contracts';
import { groupDigits } from '../numbers';

export { plural } from '../numbers';

/** Each kind of secret the export finds (core/export/redact.ts), in words. */
export const SECRETS: Record<SecretKind, string> = {
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

export const FOUND: Record<FoundKind, (bool?: boolean) => string> = {
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
export function diagnostic(d: Diagnostic): string {
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

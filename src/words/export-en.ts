/**
 * The words an export writes around the data, in English: the app's English catalog hands them
 * to the core's export (core/export/export-parts.ts ExportWords).
 */
import type { ExportWords } from '../core/export/export-parts';

/** The words an export writes around the data, in English (the words every export had before it could speak another language). */
export const EXPORT_EN: ExportWords = {
  lang: 'en',
  untitled: 'Session',
  sessionKey: 'Session key',
  colon: ': ',
  messages: (n) => `${n} message${n === 1 ? '' : 's'}`,
  notADict: '(not a dict)',
  value: 'value',
  noRole: '(no role)',
  name: 'name ',
  answers: 'answers ',
  reasoning: 'reasoning',
  thinkingBlocks: 'thinking blocks',
  block: 'block',
  typedBlock: (type) => `${type} block`,
  content: 'content',
  toolCall: 'tool call',
};

/**
 * A message, whatever its fields hold, as the parts an export shows: a heading (number, role, time,
 * what it answers) and blocks of text or JSON. Field values are untyped: each is checked.
 */
import { pyDumps } from '../python/pyjson';
import { dictGet, isDict, type PyValue } from '../python/pyvalue';

/** One block of an exported message: prose (as written), code-like text, or a JSON value. */
export interface ExportBlock {
  kind: 'text' | 'code' | 'json';
  /** What the block is (shown as a small label), e.g. "tool call search", "reasoning". */
  label: string;
  text: string;
}

export interface ExportMessage {
  /** 1-based position in the export. */
  n: number;
  role: string;
  /** Timestamp, tool name, tool_call_id: short facts for the heading. */
  facts: string[];
  blocks: ExportBlock[];
}

/**
 * The words an export writes around the data (headings, labels), told by the caller in its
 * language (src/ui/i18n: English from src/words/export-en.ts), so a file made from the Chinese
 * interface reads in Chinese. The core holds none of its own.
 */
export interface ExportWords {
  /** The `lang` of the exported HTML page. */
  lang: string;
  /** The heading when the session has no title. */
  untitled: string;
  sessionKey: string;
  /** Between a label and its value in the header's facts. */
  colon: string;
  messages: (n: number) => string;
  notADict: string;
  value: string;
  noRole: string;
  /** Heading facts: a tool result's tool name, the call id it answers (each followed by the value). */
  name: string;
  answers: string;
  reasoning: string;
  thinkingBlocks: string;
  block: string;
  typedBlock: (type: string) => string;
  content: string;
  toolCall: string;
}

const str = (v: PyValue | undefined): string | null => (typeof v === 'string' ? v : null);
const shown = (v: PyValue): string => (typeof v === 'string' ? v : pyDumps(v));

function contentBlocks(content: PyValue | undefined, role: string, w: ExportWords): ExportBlock[] {
  if (content === undefined) return [];
  const prose = role === 'tool' ? 'code' : 'text';
  if (typeof content === 'string') return content === '' ? [] : [{ kind: prose, label: '', text: content }];
  if (Array.isArray(content)) {
    return content.map((b): ExportBlock => {
      const text = isDict(b) ? str(dictGet(b, 'text')) : null;
      if (isDict(b) && dictGet(b, 'type') === 'text' && text !== null) return { kind: prose, label: '', text };
      const type = isDict(b) ? str(dictGet(b, 'type')) : null;
      return { kind: 'json', label: type ? w.typedBlock(type) : w.block, text: pyDumps(b) };
    });
  }
  return [{ kind: 'json', label: w.content, text: pyDumps(content) }];
}

function toolCallBlocks(calls: PyValue | undefined, w: ExportWords): ExportBlock[] {
  if (calls === undefined) return [];
  if (!Array.isArray(calls)) return [{ kind: 'json', label: 'tool_calls', text: pyDumps(calls) }];
  return calls.map((c): ExportBlock => {
    const fn = isDict(c) ? dictGet(c, 'function') : undefined;
    const name = isDict(fn) ? dictGet(fn, 'name') : undefined;
    const args = isDict(fn) ? dictGet(fn, 'arguments') : undefined;
    const id = isDict(c) ? dictGet(c, 'id') : undefined;
    if (name === undefined && args === undefined) return { kind: 'json', label: w.toolCall, text: pyDumps(c) };
    const label = `${w.toolCall} ${name === undefined ? '?' : shown(name)}${id === undefined ? '' : ` (${shown(id)})`}`;
    return { kind: typeof args === 'string' ? 'code' : 'json', label, text: args === undefined ? '' : shown(args) };
  });
}

/** The parts of message `m` (a dict, or any value a file may hold instead), labelled in `w`'s words. */
export function exportMessage(m: PyValue, n: number, w: ExportWords): ExportMessage {
  if (!isDict(m)) return { n, role: w.notADict, facts: [], blocks: [{ kind: 'json', label: w.value, text: pyDumps(m) }] };
  const role = dictGet(m, 'role');
  const roleText = role === undefined ? w.noRole : shown(role);
  const facts: string[] = [];
  for (const [key, label] of [['timestamp', ''], ['name', w.name], ['tool_call_id', w.answers]] as const) {
    const v = dictGet(m, key);
    if (v !== undefined && !(key === 'name' && role !== 'tool')) facts.push(label + shown(v));
  }
  const blocks: ExportBlock[] = [];
  const reasoning = dictGet(m, 'reasoning_content');
  if (reasoning !== undefined && reasoning !== null && reasoning !== '') blocks.push({ kind: typeof reasoning === 'string' ? 'code' : 'json', label: w.reasoning, text: shown(reasoning) });
  const thinking = dictGet(m, 'thinking_blocks');
  if (thinking !== undefined && thinking !== null) blocks.push({ kind: 'json', label: w.thinkingBlocks, text: pyDumps(thinking) });
  blocks.push(...contentBlocks(dictGet(m, 'content'), typeof role === 'string' ? role : '', w));
  blocks.push(...toolCallBlocks(dictGet(m, 'tool_calls'), w));
  const media = dictGet(m, 'media');
  if (media !== undefined) blocks.push({ kind: 'json', label: 'media', text: pyDumps(media) });
  return { n, role: roleText, facts, blocks };
}

/**
 * ExportWords as data a worker can be sent (functions cannot be): the count of messages as the
 * header states it, and the typed block's words around a placeholder.
 */
export interface ExportWordsData extends Omit<ExportWords, 'messages' | 'typedBlock'> {
  messagesText: string;
  typedBlock: [string, string];
}

const SLOT = '\u0000';

/** `w` as data for an export of `count` messages; null when its typed block does not simply wrap the type (then it is not sent). */
export function wordsToData(w: ExportWords, count: number): ExportWordsData | null {
  const parts = w.typedBlock(SLOT).split(SLOT);
  if (parts.length !== 2 || w.typedBlock('probe') !== parts[0] + 'probe' + parts[1]) return null;
  const { messages, typedBlock: _t, ...rest } = w;
  return { ...rest, messagesText: messages(count), typedBlock: [parts[0]!, parts[1]!] };
}

/** The words back from their data (their count stated for the export it was made for). */
export function wordsFromData(d: ExportWordsData): ExportWords {
  const { messagesText, typedBlock: [a, b], ...rest } = d;
  return { ...rest, messages: () => messagesText, typedBlock: (type) => a + type + b };
}

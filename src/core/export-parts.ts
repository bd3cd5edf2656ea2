/**
 * A message, whatever its fields hold, as the parts an export shows: a heading (number, role, time,
 * what it answers) and blocks of text or JSON. Field values are untyped: each is checked.
 */
import { pyDumps } from './pyjson';
import { dictGet, isDict, type PyValue } from './pyvalue';

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

const str = (v: PyValue | undefined): string | null => (typeof v === 'string' ? v : null);
const shown = (v: PyValue): string => (typeof v === 'string' ? v : pyDumps(v));

function contentBlocks(content: PyValue | undefined, role: string): ExportBlock[] {
  if (content === undefined) return [];
  const prose = role === 'tool' ? 'code' : 'text';
  if (typeof content === 'string') return content === '' ? [] : [{ kind: prose, label: '', text: content }];
  if (Array.isArray(content)) {
    return content.map((b): ExportBlock => {
      const text = isDict(b) ? str(dictGet(b, 'text')) : null;
      if (isDict(b) && dictGet(b, 'type') === 'text' && text !== null) return { kind: prose, label: '', text };
      const type = isDict(b) ? str(dictGet(b, 'type')) : null;
      return { kind: 'json', label: type ? `${type} block` : 'block', text: pyDumps(b) };
    });
  }
  return [{ kind: 'json', label: 'content', text: pyDumps(content) }];
}

function toolCallBlocks(calls: PyValue | undefined): ExportBlock[] {
  if (calls === undefined) return [];
  if (!Array.isArray(calls)) return [{ kind: 'json', label: 'tool_calls', text: pyDumps(calls) }];
  return calls.map((c): ExportBlock => {
    const fn = isDict(c) ? dictGet(c, 'function') : undefined;
    const name = isDict(fn) ? dictGet(fn, 'name') : undefined;
    const args = isDict(fn) ? dictGet(fn, 'arguments') : undefined;
    const id = isDict(c) ? dictGet(c, 'id') : undefined;
    if (name === undefined && args === undefined) return { kind: 'json', label: 'tool call', text: pyDumps(c) };
    const label = `tool call ${name === undefined ? '?' : shown(name)}${id === undefined ? '' : ` (${shown(id)})`}`;
    return { kind: typeof args === 'string' ? 'code' : 'json', label, text: args === undefined ? '' : shown(args) };
  });
}

/** The parts of message `m` (a dict, or any value a file may hold instead). */
export function exportMessage(m: PyValue, n: number): ExportMessage {
  if (!isDict(m)) return { n, role: '(not a dict)', facts: [], blocks: [{ kind: 'json', label: 'value', text: pyDumps(m) }] };
  const role = dictGet(m, 'role');
  const roleText = role === undefined ? '(no role)' : shown(role);
  const facts: string[] = [];
  for (const [key, label] of [['timestamp', ''], ['name', 'name '], ['tool_call_id', 'answers ']] as const) {
    const v = dictGet(m, key);
    if (v !== undefined && !(key === 'name' && role !== 'tool')) facts.push(label + shown(v));
  }
  const blocks: ExportBlock[] = [];
  const reasoning = dictGet(m, 'reasoning_content');
  if (reasoning !== undefined && reasoning !== null && reasoning !== '') blocks.push({ kind: typeof reasoning === 'string' ? 'code' : 'json', label: 'reasoning', text: shown(reasoning) });
  const thinking = dictGet(m, 'thinking_blocks');
  if (thinking !== undefined && thinking !== null) blocks.push({ kind: 'json', label: 'thinking blocks', text: pyDumps(thinking) });
  blocks.push(...contentBlocks(dictGet(m, 'content'), typeof role === 'string' ? role : ''));
  blocks.push(...toolCallBlocks(dictGet(m, 'tool_calls')));
  const media = dictGet(m, 'media');
  if (media !== undefined) blocks.push({ kind: 'json', label: 'media', text: pyDumps(media) });
  return { n, role: roleText, facts, blocks };
}

// @vitest-environment happy-dom
/**
 * The Context tab and the Memory page in happy-dom: the next request's parts in nanobot's order with
 * nanobot's token counts (nanobot's own text counted, never shown), files left out, the message's
 * tokens joining the total, the save traces linking to their messages, this session's archive
 * entries; the Memory page's health; the archive one click from the last_consolidated boundary.
 */
import { turnRulesOf } from '../../../src/core/turn/turn-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { ContextTab } from '../../../src/ui/session/context/ContextTab';
import { MemoryContent, MemoryPage } from '../../../src/ui/workspace/pages/MemoryPage';
import { runtimeRange } from '../../../src/core/turn/joined';
import { templateText } from '../../core/turn/nanobot-archive';
import type { SessionSource } from '../../../src/store/source/session-source';
import { button, click, indexedText, jsonl, meta, mount, openText, settle, type, unmount, waitFor, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const AGENTS = '# Rules\n\nAnswer briefly.\n';
const HISTORY = [
  '{"cursor": 1, "timestamp": "2026-05-01 10:00", "content": "Archived: talked about tea.", "session_key": "cli:direct"}',
  '{"cursor": 2, "timestamp": "2026-05-02 10:00", "content": "Another chat.", "session_key": "telegram:9"}',
  '{"cursor": 3, "timestamp": "2026-05-03 10:00", "content": "Archived: planned the garden.", "session_key": "cli:direct"}',
].join('\n') + '\n';

function workspace() {
  const a = createMemoryAdapter();
  a.mkdir('memory');
  a.mkdir('sessions');
  a.setFile('AGENTS.md', AGENTS);
  a.setFile('USER.md', templateText('v0.2', 'USER.md'));
  a.setFile('TOOLS.md', 'not read\n');
  a.setFile('memory/MEMORY.md', '- likes tea\n');
  a.setFile('memory/history.jsonl', HISTORY);
  a.setFile('memory/.dream_cursor', '1\n');
  return a;
}

const session = jsonl([
  meta({}, 2),
  { role: 'user', content: 'old question', timestamp: '2026-06-01T09:00:00' },
  { role: 'assistant', content: 'old answer', timestamp: '2026-06-01T09:00:01' },
  { role: 'user', content: 'list files', timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }], timestamp: '2026-06-01T10:00:01' },
  { role: 'tool', tool_call_id: 'c1', name: 'ls', content: 'a'.repeat(40) + '\n... (truncated)', timestamp: '2026-06-01T10:00:02' },
  { role: 'assistant', content: 'Many files.', timestamp: '2026-06-01T10:00:03' },
]);

const rows = (root: Element) => [...root.querySelectorAll('tr.sl-turn-part')].map((r) => (r as HTMLElement).dataset.kind);

/** The session at a size: the whole document the page holds, or read on its line index. */
const SIZES: [string, (text: string, path?: string) => SessionSource][] = [
  ['the whole document', (text, path) => wholeHost(openText(text, path)).source],
  ['the line index', (text, path) => indexedText(text, 'v0.2', path)],
];

describe.each(SIZES)('the Context tab over %s', (_size, sourceOf) => {
  it('shows the next request part by part, in nanobot’s order, with its token counts', async () => {
    const onParams = vi.fn();
    el = await mount(<ContextTab source={sourceOf(session)} reader={workspace()} params={{}} onParams={onParams} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    // v0.2: the untouched USER.md template is still sent; TOOLS.md is never read.
    expect(rows(el)).toEqual(['identity', 'bootstrap', 'bootstrap', 'tool-contract', 'memory', 'active-skills', 'skills', 'recent-history', 'history', 'current-message', 'runtime-context']);
    const count = await loadTokenizer();
    const agents = el.querySelectorAll('tr.sl-turn-bootstrap')[0]!;
    expect(agents.textContent).toContain('AGENTS.md');
    expect(agents.querySelector('.sl-num')!.textContent).toContain(String(count(`## AGENTS.md\n\n${AGENTS}`)));
    expect(agents.querySelector('details pre')!.textContent).toBe(`## AGENTS.md\n\n${AGENTS}`);
    // nanobot's own instructions: a figure per version (the `cli` format hint), never their text; the
    // workspace path (the folder's name until one is given) and the platform line's middle counted.
    const identity = el.querySelector('tr.sl-turn-identity') as HTMLElement;
    expect(identity.querySelector('details')).toBeNull();
    const figures = turnRulesOf('v0.2').joined;
    const expected = figures.identity[figures.formatHints.cli!]! + runtimeRange(false, count).tokens + figures.identitySlots * (count(' memory') as number);
    expect(Number(identity.dataset.tokens)).toBe(expected);
    expect(identity.textContent).toContain('platform and Python version');
    // Not known in a browser: the platform line and (v0.2) the clock, each named with its size; the total says ±.
    const unknown = [...el.querySelectorAll('.sl-turn-unknown li')].map((li) => (li as HTMLElement).dataset.slot);
    expect(unknown).toEqual(['runtime', 'clock']);
    expect(el.querySelector('.sl-turn-total')!.textContent).toMatch(/^Total [\d,]+ ± \d+ tokens/);
    expect(el.querySelector('.sl-turn-leftout')!.textContent).toContain('TOOLS.md: not part of the request at any version');
    // The archive: this session's entries only; 1 is processed by Dream, 3 is not (and is in the prompt).
    const archive = [...el.querySelectorAll('.sl-turn-archive li')].map((li) => (li as HTMLElement).dataset.cursor);
    expect(archive).toEqual(['1', '3']);
    expect(el.querySelector('tr.sl-turn-recent-history')!.textContent).toContain('memory/history.jsonl');
    // The save's trace, on the message that carries it, one click away (read apart from the request).
    await waitFor(() => !!el!.querySelector('[data-trace="tool-result-truncated"] a'));
    const trace = el.querySelector('[data-trace="tool-result-truncated"] a') as HTMLAnchorElement;
    expect(trace.getAttribute('href')).toBe('#/s/cli%3Adirect/m/5');

    const before = Number((el.querySelector('.sl-turn-total') as HTMLElement).dataset.total);
    await type(el.querySelector('textarea'), 'What should I plant in May, and where?');
    await settle();
    const after = Number((el.querySelector('.sl-turn-total') as HTMLElement).dataset.total);
    expect(after).toBeGreaterThan(before);
  });

  it('asks for the workspace’s absolute path once, counts it where nanobot writes it, and remembers it', async () => {
    localStorage.clear();
    const count = await loadTokenizer();
    const reader = workspace();
    el = await mount(<ContextTab source={sourceOf(session)} reader={reader} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    const field = el.querySelector('input.sl-turn-path') as HTMLInputElement;
    expect(field.value).toBe('memory');
    expect(el.querySelector('.sl-turn-path-ask')).not.toBeNull();
    const tokens = () => Number((el!.querySelector('tr.sl-turn-identity') as HTMLElement).dataset.tokens);
    const before = tokens();
    await type(field, '/home/ada/garden-planner');
    await settle();
    const slots = turnRulesOf('v0.2').joined.identitySlots;
    expect(tokens() - before).toBe(slots * ((count(' /home/ada/garden-planner') as number) - (count(' memory') as number)));
    expect(el.querySelector('.sl-turn-path-ask')).toBeNull();
    await unmount(el);
    el = await mount(<ContextTab source={sourceOf(session)} reader={reader} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    expect((el.querySelector('input.sl-turn-path') as HTMLInputElement).value).toBe('/home/ada/garden-planner');
    expect(el.querySelector('.sl-turn-path-ask')).toBeNull();
    // What is stored is checked when read back: anything else is asked again.
    localStorage.setItem([...Array(localStorage.length).keys()].map((i) => localStorage.key(i)!).find((k) => k.includes('workspace-path'))!, '{"format": 2}');
    await unmount(el);
    el = await mount(<ContextTab source={sourceOf(session)} reader={reader} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    expect((el.querySelector('input.sl-turn-path') as HTMLInputElement).value).toBe('memory');
  });

  it('says when the workspace is not in the opened folder, and still counts nanobot’s parts', async () => {
    el = await mount(<ContextTab source={sourceOf(session, 'cli_direct.jsonl')} reader={workspace()} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    expect(el.textContent).toContain('The workspace’s files are not in the opened folder');
    expect(rows(el)).not.toContain('bootstrap');
    expect(rows(el)).toContain('identity');
  });
});

describe('the save traces in the conversation', () => {
  it('are said on the messages that carry them', async () => {
    el = await mount(<ConversationTab source={wholeHost(openText(session)).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('[data-message="4"]'));
    const tool = el.querySelector('[data-message="4"] .sl-traces')!;
    expect(tool.textContent).toContain('the save cut it to max_tool_result_chars');
    // v0.2 strips the runtime-context block from every user text it saves.
    expect(el.querySelector('[data-message="2"] [data-trace="runtime-context-stripped"]')).not.toBeNull();
    expect(el.querySelector('[data-message="1"] .sl-traces')).toBeNull();
  });
});

describe('the archive from the archived messages', () => {
  it('is one click from the last_consolidated boundary', async () => {
    const onArchive = vi.fn();
    el = await mount(<ConversationTab source={wholeHost(openText(session)).source} line={null} onOpenLine={() => {}} onLine={() => {}} onArchive={onArchive} />);
    await waitFor(() => !!button(el!, 'Archive entries of this session'));
    await click(button(el, 'Archive entries of this session'));
    expect(onArchive).toHaveBeenCalledTimes(1);
  });
});

describe('the Memory page', () => {
  it('reads the memory files with nanobot’s health rules', async () => {
    const files = new Map([
      ['memory/MEMORY.md', '- likes tea\n'],
      ['memory/history.jsonl', HISTORY + '{"cursor": -1, "timestamp": "x", "content": "y"}\nnot json\n'],
      ['memory/.dream_cursor', 'soon'],
    ]);
    el = await mount(<MemoryContent ws={{ files, skillDirs: [], path: null }} version="main" />);
    expect((el.querySelector('[data-health]') as HTMLElement).dataset.health).toBe('warn');
    expect([...el.querySelectorAll('.sl-memory-issues li')].map((li) => (li as HTMLElement).dataset.code)).toEqual(['invalid-cursor', 'unparsable-line', 'dream-cursor-unreadable']);
    expect((el.querySelector('[data-dream-cursor]') as HTMLElement).dataset.dreamCursor).toBe('0');
    expect(el.querySelectorAll('.sl-memory-table tbody tr.unprocessed')).toHaveLength(3);
    const link = el.querySelector('.sl-memory-table a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('#/s/cli%3Adirect?tab=context&show=archive');
  });

  it('says why when the workspace cannot be read, instead of waiting for ever', async () => {
    const a = createMemoryAdapter();
    a.mkdir('memory');
    a.read = () => Promise.reject(new Error('the disk went away'));
    el = await mount(<MemoryPage adapter={a} dir="" version="main" />);
    await waitFor(() => el!.querySelector('[role="alert"]') !== null);
    expect(el.querySelector('[role="alert"]')!.textContent).toContain('the disk went away');
    expect(el.querySelector('[aria-busy="true"]')).toBeNull();
  });
});

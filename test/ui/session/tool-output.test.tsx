// @vitest-environment happy-dom
/**
 * A tool's output is set as code (issue 27): a read_file result holding Python keeps its indentation
 * in a monospace preformatted block, is not read as Markdown (`# comment` is no heading, `__init__`
 * not bold), and HTML in it stays text. User and assistant text stay Markdown.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadMarkdown } from '../../../src/ui/session/markdown/loader';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { bothSizes, conversationShown, jsonl, meta, mount, unmount } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const PY = '# upload helper\nclass Uploader:\n    def __init__(self, retries=3):\n        self.retries = retries\n\n\tif x:\n        return "<b>not bold</b>"\n';

describe('tool output', () => {
  const text = jsonl([
      meta(),
      { role: 'user', content: 'Show me **uploader.py**' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'read_file', arguments: '{"path": "uploader.py"}' } }] },
      { role: 'tool', tool_call_id: 'a', name: 'read_file', content: PY },
      { role: 'tool', tool_call_id: 'a', name: 'read_file', content: [{ type: 'text', text: '  indented\n    more' }] },
    ]);
  for (const [size, open] of bothSizes(text)) it(`is preformatted code with its whitespace, never Markdown or HTML; prose stays Markdown (${size})`, async () => {
    await loadMarkdown();
    el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await conversationShown(el);
    const cards = [...el.querySelectorAll('article')];
    const tool = cards[2]!;
    const out = tool.querySelector('.sl-output')!;
    expect(out.classList.contains('sl-code')).toBe(true);
    expect(out.querySelector('pre')!.textContent).toBe(PY);
    expect(tool.querySelector('h1, strong, b, .sl-md')).toBeNull();
    expect(tool.querySelector('.sl-raw-switch')).toBeNull();
    expect(cards[3]!.querySelector('.sl-output pre')!.textContent).toBe('  indented\n    more');
    // The assistant turn that only calls a tool has no "(empty)" text line.
    expect(cards[1]!.textContent).not.toContain('(empty)');
    expect(cards[1]!.textContent).toContain('read_file');
    // The user's text is Markdown still.
    expect(cards[0]!.querySelector('strong')!.textContent).toBe('uploader.py');
  });
});

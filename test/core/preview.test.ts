import { describe, expect, it } from 'vitest';
import { messagePreview, previewText, scrubSubagentAnnounce } from '../../src/core/listing/preview';
import { PyFloat } from '../../src/core/python/pyvalue';

describe('previewText', () => {
  it('takes strings and the text blocks of lists, nothing else', () => {
    expect(previewText('  a \x1c\n b ')).toBe('a b');
    expect(previewText([{ type: 'text', text: 'a' }, { type: 'image_url' }, 'x', { type: 'text', text: 'b' }])).toBe('a b');
    expect(previewText([{ type: 'text', text: new PyFloat(1) }])).toBe('');
    for (const c of [null, undefined, 1, new PyFloat(1.5), true, { text: 'x' }]) expect(previewText(c)).toBe('');
  });
  it('joins blocks with a space before sanitizing, so a joined echo line survives', () => {
    expect(previewText([{ type: 'text', text: '[Message Time: t]\nhi' }, { type: 'text', text: 'message(x)' }])).toBe('hi message(x)');
    expect(previewText([{ type: 'text', text: 'hi\n' }, { type: 'text', text: 'message(x)' }])).toBe('hi');
  });
  it('caps at 120 code points: 119 right-stripped + …', () => {
    expect(previewText('x'.repeat(120))).toBe('x'.repeat(120));
    expect(previewText('\u{1f389}'.repeat(121))).toBe('\u{1f389}'.repeat(119) + '…');
    expect(previewText('a'.repeat(118) + ' bc')).toBe('a'.repeat(118) + '…');
  });
});

describe('messagePreview', () => {
  it('scrubs only subagent results with string content', () => {
    const content = "[Subagent 'r' done]\nTask: t\nResult:\nbody\nSummarize this naturally.";
    expect(messagePreview({ role: 'user', content, injected_event: 'subagent_result' }, 'v0.2')).toBe("[Subagent 'r' done] body");
    expect(messagePreview({ role: 'user', content }, 'v0.2')).toBe("[Subagent 'r' done] Task: t Result: body Summarize this naturally.");
    expect(messagePreview({ role: 'user', content: [{ type: 'text', text: 'Result:\nx' }], injected_event: 'subagent_result' }, 'v0.2')).toBe(
      'Result: x',
    );
  });
});

describe('scrubSubagentAnnounce', () => {
  it('keeps the header and the result body', () => {
    expect(scrubSubagentAnnounce("[Subagent 'a' ok]\r\nTask: t\r\nRESULT: r1\r\nSUMMARIZE THIS NATURALLY")).toBe("[Subagent 'a' ok]\n\nr1");
    expect(scrubSubagentAnnounce('  no marker  ')).toBe('no marker');
    expect(scrubSubagentAnnounce("[Subagent x]\nno marker")).toBe('[Subagent x]');
    expect(scrubSubagentAnnounce('x\nresult:\n\n')).toBe('x\nresult:');
  });
  it('caps the body at 800 code points', () => {
    const out = scrubSubagentAnnounce(`h\nresult:\n${'\u{1f389}'.repeat(801)}`);
    expect(out).toBe('\u{1f389}'.repeat(799) + '…');
  });
  it('cuts the original text at the index found in the lowered text, like Python', () => {
    // 'İ'.lower() is two code points, so the cut lands one character late.
    expect(scrubSubagentAnnounce('İ\nresult:\nabc')).toBe('bc');
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeAssistantReplayText } from '../../src/core/listing/sanitize';

describe('sanitizeAssistantReplayText', () => {
  it.each([
    // one leading stamp, which may span lines and needs no newline after it
    ['[Message Time: a\nb]\n[Message Time: c]\nx', '[Message Time: c]\nx'],
    ['[Message Time: ]x', '[Message Time: ]x'],
    [' [Message Time: t]\nx', '[Message Time: t]\nx'],
    // local image breadcrumbs, with Python whitespace (\x1f, \x85 is a line break) after them
    ['[image: /a.png]\x1f\nok', 'ok'],
    ['[image: ~/b]\u3000', ''],
    ['[image: /a]b]\nok', '[image: /a]b]\nok'],
    ['[image: /a]\ufeff', '[image: /a]\ufeff'],
    // tool-call echoes: no ) inside, Python whitespace around
    ['\x1cmessage(to="x")\x1f', ''],
    ['\u00a0generate_image(a, b)\u3000\nkept', 'kept'],
    ['\ufeffmessage(x)', '\ufeffmessage(x)'],
    ['message (x)', 'message (x)'],
    // lines are Python splitlines(), rejoined with \n
    ['a\x85message(x)\x0bb', 'a\nb'],
    ['\x1c\x1d', ''],
    // one line: as it is unless stripped or dropped (told without splitting it)
    ['plain one line, message(x) inside', 'plain one line, message(x) inside'],
    ['\u3000one line\x1f', 'one line'],
    ['', ''],
  ])('%j → %j', (input, want) => {
    expect(sanitizeAssistantReplayText(input)).toBe(want);
    expect(sanitizeAssistantReplayText(input)).toBe(want); // again, from the cache of recent texts
  });

  it('keeps answering right after its cache of recent texts fills and starts over', () => {
    const texts = Array.from({ length: 9000 }, (_, i) => `[Message Time: t${i}]\nturn ${i}\nmessage(x)`);
    for (const t of texts) sanitizeAssistantReplayText(t);
    for (const [i, t] of texts.entries()) expect(sanitizeAssistantReplayText(t)).toBe(`turn ${i}`);
  });
});

import { describe, expect, it } from 'vitest';
import { stripThink } from '../../src/core/listing/think';

describe('stripThink', () => {
  it.each([
    // closed blocks of each tag, anywhere; the closer must match the opener
    ['a<think>x</think>b', 'ab'],
    ['<thought>x\ny</thought> after', 'after'],
    ['a <thinking>x</thinking> b <think>y</think> c', 'a  b  c'],
    ['<think>x</thought>y', ''],
    ['a<think>x</thought>y', 'a<think>x</thought>y'],
    // an unclosed leading block hides the rest; a later unclosed opener only loses its tag
    ['\u3000 <thinking> rest of it', ''],
    ['text <think> more', 'text <think> more'],
    // <thinking/> only at the edges
    ['<thinking/>  a', 'a'],
    ['a <thinking/> b', 'a <thinking/> b'],
    ['a <thinking/>\n', 'a'],
    // malformed openers, not when a tag-name character, > or / follows
    ['<thought广场', '广场'],
    ['<thinker> stays', '<thinker> stays'],
    ['<think-tank>', '<think-tank>'],
    ['<think/> kept', '<think/> kept'],
    ['x <think', 'x'],
    // orphan closers at the edges only
    [' </thinking> a', 'a'],
    ['a </think> b', 'a </think> b'],
    ['a </thought>\n', 'a'],
    // channel markers at the start only
    ['  <|channel|>  x', 'x'],
    ['<|channel>x', 'x'],
    ['x <|channel|> y', 'x <|channel|> y'],
    ['x <channel|>', 'x'],
    // partial tags at the very end (Python $ also matches before one final newline)
    ['a </though', 'a'],
    ['a <th\n', 'a'],
    ['a <|chann', 'a'],
    ['a <|channel|', 'a'],
    ['a <th\n\n', 'a <th'],
    ['<|\n', ''],
    ['a <|', 'a <|'],
    ['ok', 'ok'],
  ])('%j → %j', (input, want) => {
    expect(stripThink(input)).toBe(want);
  });
});

describe('stripThink up to 0.2.2 (the think-thought tags)', () => {
  // Answers of 0.2.2's own strip_think.
  it.each([
    ['a <thinking>x</thinking> b <think>y</think> c', 'a <thinking>x</thinking> b  c'],
    ['<thinking/> T', '<thinking/> T'],
    ['T <thinking/>', 'T <thinking/>'],
    ['<thinking>x', '<thinking>x'],
    ['<thought><think>a</think>b</thought>c', 'c'],
    ['<think>a<thought>b</think>c', 'c'],
    ['T</thinking>', 'T</thinking>'],
    ['T </thought>', 'T'],
    ['x <thou', 'x'],
    ['<thinkingX', '<thinkingX'],
    ['<think广场', '广场'],
  ])('%j → %j', (text, want) => {
    expect(stripThink(text, 'think-thought')).toBe(want);
  });
});

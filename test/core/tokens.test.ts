import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PyFloat, dictFrom, type PyDict, type PyValue } from '../../src/core/python/pyvalue';
import { hasSpecialToken, loadTokenizer } from '../../src/core/tokens/tokenizer';
import { CL100K_PATTERN } from './cl100k-pattern';
import { codePointLength } from '../../src/core/python/pytext';
import {
  TokenEstimateError,
  estimateMessageTokens,
  tokenPayload,
  type TextTokenCounter,
} from '../../src/core/tokens/tokens';
import { GOLDEN_DIR, readGolden } from '../golden-values';

interface Case {
  name: string;
  messages: PyDict[];
  values: PyValue[];
  fallback: number[];
}

function loadCases(): Case[] {
  const dir = join(GOLDEN_DIR, 'cases');
  const out: Case[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const c = readGolden(join('cases', f)) as PyDict;
    const est = c.estimate_message_tokens as PyDict | null;
    if (!est) continue;
    const load = (c.load as PyDict).result as PyDict;
    out.push({
      name: f,
      messages: load.messages as PyDict[],
      values: est.values as PyValue[],
      fallback: est.tiktoken_fallback as number[],
    });
  }
  return out;
}

/** What our estimator gives, in the golden's shape (`{error: {type, message}}` on a raise). */
function ours(m: PyDict, count: TextTokenCounter): PyValue {
  try {
    return estimateMessageTokens(m, count, 'v0.2');
  } catch (e) {
    if (!(e instanceof TokenEstimateError)) throw e;
    return dictFrom([['error', dictFrom([['type', e.error.type], ['message', e.error.message]])]]);
  }
}

let count: TextTokenCounter;
let cases: Case[];
let index: PyDict;

beforeAll(async () => {
  count = await loadTokenizer();
  cases = loadCases();
  index = readGolden('_index.json') as PyDict;
});

describe('golden estimate_message_tokens', () => {
  it('uses the golden split pattern', () => {
    expect(CL100K_PATTERN).toBe(index.tokenizer_pat_str);
  });

  it('matches every value and every tiktoken fallback', () => {
    const bad: string[] = [];
    let total = 0;
    for (const c of cases) {
      c.messages.forEach((m, i) => {
        total++;
        const want = c.values[i]!;
        const got = ours(m, count);
        let payload = '';
        try {
          payload = tokenPayload(m, 'v0.2');
        } catch {
          // the error itself is compared through `got`
        }
        const fellBack = payload !== '' && count(payload) === 'special';
        if (JSON.stringify(got) !== JSON.stringify(want) || fellBack !== c.fallback.includes(i)) {
          bad.push(`${c.name}#${i}: want ${JSON.stringify(want)} (fallback ${c.fallback.includes(i)}), ` +
            `got ${JSON.stringify(got)} (fallback ${fellBack}); payload ${JSON.stringify(payload.slice(0, 300))}`);
        }
      });
    }
    expect(total).toBeGreaterThan(8000);
    expect(bad.length, `${bad.length} mismatches of ${total}:\n${bad.slice(0, 5).join('\n')}`).toBe(0);
  });

  it('counts the stock-js-tiktoken divergent texts like tiktoken', () => {
    for (const t of index.stock_js_tiktoken_divergent_texts as PyDict[]) {
      expect(count(t.text as string)).toBe(t.tiktoken_rust_regex);
    }
  });

});

describe('byte-pair merge', () => {
  /** tiktoken's own quadratic merge, as an oracle for the heap version. */
  function naiveCount(text: string, ranks: Map<string, number>): number {
    let total = 0;
    for (const [piece] of text.matchAll(new RegExp(CL100K_PATTERN, 'gu'))) {
      const b = String.fromCharCode(...new TextEncoder().encode(piece));
      if (ranks.has(b)) {
        total++;
        continue;
      }
      const starts = Array.from({ length: b.length + 1 }, (_, i) => i);
      for (;;) {
        let best = Infinity;
        let at = -1;
        for (let i = 0; i + 2 < starts.length; i++) {
          const r = ranks.get(b.slice(starts[i], starts[i + 2])) ?? Infinity;
          if (r < best) [best, at] = [r, i];
        }
        if (at < 0) break;
        starts.splice(at + 1, 1);
      }
      total += starts.length - 1;
    }
    return total;
  }

  it('agrees with the quadratic merge on random and repetitive text', async () => {
    const table = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
    const ranks = new Map<string, number>();
    table.forEach((t, r) => ranks.set(String.fromCharCode(...(typeof t === 'string' ? new TextEncoder().encode(t) : t)), r));
    const alphabet = ['a', 'b', 'e', 'r', ' ', '\n', 'é', '漢', '🙂', '\ufeff', '1', '!', "'", 'ſ', '\u0085', '\ud800'];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const texts = ['a'.repeat(777), 'ab'.repeat(300), '🙂'.repeat(50), '\ufeff'.repeat(40) + 'using'];
    for (let k = 0; k < 300; k++) texts.push(Array.from({ length: 1 + rand(60) }, () => alphabet[rand(alphabet.length)]).join(''));
    for (const t of texts) expect(count(t), JSON.stringify(t)).toBe(naiveCount(t, ranks));
  });
});

describe('tokenPayload', () => {
  const d = (o: Record<string, PyValue>): PyDict => dictFrom(Object.entries(o));

  it('joins content, name, tool_call_id, tool_calls and reasoning with newlines', () => {
    const m = d({
      role: 'assistant',
      content: 'hi',
      name: 'bot',
      tool_call_id: 'c1',
      tool_calls: [d({ id: 'c1', n: new PyFloat(1) })],
      reasoning_content: 'why',
    });
    expect(tokenPayload(m, 'v0.2')).toBe('hi\nbot\nc1\n[{"id": "c1", "n": 1.0}]\nwhy');
  });

  it('takes text blocks raw and dumps every other part', () => {
    const m = d({ content: [d({ type: 'text', text: 'a' }), d({ type: 'text', text: '' }), d({ type: 'image' }), 'x', 3] });
    expect(tokenPayload(m, 'v0.2')).toBe('a\n{"type": "image"}\n"x"\n3');
  });

  it('dumps other non-null content and skips empty or non-string fields', () => {
    expect(tokenPayload(d({ content: d({ k: 'ü' }), name: '', tool_call_id: 5, tool_calls: [] }), 'v0.2')).toBe('{"k": "ü"}');
    expect(tokenPayload(d({ content: null, reasoning_content: false }), 'v0.2')).toBe('');
  });

  it('raises like str.join on a truthy non-string text', () => {
    const m = d({ content: ['x', d({ type: 'text', text: 123 })] });
    expect(() => tokenPayload(m, 'v0.2')).toThrow('sequence item 1: expected str instance, int found');
    expect(() => tokenPayload(d({ content: [d({ type: 'text', text: new PyFloat(0.5) })] }), 'v0.2')).toThrow('float found');
  });
});

describe('estimateMessageTokens', () => {
  const d = (o: Record<string, PyValue>): PyDict => dictFrom(Object.entries(o));

  it('is 4 for an empty payload and tokens + 4 otherwise', () => {
    expect(estimateMessageTokens(d({ role: 'user' }), count, 'v0.2')).toBe(4);
    expect(estimateMessageTokens(d({ content: 'hello world' }), count, 'v0.2')).toBe(6);
  });

  it('falls back to code points // 4 + 4 on any cl100k special token', () => {
    const text = '😀'.repeat(20) + '<|endoftext|>';
    expect(codePointLength(text)).toBe(33);
    expect(estimateMessageTokens(d({ content: text }), count, 'v0.2')).toBe(12);
    for (const t of ['<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|endofprompt|>']) {
      expect(hasSpecialToken(`a ${t} b`)).toBe(true);
    }
    expect(estimateMessageTokens(d({ content: '<|x|>' }), count, 'v0.2')).toBe(4 + (count('<|x|>') as number));
  });

  it('treats the chat-only tokens as text, like tiktoken cl100k_base', () => {
    expect(count('<|im_start|>user<|im_sep|>')).toBeTypeOf('number');
  });

  it('counts a lone surrogate once in the fallback length', () => {
    expect(codePointLength('\ud800a\udc00\ud83d\ude00')).toBe(4);
  });
});

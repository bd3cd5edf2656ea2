/**
 * The hand-written cl100k pre-tokenizer (`src/core/tokens/cl100k-split.ts`) cuts every text into the
 * same pieces as the pattern's regex (`CL100K_PATTERN`, the golden's), on random texts over an
 * alphabet with every class the pattern tells apart and on texts that stress its backtracking.
 */
import { describe, expect, it } from 'vitest';
import { pieceEnd } from '../../src/core/tokens/cl100k-split';
import { CL100K_PATTERN } from './cl100k-pattern';

const byRegex = (text: string) => [...text.matchAll(new RegExp(CL100K_PATTERN, 'gu'))].map((m) => `${m.index}:${m[0]}`);

function byScanner(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const e = pieceEnd(text, i);
    out.push(`${i}:${text.slice(i, e)}`);
    i = e;
  }
  return out;
}

// Letters, numbers (ASCII, other scripts, astral), every White_Space kind, U+FEFF (not whitespace to
// Rust), quotes and contraction letters, ſ, lone and paired surrogates, symbols and marks.
const ALPHABET = [
  'a', 'Z', 's', 'S', 't', 'T', 'r', 'R', 'e', 'E', 'v', 'V', 'm', 'M', 'l', 'L', 'd', 'D', 'ſ', 'é', '漢', 'ß', '𝐀', '𠀀',
  '0', '7', '٣', '½', 'Ⅻ', '𝟏', ' ', ' ', ' ', '\t', '\n', '\r', '\x0b', '\x0c', '\x85', '\xa0', '\u1680', '\u2003', '\u2028',
  '\u2029', '\u202f', '\u205f', '\u3000', '\u200b', '\ufeff', "'", "'", '’', '"', '!', '.', '-', '_', '(', '🙂', '\u0301',
  '\ud800', '\udc00', '\ud83d', '\x00', '<|', '|>', '$',
];

describe('cl100k pre-tokenizer', () => {
  it('cuts random texts where the regex does', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 20000; k++) {
      const text = Array.from({ length: 1 + rand(24) }, () => ALPHABET[rand(ALPHABET.length)]).join('');
      expect(byScanner(text), JSON.stringify(text)).toEqual(byRegex(text));
    }
  });

  it('cuts the backtracking cases where the regex does', () => {
    const texts = [
      "it's we're they'VE I'LL he'D 'ſ 'ſam 'sam 'x '", '  hello', '\t\thello', 'a  \n  \n b', ' \n', '\n ', '   ', 'x   ', 'x   y',
      '\r\n\r\n  x', '12345678', '١٢٣٤', ' !!!\n\n\nx', '!!! ', '  !!', 'a\u3000\u3000b', '\ufeffusing', ' \ufeff', '\ud800\ud800a',
      '🙂🙂 🙂', 'x\u00a0\u00a0', 'code();\n\tif (a) {\n\t\treturn 1;\n\t}\n', '', ' ', '\n',
    ];
    for (const t of texts) expect(byScanner(t), JSON.stringify(t)).toEqual(byRegex(t));
  });
});

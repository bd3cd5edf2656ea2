/** What a newer nanobot does with files an older one left: v0.3.0's fallback lookup, main's start-up migration. */
import { describe, expect, it } from 'vitest';
import { migratesToNamespace } from '../../src/core/nanobot/migration';
import { fallbackBelongsElsewhere, fallbackStoredKey } from '../golden/migration';

const enc = (s: string) => new TextEncoder().encode(s);
const META = (k: unknown) => JSON.stringify({ _type: 'metadata', key: k, created_at: '2024-05-01T09:00:00', updated_at: '2024-05-01T10:00:00', metadata: {}, last_consolidated: 0 });

describe('fallbackStoredKey', () => {
  it('reads a string key from the first non-blank metadata line, else none', () => {
    expect(fallbackStoredKey(enc(`\n  \n${META('a:b')}\n`))).toEqual({ key: 'a:b' });
    expect(fallbackStoredKey(enc(`${META(5)}\n`))).toEqual({ key: null });
    expect(fallbackStoredKey(enc('{"role": "user"}\n'))).toEqual({ key: null });
    expect(fallbackStoredKey(enc('[1]\n'))).toEqual({ key: null });
    expect('error' in fallbackStoredKey(enc('['.repeat(3000) + '\n'))).toBe(true);
  });

  it('skips a file for a key only when it names another non-empty key', () => {
    expect(fallbackBelongsElsewhere(enc(`${META('x:y')}\n`), 'a:b')).toBe(true);
    expect(fallbackBelongsElsewhere(enc(`${META('a:b')}\n`), 'a:b')).toBe(false);
    expect(fallbackBelongsElsewhere(enc(`${META('')}\n`), 'a:b')).toBe(false);
  });
});

describe('migratesToNamespace', () => {
  it('moves a file whose every non-blank line is a JSON object', () => {
    expect(migratesToNamespace(enc(`${META('k')}\n\n{"role": "user", "content": "x"}\r\n`), 'a.jsonl')).toEqual({ ok: true });
  });

  it('leaves behind what every version could still repair', () => {
    for (const bad of ['', '\n\n', `${META('k')}\nnot json\n`, `\ufeff${META('k')}\n`, `${META('k')}\n[1]\n`, `\u3000${META('k')}\n`, `${META('k')}\n`.replace('2024-05-01T10:00:00', 'garbage')]) {
      const r = migratesToNamespace(enc(bad), 'a.jsonl');
      expect(r, JSON.stringify(bad)).toMatchObject({ ok: false });
    }
    const invalidUtf8 = new Uint8Array([...enc(`${META('k')}\n`), 0xff, 0x0a]);
    expect(migratesToNamespace(invalidUtf8, 'a.jsonl')).toMatchObject({ ok: false });
  });

  it('raises out of start-up on nesting past the recursion limit', () => {
    expect(migratesToNamespace(enc(`${META('k')}\n${'['.repeat(3000)}\n`), 'a.jsonl')).toMatchObject({ error: { type: 'RecursionError' } });
  });
});

import { describe, expect, it } from 'vitest';
import { nameProblem } from '../../src/store/adapter/names';
import { nameProblemEn } from '../../src/words/store-error-en';

/** Why `name` cannot be a file name on a local disk, in the CLI's English, or null when it is fine. */
const checkName = (name: string): string | null => {
  const p = nameProblem(name);
  return p ? nameProblemEn(p) : null;
};

describe('checkName (strict local-disk rules)', () => {
  it('accepts ordinary session, tmp and backup names', () => {
    for (const n of [
      'telegram_12345.jsonl',
      'cli_direct.jsonl',
      '.hidden.jsonl',
      'a.jsonl.tmp',
      '.x.jsonl.0123456789abcdef.tmp',
      'x.jsonl.20260601T100000123Z.bak',
      'dream_20260601-100000.jsonl',
      'a b.jsonl',
      'a..b',
      'a~b',
      'COM0',
      'com10',
      'conx.txt',
      'CONIN$.x',
      'x.local',
      'é'.repeat(127),
      'a'.repeat(255),
      '😀',
      'a\u00a0b',
    ]) {
      expect(checkName(n), n).toBeNull();
    }
  });

  it('names the offending character with its code point', () => {
    expect(checkName('telegram:1.jsonl')).toBe("contains ':' (U+003A)");
    expect(checkName('a*b')).toBe("contains '*' (U+002A)");
    expect(checkName('a"b')).toBe('contains \'"\' (U+0022)');
    for (const ch of ['?', '<', '>', '|', '/', '\\']) expect(checkName(`a${ch}b`)).toContain(`'${ch}'`);
    expect(checkName('a\nb')).toBe('contains the invisible control character (U+000A)');
    expect(checkName('a\u0000b')).toContain('(U+0000)');
    expect(checkName('a\tb')).toContain('(U+0009)');
    expect(checkName('a\u007fb')).toContain('(U+007F)');
    expect(checkName('a\u200bb')).toContain('(U+200B)');
    expect(checkName('\ufeffa')).toContain('(U+FEFF)');
    expect(checkName('a\u202eb')).toContain('(U+202E)');
    expect(checkName('a\ud800b')).toContain('lone surrogate (U+D800)');
  });

  it('refuses spaces, dots and tildes at the ends (one leading dot is fine)', () => {
    expect(checkName(' a')).toBe('starts with (U+0020)');
    expect(checkName('a ')).toBe('ends with (U+0020)');
    expect(checkName('a\u3000')).toContain('ends with');
    expect(checkName('a.')).toBe("ends with '.' (U+002E)");
    expect(checkName('~a')).toContain("starts with '~'");
    expect(checkName('a~')).toContain("ends with '~'");
    expect(checkName('..a')).toContain("starts with '.'");
    expect(checkName('.~a')).toContain("starts with '~'");
    expect(checkName('.')).not.toBeNull();
    expect(checkName('..')).not.toBeNull();
    expect(checkName('')).toBe('is empty');
  });

  it('refuses Windows device names with any extension, and shell files', () => {
    for (const n of ['CON', 'con', 'Con.jsonl', 'PRN.txt', 'AUX', 'NUL', 'nul.jsonl', 'COM1', 'com9.x', 'LPT1', 'LPT9.x', 'CLOCK$', 'clock$.txt', 'conin$', 'CONOUT$']) {
      expect(checkName(n), n).toMatch(/reserved device name/);
    }
    expect(checkName('desktop.ini')).toMatch(/reserved Windows shell file/);
    expect(checkName('Thumbs.DB')).toMatch(/reserved Windows shell file/);
    for (const n of ['x.lnk', 'x.LNK', 'x.url', 'x.scf', 'x.{abc}', 'x.{}']) expect(checkName(n), n).toMatch(/extension/);
  });

  it('refuses names over 255 UTF-8 bytes', () => {
    expect(checkName('a'.repeat(256))).toBe('is 256 bytes long in UTF-8; the limit is 255');
    expect(checkName('é'.repeat(128))).toContain('256 bytes');
    expect(nameProblem('é'.repeat(127))).toBeNull();
  });
});

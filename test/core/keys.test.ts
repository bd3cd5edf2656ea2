import { describe, expect, it } from 'vitest';
import { base64urlKey, keyChannel, keyFromBase64urlStem, listFallbackKey, safeFilename, safeKey } from '../../src/core/nanobot/keys';

describe('v0.2 file names', () => {
  it('safeFilename replaces unsafe characters and strips Python whitespace', () => {
    expect(safeFilename('\x1c a<b>c:d"e/f\\g|h?i*j \x85')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFilename('\ufeffk\n')).toBe('\ufeffk');
  });
  it('safeKey is lossy', () => {
    expect(new Set(['a:b_c', 'a_b:c', 'a:b:c'].map(safeKey))).toEqual(new Set(['a_b_c']));
    expect(safeKey('nul\x00:x')).toBe('nul\x00_x');
  });
  it('listFallbackKey turns the first _ into :', () => {
    expect(listFallbackKey('a_b_c')).toBe('a:b_c');
    expect(listFallbackKey('abc')).toBe('abc');
    expect(listFallbackKey('_$&')).toBe(':$&');
  });
  it('keyChannel is the part before the first :', () => {
    expect(keyChannel('slack:C1:123.4')).toBe('slack');
    expect(keyChannel('heartbeat')).toBe('heartbeat');
    expect(keyChannel(':x')).toBe('');
  });
});

describe('newer layout: base64url stems', () => {
  it('encodes UTF-8 without padding (Python urlsafe_b64encode(key.encode()).rstrip("="))', () => {
    expect(base64urlKey('cli:direct')).toBe('Y2xpOmRpcmVjdA');
    expect(base64urlKey('telegram:123456')).toBe('dGVsZWdyYW06MTIzNDU2');
    expect(base64urlKey('\u4e2d\u6587:\u{1f389}')).toBe('5Lit5paHOvCfjok');
    expect(base64urlKey('?>?')).toBe('Pz4_');
    expect(base64urlKey('\ufeff')).toBe('77u_');
    expect(base64urlKey('')).toBe('');
    expect(() => base64urlKey('a\ud800')).toThrow(/UnicodeEncodeError/);
  });
  it('decodes only canonical stems', () => {
    for (const key of ['cli:direct', 'a', 'ab', '\ufeffbom', '\u4e2d:\u{1f389}', 'new\nline', 'x\x00y']) {
      expect(keyFromBase64urlStem(base64urlKey(key))).toBe(key);
    }
    expect(keyFromBase64urlStem('')).toBeNull(); // main: the empty stem names no session
    expect(keyFromBase64urlStem('Y2xpOmRpcmVjdA==')).toBeNull(); // padding
    expect(keyFromBase64urlStem('Pz4/')).toBeNull(); // standard alphabet
    expect(keyFromBase64urlStem('YR')).toBeNull(); // non-zero trailing bits
    expect(keyFromBase64urlStem('Y')).toBeNull(); // impossible length
    expect(keyFromBase64urlStem('_w')).toBeNull(); // 0xff is not UTF-8
    expect(keyFromBase64urlStem('7aCA')).toBeNull(); // encoded surrogate
    expect(keyFromBase64urlStem('a_b_c')).toBeNull(); // a v0.2 stem
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { chosenVersion, messageHref, parseHash } from '../../src/ui/shell/router';

describe('message permalinks', () => {
  it('parse #/s/<key>/m/<n> as the session with message n', () => {
    expect(parseHash('#/s/telegram%3A1/m/12')).toEqual({ view: 'session', key: 'telegram:1', params: { m: '12' } });
    expect(parseHash('#/s/a%2Fb/m/007?file=x.jsonl')).toEqual({ view: 'session', key: 'a/b', params: { m: '7', file: 'x.jsonl' } });
    // not a permalink: the old reading of the path stays
    expect(parseHash('#/s/a/m/x')).toEqual({ view: 'session', key: 'a/m/x', params: {} });
    expect(parseHash('#/s/a/m')).toEqual({ view: 'session', key: 'a/m', params: {} });
  });

  it('format one that round-trips, keeping only file, folder and the version', () => {
    chosenVersion.value = null;
    const href = messageHref('a/b?#', 3, { file: 'f.jsonl', tab: 'replay', max_tokens: '9', folder: 'x', nanobot: 'main' });
    expect(href).toBe('#/s/a%2Fb%3F%23/m/3?file=f.jsonl&folder=x&nanobot=main');
    expect(parseHash(href)).toEqual({ view: 'session', key: 'a/b?#', params: { m: '3', file: 'f.jsonl', folder: 'x', nanobot: 'main' } });
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatRoute, navigate, parseHash, route, sessionHref, type Route } from '../../src/ui/shell/router';

describe('hash routes', () => {
  it('parse the documented routes', () => {
    expect(parseHash('')).toEqual({ view: 'start', params: {} });
    expect(parseHash('#/')).toEqual({ view: 'start', params: {} });
    expect(parseHash('#/w')).toEqual({ view: 'workspace', page: 'sessions', params: {} });
    expect(parseHash('#/w/health')).toEqual({ view: 'workspace', page: 'health', params: {} });
    expect(parseHash('#/w/leftovers?folder=sessions%2Fabc')).toEqual({ view: 'workspace', page: 'leftovers', params: { folder: 'sessions/abc' } });
    expect(parseHash('#/s/telegram%3A12345?tab=file&line=7')).toEqual({ view: 'session', key: 'telegram:12345', tab: 'file', params: { line: '7' } });
    expect(parseHash('#/s/x?tab=bogus')).toEqual({ view: 'session', key: 'x', params: {} });
    expect(parseHash('#/nonsense')).toEqual({ view: 'start', params: {} });
  });

  it('round-trip any key, including "/", "?", "#", "%", spaces and non-ASCII', () => {
    for (const key of ['cli:direct', 'slack:C1:1717.0019', 'a/b?c#d', '100%', ' x y ', 'dream:20260601-030000', 'telegram:ünï', 'weird\nkey']) {
      const r: Route = { view: 'session', key, tab: 'replay', params: { max_tokens: '1000', file: 'a b.jsonl' } };
      expect(parseHash(formatRoute(r))).toEqual(r);
    }
  });

  it('format workspace routes and session links', () => {
    expect(formatRoute({ view: 'workspace', page: 'sessions', params: {} })).toBe('#/w');
    expect(formatRoute({ view: 'workspace', page: 'health', params: { folder: 'x' } })).toBe('#/w/health?folder=x');
    expect(sessionHref('discord:30311', { line: '5' }, 'file')).toBe('#/s/discord%3A30311?tab=file&line=5');
  });

  it('navigate updates the hash and the route signal (replace keeps history length)', () => {
    navigate({ view: 'workspace', page: 'health', params: {} });
    expect(location.hash).toBe('#/w/health');
    expect(route.value).toEqual({ view: 'workspace', page: 'health', params: {} });
    const n = history.length;
    navigate({ view: 'session', key: 'a:b', tab: 'edit', params: {} }, { replace: true });
    expect(history.length).toBe(n);
    expect(route.value).toMatchObject({ view: 'session', key: 'a:b', tab: 'edit' });
  });
});

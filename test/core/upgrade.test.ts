/** What an upgrade does to a session: seen or not by the new version, and how its replay changes. */
import { describe, expect, it } from 'vitest';
import { base64urlKey } from '../../src/core/nanobot/keys';
import { upgradeImpact } from '../../src/core/nanobot/upgrade';

const NOW = '2026-12-01T10:00:00';
const META = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}`;
const turns = (n: number) => Array.from({ length: n }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}", "timestamp": "2026-06-01T10:00:00"}`);
const file = (lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');

describe('upgradeImpact', () => {
  it('0.2.1 → 0.2.2: a stored last_consolidated of "3" makes every replay of 0.2.1 raise TypeError; 0.2.2 checks it', () => {
    const meta = META('cli:direct').replace('"last_consolidated": 0', '"last_consolidated": "3"');
    const r = upgradeImpact(file([meta, ...turns(6)]), 'cli_direct.jsonl', 'workspace', '0.2.1', '0.2.2', NOW);
    expect(r.from.raises).toMatch(/^TypeError: /);
    expect(r.to.raises).toBeNull();
    expect(r.to.replayed).toHaveLength(6);
  });

  it("a first user message 600 levels deep: v0.3.0's and main's listings raise on it (the preview's copy), though main moves it at start-up and loads it", () => {
    const deep = `{"role": "user", "content": ${'['.repeat(600)}"x"${']'.repeat(600)}, "timestamp": "2026-06-01T10:00:00"}`;
    const lines = [META('cli:direct'), deep, ...turns(3).slice(1)];
    const up = upgradeImpact(file(lines), 'cli_direct.jsonl', 'workspace', 'v0.2', 'v0.3.0', NOW);
    expect(up.from.listingRaises).toBeNull();
    expect(up.to.listingRaises).toBe('RecursionError');
    expect(up.kind).toBe('changes');
    const name = `${base64urlKey('cli:direct')}.jsonl`;
    const toMain = upgradeImpact(file(lines), name, 'workspace', 'v0.3.0', 'main', NOW);
    expect(toMain.to.note).toEqual({ code: 'moved-at-startup' });
    expect(toMain.to.listingRaises).toBe('RecursionError');
  });

  it('v0.2 → v0.3.0: still seen; the wider count window replays more', () => {
    const r = upgradeImpact(file([META('cli:direct'), ...turns(300)]), 'cli_direct.jsonl', 'workspace', 'v0.2', 'v0.3.0', NOW);
    expect(r.kind).toBe('changes');
    expect(r.from.replayed).toHaveLength(120);
    expect(r.to.replayed).toHaveLength(300);
    expect(r.added).toHaveLength(180);
    expect(r.lost).toHaveLength(0);
  });

  it('v0.2 → main: a v0.2 name is moved into the namespace but never seen again', () => {
    const r = upgradeImpact(file([META('cli:direct'), ...turns(4)]), 'cli_direct.jsonl', 'workspace', 'v0.2', 'main', NOW);
    expect(r.kind).toBe('vanishes');
    expect(r.to.note).toEqual({ code: 'moved-name-not-base64url' });
    expect(r.lost).toHaveLength(4);
  });

  it('v0.3.0 → main: a canonical file that parses moves and stays; one with a corrupt line stays behind', () => {
    const name = `${base64urlKey('cli:direct')}.jsonl`;
    expect(upgradeImpact(file([META('cli:direct'), ...turns(4)]), name, 'workspace', 'v0.3.0', 'main', NOW).kind).toBe('same');
    const broken = upgradeImpact(file([META('cli:direct'), ...turns(4), '{oops']), name, 'workspace', 'v0.3.0', 'main', NOW);
    expect(broken.kind).toBe('vanishes');
    expect(broken.to.note).toEqual({ code: 'left-in-workspace', stay: { code: 'not-json', line: 6, error: 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)' } });
  });
});

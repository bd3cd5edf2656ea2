/** The version table: what each release does differently, checked where it shows in the core's answers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { isNanobotVersion, loopMaxMessages, versionNamed, NANOBOT_VERSIONS, oldestWithHome, rulesOf, VERSION_WITHOUT_EVIDENCE } from '../../src/core/nanobot/nanobot-version';
import { getHistory } from '../../src/core/replay/replay';
import { loadNanobot } from '../../src/core/lens/load';
import { metadataRecord } from '../../src/core/edit/format';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';

const turns = (n: number): PyDict[] => Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}`, timestamp: `2024-05-01T10:00:${String(i % 60).padStart(2, '0')}` }));

describe('nanobot versions', () => {
  it('names every release and three commits, oldest first, and recognises only them (a release also by its tag)', () => {
    expect([...NANOBOT_VERSIONS]).toEqual([
      '0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6',
      '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3', '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main',
    ]);
    expect(isNanobotVersion('main')).toBe(true);
    expect(isNanobotVersion('0.2')).toBe(false);
    expect(isNanobotVersion('v0.2.1')).toBe(false);
    expect(isNanobotVersion(2)).toBe(false);
    expect(versionNamed('v0.2.1')).toBe('0.2.1');
    expect(versionNamed('0.2.1')).toBe('0.2.1');
    expect(versionNamed('v0.3.0')).toBe('v0.3.0');
    expect(versionNamed('v0.2')).toBe('v0.2');
    expect(versionNamed('0.3.0')).toBeNull();
    expect(versionNamed('v0.1.4')).toBe('0.1.4');
    expect(versionNamed('v0.1.4.post3')).toBe('0.1.4.post3');
    expect(versionNamed('0.1.5.post3')).toBe('0.1.5.post3');
    expect(versionNamed('0.1.6')).toBeNull();
    expect(versionNamed('v0.1.4.post7')).toBeNull();
    expect(NANOBOT_VERSIONS.map((v) => rulesOf(v).label)).toEqual(NANOBOT_VERSIONS.map((v) => `nanobot ${v}`));
    // Each release's tag is its pip name with a v; the two commits have none.
    expect(NANOBOT_VERSIONS.filter((v) => rulesOf(v).tag !== `v${v}` && rulesOf(v).tag !== v)).toEqual(['v0.2', 'main']);
  });

  it("gives each agent loop its own get_history call", () => {
    expect(agentLoopOptions('v0.2')).toMatchObject({ maxMessages: 120, maxTokens: 190_784, includeTimestamps: true });
    expect(agentLoopOptions('v0.3.0')).toMatchObject({ maxMessages: 2000, includeTimestamps: false });
    expect(agentLoopOptions('main')).toMatchObject({ maxMessages: 0, includeTimestamps: false });
    expect(loopMaxMessages('v0.3.0', 128_000)).toBe(1280);
    expect(loopMaxMessages('v0.3.0', 5_000)).toBe(120);
    expect(agentLoopOptions('main', 0).maxTokens).toBe(0);
    // No budget before 0.1.5.post3; up to 0.2.1 the config's default window is 65,536 tokens; 0.2.2 raised it to 200,000.
    expect(NANOBOT_VERSIONS.map((v) => agentLoopOptions(v).maxTokens)).toEqual([...Array(10).fill(0), 56_320, 56_320, 56_320, 190_784, 190_784, 190_784, 190_784]);
    expect(agentLoopOptions('0.2.1')).toMatchObject({ maxMessages: 120, includeTimestamps: true });
    // memory_window 50 (0.1.4, post1) and 100 (post2–post4); max_messages=0, every unconsolidated message (post5–0.1.5.post2).
    expect(NANOBOT_VERSIONS.map((v) => agentLoopOptions(v).maxMessages)).toEqual([50, 50, 100, 100, 100, 0, 0, 0, 0, 0, 120, 120, 120, 120, 120, 2000, 0]);
    expect(NANOBOT_VERSIONS.map((v) => agentLoopOptions(v).includeTimestamps)).toEqual([...Array(10).fill(false), true, true, true, true, true, false, false]);
    // A config's memory_window reaches 0.1.4's get_history as it is (0: everything); 0.1.5.post3's loop makes 0 mean 120.
    expect(loopMaxMessages('0.1.4', null, 0)).toBe(0);
    expect(loopMaxMessages('0.1.4.post2', null, 30)).toBe(30);
    expect(loopMaxMessages('0.1.5.post3', null, 0)).toBe(120);
  });

  it('up to 0.2.1 get_history has no extend_to_user: asking for it changes nothing', () => {
    // 130 assistant messages after one user: the window of 120 holds no user; extend_to_user goes back to it.
    const ms: PyDict[] = [{ role: 'user', content: 'u' }, ...Array.from({ length: 130 }, (_, i) => ({ role: 'assistant', content: `a${i}` }))];
    const len = (v: (typeof NANOBOT_VERSIONS)[number]) => getHistory(ms, 0, { maxMessages: 120, extendToUser: true }, v).entries.length;
    expect(NANOBOT_VERSIONS.map(len)).toEqual([...Array(13).fill(120), 131, 131, 131, 131]);
  });

  it('0.2.0 has no CLI-app or MCP-preset breadcrumbs', () => {
    const ms: PyDict[] = [{ role: 'user', content: 'go', cli_apps: [{ name: 'Git', entry_point: 'git' }], mcp_presets: [{ name: 'fs' }] }];
    const content = (v: (typeof NANOBOT_VERSIONS)[number]) => getHistory(ms, 0, { maxMessages: 120 }, v).entries[0]!.content;
    expect(content('0.2.0')).toBe('go');
    expect(content('0.2.1')).toContain('[CLI App Attachment: @git;');
    expect(content('0.2.1')).toContain('[MCP Preset Attachment: @fs;');
  });

  it('replays the same file differently per version', () => {
    const ms = turns(300);
    const by = (v: (typeof NANOBOT_VERSIONS)[number]) => getHistory(ms, 0, agentLoopOptions(v), v);
    expect(by('v0.2').entries).toHaveLength(120);
    expect(by('v0.2').entries[0]!.content).toMatch(/^\[Message Time: /);
    expect(by('v0.3.0').entries).toHaveLength(300);
    expect(by('v0.3.0').entries[0]!.content).toBe('m0');
  });

  it("main replays the last 8 messages again when they are archived, marked as such", () => {
    const ms = turns(20);
    const main = getHistory(ms, 20, {}, 'main');
    expect(main.entries.map((e) => e.content)).toEqual(['m12', 'm13', 'm14', 'm15', 'm16', 'm17', 'm18', 'm19']);
    expect(main.fates.filter((f) => f.kept && f.changes.includes('archived'))).toHaveLength(8);
    expect(getHistory(ms, 20, {}, 'v0.3.0').entries).toHaveLength(0);
    expect(rulesOf('main').archivedReplayTail).toBe(8);
  });

  it('estimates lazily under a budget: an old malformed message never reached does not raise', () => {
    const ms: PyDict[] = [{ role: 'user', content: [{ type: 'text', text: 5 }] }, ...turns(6)];
    const count = (e: PyDict) => {
      if (Array.isArray(e.content)) throw Object.assign(new Error('TypeError'), { error: { type: 'TypeError', message: 'sequence item' } });
      return 10;
    };
    const r = getHistory(ms, 0, { maxMessages: 100, maxTokens: 30 }, 'v0.2', count);
    expect(r.error).toBeNull();
    expect(r.entries.length).toBeGreaterThan(0);
  });
});

describe('the version is always said', () => {
  const SRC = join(__dirname, '../../src');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

  it('no function falls back to a version silently: the one fallback is named in the table', () => {
    const silent = /(\?\?|NanobotVersion\s*=)\s*'(v0\.2|v0\.3\.0|main)'/;
    const found = sources(SRC).filter((f) => !f.endsWith('nanobot-version.ts') && silent.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
    // Named in the table: v0.2, whose answers the 0.2.x releases share wherever no clue on disk tells them apart.
    expect(VERSION_WITHOUT_EVIDENCE).toBe('v0.2');
  });

  it("a folder's place alone points to the oldest release that keeps sessions there", () => {
    expect(oldestWithHome('workspace')).toBe('v0.2');
    expect(oldestWithHome('namespace')).toBe('main');
  });

  it('the rules that used to be version comparisons are rows of the table', () => {
    expect(NANOBOT_VERSIONS.map((v) => rulesOf(v).deleteNames)).toEqual([...Array(15).fill('lossy'), 'canonical-and-lossy', 'canonical-and-lossy']);
    // From 0.1.5.post3 the agent loop passes its config's window (the 0.1.4.x windows are the replay table's).
    const since = NANOBOT_VERSIONS.slice(NANOBOT_VERSIONS.indexOf('0.1.5.post3'));
    expect(since.map((v) => rulesOf(v).loopWindow)).toEqual(['config', 'config', 'config', 'config', 'config', 'context-window', 'none']);
    expect(since.map((v) => loopMaxMessages(v, 128_000, 0))).toEqual([120, 120, 120, 120, 120, 1280, 0]);
  });
});

describe('last_consolidated where 0.2.0 and 0.2.1 do not check it', () => {
  // Answers of 0.2.1's own Session (golden-0.2.1 holds them over the whole grid).
  const file = (lc: string) =>
    new TextEncoder().encode(`{"_type": "metadata", "key": "k:a", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": ${lc}}\n` + [0, 1, 2, 3, 4].map((i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}\n`).join(''));
  const replay = (lc: string, v: (typeof NANOBOT_VERSIONS)[number]) => {
    const s = loadNanobot(file(lc), 'k:a', 'NOW', v).result!;
    const r = getHistory(s.messages, s.storedLastConsolidated !== undefined ? s.storedLastConsolidated : s.lastConsolidated, { maxMessages: 120 }, v);
    return r.error ? r.error.type : r.entries.map((e) => e.content).join(' ');
  };
  it('slices with the stored value: null everything, true from 1, -3 the last 3; a string or a float raises TypeError', () => {
    expect(['null', 'true', '-3', '99', '"3"', '2.0'].map((lc) => replay(lc, '0.2.1'))).toEqual(['m0 m1 m2 m3 m4', 'm2 m3 m4', 'm2 m3 m4', '', 'TypeError', 'TypeError']);
    expect(['null', 'true', '-3', '99', '"3"', '2.0'].map((lc) => replay(lc, '0.2.2'))).toEqual(Array(6).fill('m0 m1 m2 m3 m4'));
  });
  it('and saves it back as it was', () => {
    const s = loadNanobot(file('"3"'), 'k:a', 'NOW', '0.2.1').result!;
    expect(pyDumps(metadataRecord(s))).toContain('"last_consolidated": "3"');
    expect(pyDumps(metadataRecord(loadNanobot(file('"3"'), 'k:a', 'NOW', '0.2.2').result!))).toContain('"last_consolidated": 0');
  });
});

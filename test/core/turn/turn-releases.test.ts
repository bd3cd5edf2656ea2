/**
 * The next request's workspace parts at the 0.1.x releases, read from each tag's ContextBuilder and MemoryStore:
 * which bootstrap files become sections and which archive the prompt reads. (Their figures are not measured: turn-rules.ts says why.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleTurn, type WorkspaceSnapshot } from '../../../src/core/turn/build';
import { readMemory } from '../../../src/core/turn/memory';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';

let count: TextTokenCounter;
beforeAll(async () => {
  count = await loadTokenizer();
});

const history = JSON.stringify({ cursor: 1, timestamp: '2026-04-01 10:00', content: 'we planned the garden' });
const ws = (files: Record<string, string>, legacyHistory = false): WorkspaceSnapshot => ({ files: new Map(Object.entries(files)), skillDirs: [], path: null, legacyHistory });
const FILES = { 'AGENTS.md': 'agents', 'SOUL.md': 'soul', 'USER.md': 'user', 'TOOLS.md': 'tools', 'IDENTITY.md': 'identity', 'memory/history.jsonl': history + '\n' };
const turn = (v: NanobotVersion, files: Record<string, string> = FILES, legacy = false) =>
  assembleTurn({ version: v, workspace: ws(files, legacy), history: [], message: 'hi', sessionKey: 'cli:direct' }, count);

describe('the request at the 0.1.x releases', () => {
  it('reads TOOLS.md up to 0.2.0 and IDENTITY.md up to 0.1.4.post3, each a section; later they are not read', () => {
    const sections = (v: NanobotVersion) => turn(v).parts.filter((p) => p.kind === 'bootstrap').map((p) => p.sources[0]);
    const notRead = (v: NanobotVersion) => turn(v).leftOut.filter((l) => l.reason === 'not-read').map((l) => l.file);
    expect(sections('0.1.4')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md', 'IDENTITY.md']);
    expect(sections('0.1.4.post3')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md', 'IDENTITY.md']);
    // (post4's own ContextBuilder, run by turn-golden.py, reads four: its BOOTSTRAP_FILES drops IDENTITY.md.)
    expect(sections('0.1.4.post4')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md']);
    expect(notRead('0.1.4.post4')).toEqual(['IDENTITY.md']);
    expect(sections('0.1.4.post5')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md']);
    expect(notRead('0.1.4.post5')).toEqual(['IDENTITY.md']);
    expect(sections('0.2.0')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md']);
    expect(sections('0.2.1')).toEqual(['AGENTS.md', 'SOUL.md', 'USER.md']);
    expect(notRead('0.2.1')).toEqual(['TOOLS.md', 'IDENTITY.md']);
  });

  it('puts the archive’s recent entries in the prompt from 0.1.5.post1 on, every session’s until 0.2.2', () => {
    // The entry names no session: up to 0.2.1 every unprocessed entry goes in, from 0.2.2 only this session's.
    const recent = (v: NanobotVersion) => turn(v).parts.filter((p) => p.kind === 'recent-history').length;
    expect((['0.1.4', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post3', '0.2.1', '0.2.2'] as const).map(recent)).toEqual([0, 0, 0, 1, 1, 1, 0]);
  });

  it('before 0.1.5 HISTORY.md is the archive itself: nothing waits to be migrated', () => {
    const issues = (v: NanobotVersion) => readMemory({ memory: null, history: null, dreamCursor: null, legacyHistory: true }, v).issues.map((i) => i.code);
    expect(issues('0.1.4.post6')).toEqual([]);
    expect(issues('0.1.5')).toEqual(['legacy-history-pending']);
  });

  it('says when nanobot’s own texts are counted with another release’s figures, and whose', () => {
    const standIn = ['0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4'] as const;
    for (const v of standIn) expect([v, turn(v).figures, turn(v).figuresFrom]).toEqual([v, 'stand-in', '0.1.4.post5']);
    for (const v of ['0.1.4.post5', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3', '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main'] as const) expect([v, turn(v).figures, turn(v).figuresFrom]).toEqual([v, 'measured', v]);
  });

  it('says that nanobot never counts the request up to 0.1.4.post4, and counts it there as post5 does', () => {
    expect((['0.1.4', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.2.1'] as const).map((v) => turn(v).nanobotCounts)).toEqual([false, false, false, true, true]);
    // post4 reads the same files as post5 here (IDENTITY.md by neither): the same count.
    expect(turn('0.1.4.post4').total).toBe(turn('0.1.4.post5').total);
  });
});

/**
 * The turn against nanobot's own `ContextBuilder.build_messages` and `MemoryStore`: the cases in
 * test/turn-golden/<version>.json were made by scripts/turn-golden.py with nanobot's code at each
 * version. Every system-prompt part's presence, order, source and token count; the history equal to
 * build_messages' output; the current message and where its runtime context goes; the archive.
 */
import { turnRulesOf } from '../../../src/core/turn/turn-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';

import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict, PyValue } from '../../../src/core/python/pyvalue';
import { caseFor, expectedKinds, fileText, readTurnGolden, TURN_GOLDEN_VERSIONS, type GoldenCase } from './golden-cases';
import { recordedTemplates } from './nanobot-archive';
import { getHistory } from '../../../src/core/replay/replay';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';
import { assembleTurn, type TurnPart, type WorkspaceSnapshot } from '../../../src/core/turn/build';
import { entriesOfSession, readMemory } from '../../../src/core/turn/memory';

function snapshot(version: NanobotVersion, c: GoldenCase): WorkspaceSnapshot {
  const files = new Map<string, string>();
  const skillDirs: string[] = [];
  for (const [path, spec] of Object.entries(c.files)) {
    files.set(path, fileText(version, spec));
    const m = /^skills\/([^/]+)\//.exec(path);
    if (m && !skillDirs.includes(m[1]!)) skillDirs.push(m[1]!);
  }
  return { files, skillDirs, path: c.workspace };
}

const plain = (v: PyValue | PyDict[]) => pyDumps(v as PyValue);
let count: TextTokenCounter;
beforeAll(async () => {
  count = await loadTokenizer();
});

describe.each(TURN_GOLDEN_VERSIONS.map((v) => [v]))('the turn at %s, against nanobot', (version) => {
  const golden = readTurnGolden(version);
  const rules = turnRulesOf(version);

  it('keeps nanobot’s own texts as the figures measured from its code', () => {
    const f = golden.figures;
    expect(rules.identityTokens).toBe(f.identity);
    expect(rules.identityWorkspaceSlots).toBe(f.identity_workspace_slots);
    expect(rules.toolContractTokens).toBe(f.tool_contract);
    // (Goldens made before the script recorded the cap: v0.2, v0.3.0 and main, all cut by tokens.)
    if (f.recent_history_cap === null) expect(rules.recentHistory).not.toBe('capped'); // (not cut at 0.1.5.post1, post2; none at 0.1.5)
    else expect(rules.recentHistoryCut).toBe(f.recent_history_cap ? Object.keys(f.recent_history_cap)[0] : 'tokens');
    expect(rules.skillsSectionTokens).toBe(f.skills_section);
    expect([...rules.builtinActiveSkills].sort()).toEqual(f.builtin_active_skills);
    expect(rules.builtinActiveSkillsTokens).toBe(f.builtin_active_skills_tokens);
    expect(rules.builtinSkillsSummaryTokens).toBe(f.builtin_skills_summary_tokens);
    expect(rules.runtimeFrameTokens).toBe(f.runtime_frame);
    expect(rules.explicitSkillsFrameTokens).toBe(f.explicit_skills_frame);
    expect([...rules.builtinSkills].sort()).toEqual(f.builtin_skills);
    for (const [name, t] of Object.entries(f.templates)) {
      if (name === 'TOOLS.md') continue;
      const mine = recordedTemplates(version)[name as keyof typeof rules.templates]!;
      expect(mine, name).toEqual({ sha256: t.sha256, tokens: t.tokens, sectionTokens: t.section_tokens });
    }
  });

  it.each(golden.cases.map((c) => [c.name, c] as const))('%s', (_name, recorded) => {
    const c = caseFor(version, recorded, count);
    const ws = snapshot(version, c);
    const replay = getHistory(
      c.session.messages,
      0,
      { maxMessages: c.history_kwargs.max_messages, includeTimestamps: c.history_kwargs.include_timestamps ?? false, includeRuntimeContext: true },
      version,
    );
    if (!c.raises) expect(plain(replay.entries)).toBe(plain(c.history));
    const turn = assembleTurn({ version, workspace: ws, history: replay.entries, message: c.current_message, sessionKey: c.session.key, metadata: c.session.metadata }, count);
    if (c.raises) {
      expect(turn.raises?.type).toBe(c.raises);
      expect(turn.parts.find((p) => p.kind === 'recent-history')!.notes).toContain('archive-raises');
      return;
    }
    expect(turn.raises).toBeNull();

    // The system prompt: parts in nanobot's order, the bootstrap section one part per file.
    const system = turn.parts.filter((p) => !['history', 'current-message', 'runtime-context'].includes(p.kind));
    expect(system.map((p) => p.kind)).toEqual(expectedKinds(c));
    let at = 0;
    for (const g of c.parts) {
      if (g.kind === 'bootstrap') {
        for (const f of g.files!) {
          const p = system[at++]!;
          expect(p.sources).toEqual([f.file]);
          expect(p.tokens, f.file).toBe(f.tokens);
          if (!f.builtin_text) expect(p.sha256).toBe(f.sha256);
          else expect(p.notes).toContain('legacy-soul-replaced');
        }
        continue;
      }
      const p: TurnPart = system[at++]!;
      switch (g.kind) {
        case 'identity':
          // nanobot's words as figures, the workspace path counted; the platform line (not given here) named.
          expect(p.text).toBeNull();
          expect(p.machine).toContain('runtime');
          expect(p.machine).not.toContain('workspace-path');
          break;
        case 'tool-contract':
          expect(p.tokens).toBe(g.tokens);
          expect(p.text).toBeNull();
          break;
        case 'memory':
          expect(p.sources).toEqual(['memory/MEMORY.md']);
          expect(p.tokens).toBe(g.tokens);
          expect(p.sha256).toBe(g.sha256);
          break;
        case 'active-skills':
          expect(p.tokens - p.builtinTokens).toBe(g.workspace_tokens);
          expect(p.sources).toEqual(g.workspace_skills!.map((n) => `skills/${n}/SKILL.md`));
          if (g.workspace_sha256) expect(p.sha256).toBe(g.workspace_sha256);
          if (!p.builtinTokens) expect(p.tokens).toBe(g.tokens);
          break;
        case 'skills':
          expect(p.tokens - p.builtinTokens).toBe(g.workspace_tokens);
          // Before main the built-in skills' lines spell nanobot's install path: named as the machine's.
          expect(p.machine.includes('nanobot-install')).toBe(version !== 'main');
          expect(p.sha256).toBe(g.workspace_sha256 ?? null);
          if (!g.workspace_tokens) expect(p.tokens).toBe(g.tokens);
          break;
        case 'recent-history':
          expect(p.cursors).toEqual(g.cursors);
          // Cut to 32,000 characters (before 0.2.2) the text is still known; cut to 8,000 tokens it ends in nanobot's marker.
          if (g.truncated) expect(p.notes).toContain(rules.recentHistoryCut === 'chars' ? 'truncated-chars' : 'truncated');
          if (g.truncated && rules.recentHistoryCut === 'tokens') {
            expect(Math.abs(p.tokens - g.tokens)).toBeLessThanOrEqual(2);
          } else {
            expect(p.tokens).toBe(g.tokens);
            expect(p.sha256).toBe(g.sha256);
          }
          break;
        case 'session-summary':
          // The summary's own text, its last-active time and nanobot's frame (a figure): nanobot's count.
          expect(p.tokens).toBe(g.tokens);
          expect(p.notes).toContain('pending-summary');
          expect(p.text).not.toBeNull();
          break;
        default:
          throw new Error(`unexpected part ${g.kind}`);
      }
    }

    // The messages after the system prompt: the replay as build_messages passes it on, then the current message.
    expect(turn.mergedIntoLast).toBe(c.current.merged_into_history);
    expect(plain(turn.messages.slice(0, -1))).toBe(plain(c.built_history));
    const last = turn.messages[turn.messages.length - 1]!;
    expect(last.role).toBe(c.current.role);
    expect(plain(last.content!)).toBe(plain(c.current.visible));
    expect(turn.runtimeContext).toBe(c.current.runtime_context);
    const runtime = turn.parts.find((p) => p.kind === 'runtime-context')!;
    if (c.current.runtime_context === 'appended-to-text' || c.current.runtime_context === 'prefixed-to-text') {
      // Before (0.1.5.post3) or after the text, a clock block; at 0.1.5.post3 a pending summary in it.
      expect(c.current.clock_in_block).toBe(true);
      expect(runtime.machine).toContain('clock');
      expect(runtime.builtinTokens).toBe(rules.joined.clockFrame!.chat + (c.current.summary_in_block ? rules.joined.runtimeSummaryFrame!.chat : 0));
      expect(runtime.notes.includes('pending-summary')).toBe(!!c.current.summary_in_block);
    } else if (c.current.runtime_context === 'marker') {
      // main: the skills the message names, loaded whole after the text; the frame is nanobot's words.
      expect(c.current.sources).toEqual(['explicit_skills']);
      expect(runtime.sources).toEqual(c.current.skills!.map((n) => `skills/${n}/SKILL.md`));
      expect(runtime.tokens - rules.explicitSkillsFrameTokens!).toBe(c.current.skills_tokens);
      expect(Math.abs(runtime.tokens - c.current.runtime_tokens!)).toBeLessThanOrEqual(1);
    } else expect(runtime.tokens).toBe(0);

    // The archive as MemoryStore reads it.
    const memory = readMemory(
      { memory: ws.files.get('memory/MEMORY.md') ?? null, history: ws.files.get('memory/history.jsonl') ?? null, dreamCursor: ws.files.get('memory/.dream_cursor') ?? null, legacyHistory: false },
      version,
    );
    if (c.archive === null) return; // (0.1.4.x: the archive is HISTORY.md, which the prompt never reads)
    expect(memory.dreamCursor).toBe(c.archive.dream_cursor);
    if (c.archive.raises) {
      expect(memory.error?.type).toBe(c.archive.raises);
      return;
    }
    expect(memory.entries.map((e) => ({ cursor: e.cursor, session_key: e.sessionKey }))).toEqual(c.archive.entries);
    expect(memory.unprocessed).toEqual(c.archive.unprocessed);
    const own = c.archive.entries.filter((e) => e.session_key === c.session.key).map((e) => e.cursor);
    expect(entriesOfSession(memory, c.session.key).map((e) => e.cursor)).toEqual(own);
  });
});

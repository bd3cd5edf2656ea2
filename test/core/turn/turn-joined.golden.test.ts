/**
 * The turn's total against nanobot's own `estimate_prompt_tokens_chain` over the request its
 * `ContextBuilder.build_messages` made (test/turn-golden/<version>.json, `joined`: a `cli:direct`
 * session, the workspace at its absolute path, the clock fixed by scripts/turn-golden.py). With the
 * platform line and the clock given, the total is nanobot's estimate within the named unknowns
 * (none but a cut recent history); without them, within the ± the turn says.
 */
import { turnRulesOf } from '../../../src/core/turn/turn-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';

import { getHistory } from '../../../src/core/replay/replay';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';
import { assembleTurn, type Turn, type WorkspaceSnapshot } from '../../../src/core/turn/build';
import { nanobotClock } from '../../../src/core/turn/joined';
import { caseFor, fileText, readTurnGolden, TURN_GOLDEN_VERSIONS, standInShift, type GoldenCase } from './golden-cases';
import { hasArchive } from './nanobot-archive';


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

let count: TextTokenCounter;
beforeAll(async () => {
  count = await loadTokenizer();
});

function turnOf(version: NanobotVersion, c: GoldenCase, known: { runtime: string | null; clock: string | null; now?: string; sessionKey?: string }): Turn {
  const replay = getHistory(
    c.session.messages,
    0,
    { maxMessages: c.history_kwargs.max_messages, includeTimestamps: c.history_kwargs.include_timestamps ?? false, includeRuntimeContext: true },
    version,
  );
  return assembleTurn({ version, workspace: snapshot(version, c), history: replay.entries, message: c.current_message, sessionKey: c.session.key, metadata: c.session.metadata, ...known }, count);
}

function expectNanobots(turn: Turn, total: number, slack: number): void {
  // Only a recent history cut to its cap (nanobot's marker) stays unknown once platform and clock are given.
  expect(turn.unknown.map((u) => u.slot).filter((s) => s !== 'recent-history-cut')).toEqual([]);
  expect(turn.exact).toBe(turn.unknown.length === 0);
  if (turn.exact && !slack) expect(turn.total).toBe(total);
  else expect(Math.abs(turn.total - total)).toBeLessThanOrEqual((turn.spread ?? 0) + slack);
}

/** Without nanobot's archive, template files are stand-ins: each may move a join by a token. */
const templateFiles = (version: NanobotVersion, c: GoldenCase) =>
  hasArchive(version) ? 0 : Object.values(c.files).filter((f) => typeof f === 'object' && 'template' in f).length;


describe.each(TURN_GOLDEN_VERSIONS.map((v) => [v]))('the total at %s, against nanobot’s estimate of the joined request', (version) => {
  const golden = readTurnGolden(version);
  const cases = golden.cases.filter((c) => c.joined);

  it('keeps the joined figures as measured from nanobot’s code', () => {
    const f = golden.joined_figures;
    const j = turnRulesOf(version).joined;
    expect(j).toMatchObject({
      identity: f.identity,
      formatHints: f.format_hints,
      identitySlots: f.identity_slots,
      identitySep: f.identity_sep,
      identityWindows: f.identity_windows,
      toolContractSep: f.tool_contract_sep,
      soulSep: f.soul_sep,
      builtinActive: f.builtin_active,
      skillsHead: f.skills_head,
      builtinSummary: f.builtin_summary,
      clockFrame: f.clock_frame && { chat: f.clock_frame.chat, noChat: f.clock_frame.no_chat },
      summaryFrame: f.summary_frame,
      // (Goldens made before the script measured them have neither: v0.2, v0.3.0, main, with no block before the text.)
      runtimeSummaryFrame: f.runtime_summary_frame ? { chat: f.runtime_summary_frame.chat, noChat: f.runtime_summary_frame.no_chat } : null,
      clockPrefixSep: golden.cases[0]!.current.runtime_context === 'prefixed-to-text' && f.clock_prefix_sep ? { chat: f.clock_prefix_sep.chat, noChat: f.clock_prefix_sep.no_chat } : null,
      xmlSkills: f.xml_skills ?? null,
      explicitSkills: f.explicit_skills,
    });
    expect(j.identitySlots).toBe(turnRulesOf(version).identityWorkspaceSlots);
  });

  it('has cases for this version', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: the total is nanobot’s estimate', (_name, recorded) => {
    const c = caseFor(version, recorded, count);
    const j = c.joined!;
    if (j.clock !== null) expect(nanobotClock(Date.parse(j.now), 0, 'UTC', turnRulesOf(version).clockWithOffset)).toBe(j.clock);
    // (The cases were made in UTC: nanobot's naive now is the instant's UTC time.)
    const turn = turnOf(version, c, { runtime: golden.runtime, clock: j.clock, now: j.now.slice(0, 19) });
    expect(turn.messages.length + 1).toBe(j.messages);
    expectNanobots(turn, j.total + standInShift(recorded, c), templateFiles(version, c));
  });

  const keyed = cases.flatMap((c) => (c.joined_keys ?? []).map((j) => [`${c.name} as ${j.key}`, c, j] as const));
  it('has cases of other channels', () => {
    expect(keyed.length).toBeGreaterThanOrEqual(15);
  });

  it.each(keyed)('%s: the channel’s format hint and (v0.2) chat lines, as nanobot counts them', (_name, recorded, j) => {
    const c = caseFor(version, recorded, count);
    const turn = turnOf(version, c, { runtime: golden.runtime, clock: j.clock, now: j.now.slice(0, 19), sessionKey: j.key });
    expect(turn.messages.length + 1).toBe(j.messages);
    expectNanobots(turn, j.total + standInShift(recorded, c), templateFiles(version, c));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: without the platform line and clock, within the ± it names', (_name, recorded) => {
    const c = caseFor(version, recorded, count);
    const turn = turnOf(version, c, { runtime: null, clock: null });
    const slots = turn.unknown.map((u) => u.slot);
    expect(slots).toContain('runtime');
    if (turnRulesOf(version).runtimeContext !== 'provider-blocks') expect(slots).toContain('clock');
    else expect(slots).not.toContain('clock');
    expect(turn.exact).toBe(false);
    expect(turn.spread).not.toBeNull();
    expect(turn.spread!).toBeGreaterThan(0);
    expect(Math.abs(turn.total - c.joined!.total - standInShift(recorded, c))).toBeLessThanOrEqual(turn.spread! + templateFiles(version, c));
  });
});

describe('nanobot’s clock line', () => {
  it('writes the instant in the zone, the weekday, the zone name and its offset', () => {
    expect(nanobotClock(Date.parse('2026-08-05T09:30:00Z'), 0, 'UTC')).toBe('2026-08-05 09:30 (Wednesday) (UTC, UTC+00:00)');
    expect(nanobotClock(Date.parse('2026-12-31T23:30:00Z'), 90, 'X')).toBe('2027-01-01 01:00 (Friday) (X, UTC+01:30)');
    expect(nanobotClock(Date.parse('2026-01-01T03:00:00Z'), -300, 'EST')).toBe('2025-12-31 22:00 (Wednesday) (EST, UTC-05:00)');
    // 0.1.4.post5: the zone's name alone.
    expect(nanobotClock(Date.parse('2026-01-01T03:00:00Z'), -300, 'EST', false)).toBe('2025-12-31 22:00 (Wednesday) (EST)');
  });
});

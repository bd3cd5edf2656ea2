/**
 * `session-lens turn --json` and `session-lens memory` over real folders laid out from the turn's
 * golden cases (test/turn-golden, made with nanobot's own ContextBuilder): the same parts, order,
 * token counts and messages as nanobot's build_messages, and the session's archive entries.
 */
import { turnRulesOf } from '../../src/core/turn/turn-rules';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';

import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict, PyValue } from '../../src/core/python/pyvalue';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { sha256Text } from '../../src/core/turn/sha256';
import { caseFor, expectedKinds, fileText, readTurnGolden, TURN_GOLDEN_VERSIONS, standInShift, type GoldenCase } from '../core/turn/golden-cases';
import { hasArchive } from '../core/turn/nanobot-archive';

// nanobot prints its clock in its machine's zone: the cases were made in UTC, so this machine is too.
process.env.TZ = 'UTC';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await main(argv, { log: (s) => lines.push(s), write: (s) => lines.push(s), bytes: () => {} });
  return { code, out: lines.join('\n') };
}

function layOut(version: NanobotVersion, c: GoldenCase): { ws: string; file: string } {
  const ws = mkdtempSync(join(tmpdir(), 'sl-turn-'));
  temps.push(ws);
  for (const [rel, spec] of Object.entries(c.files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), fileText(version, spec));
  }
  mkdirSync(join(ws, 'sessions'));
  const file = join(ws, 'sessions', 'cli_direct.jsonl');
  const meta = { _type: 'metadata', key: c.session.key, created_at: '2026-08-05T09:00:00', updated_at: '2026-08-05T09:01:00', metadata: c.session.metadata, last_consolidated: 0 };
  writeFileSync(file, [meta, ...c.session.messages].map((m) => pyDumps(m as PyValue)).join('\n') + '\n');
  return { ws, file };
}

describe.each(TURN_GOLDEN_VERSIONS.map((v) => [v]))('session-lens turn at %s', (version) => {
  const golden = readTurnGolden(version);

  it.each(golden.cases.map((c) => [c.name, c] as const))('%s agrees with build_messages', async (_n, recorded) => {
    const c = caseFor(version, recorded, await loadTokenizer());
    const { file } = layOut(version, c);
    // The workspace is found above the sessions folder, as nanobot lays it out.
    const r = await run('turn', file, '--message', c.current_message, '--json', '--nanobot', version);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.out) as { parts: { kind: string; tokens: number; sources: string[]; exact: boolean }[]; messages: PyDict[]; runtime_context: string; archive: { session_entries: { cursor: number }[]; dream_cursor: number }; raises: { type: string } | null };
    if (c.raises) {
      expect(got.raises?.type).toBe(c.raises);
      return;
    }
    expect(got.raises).toBeNull();
    const system = got.parts.filter((p) => !['history', 'current-message', 'runtime-context'].includes(p.kind));
    expect(system.map((p) => p.kind)).toEqual(expectedKinds(c));
    const exactWanted = c.parts.flatMap((p) => (p.kind === 'bootstrap' ? p.files!.map((f) => f.tokens) : [p.kind === 'memory' || p.kind === 'tool-contract' ? p.tokens : null]));
    system.forEach((p, i) => {
      if (exactWanted[i] !== null) expect(p.tokens, `${p.kind} ${p.sources.join()}`).toBe(exactWanted[i]);
    });
    expect(pyDumps(got.messages.slice(0, -1) as PyValue)).toBe(pyDumps(c.built_history as PyValue));
    expect(pyDumps(got.messages[got.messages.length - 1]!.content!)).toBe(pyDumps(c.current.visible));
    expect(got.runtime_context).toBe(c.current.runtime_context);
    if (c.archive === null) return; // (0.1.4.x: the archive is HISTORY.md, which the prompt never reads)
    expect(got.archive.dream_cursor).toBe(c.archive.dream_cursor);
    if (c.archive.raises) return; // (0.1.5: the prompt never reads the archive that would raise)
    expect(got.archive.session_entries.map((e) => e.cursor)).toEqual(c.archive.entries.filter((e) => e.session_key === c.session.key).map((e) => e.cursor));
  });

  it.each(golden.cases.filter((c) => c.joined).map((c) => [c.name, c] as const))('%s: --json holds every workspace text nanobot sends, and nanobot’s total', async (_n, recorded) => {
    const count = await loadTokenizer();
    const c = caseFor(version, recorded, count);
    const { ws, file } = layOut(version, c);
    const r = await run('turn', file, '--message', c.current_message, '--json', '--nanobot', version, '--now', c.joined!.now);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.out) as { parts: { kind: string; sources: string[]; text: string | null; sha256: string | null }[]; total: number; spread: number | null; unknown: { slot: string; tokens: number; spread: number | null }[] };
    // Every part nanobot fills from the workspace carries its text, in nanobot's order, as nanobot sent it.
    const fromWorkspace = c.parts.flatMap((g) =>
      g.kind === 'bootstrap'
        ? g.files!.filter((f) => !f.builtin_text).map((f) => ({ kind: g.kind, sha256: f.sha256 }))
        : g.kind === 'memory' || (g.kind === 'recent-history' && (!g.truncated || turnRulesOf(version).recentHistoryCut === 'chars'))
          ? [{ kind: g.kind, sha256: g.sha256 }]
          : (g.kind === 'skills' || g.kind === 'active-skills') && g.workspace_sha256
            ? [{ kind: g.kind, sha256: g.workspace_sha256 }]
            : [],
    );
    // (A skills summary spells this folder's path where nanobot's spelled the case's.)
    const texts = got.parts.filter((p) => p.text !== null && !['current-message', 'session-summary'].includes(p.kind));
    const asRecorded = (text: string) => text.replaceAll(realpathSync(ws), c.workspace);
    expect(texts.map((p) => ({ kind: p.kind, sha256: sha256Text(asRecorded(p.text!)) }))).toEqual(fromWorkspace);
    // The total: nanobot's estimate, with this folder's path where nanobot wrote the case's, and the platform
    // line (not known to the CLI) at the middle of its range. Workspace skills spell the path too (v0.2, v0.3.0).
    const slots = turnRulesOf(version).joined.identitySlots;
    const unknown = got.unknown.map((u) => u.slot).filter((s) => s !== 'recent-history-cut');
    expect(unknown).toEqual(['runtime']);
    if (slots && Object.keys(c.files).some((f) => f.startsWith('skills/'))) return;
    const real = realpathSync(ws);
    const moved = slots * ((count(` ${real}`) as number) - (count(` ${c.workspace}`) as number));
    const runtime = got.unknown.find((u) => u.slot === 'runtime')!.tokens - (count(golden.runtime) as number);
    const expected = c.joined!.total + moved + runtime + standInShift(recorded, c);
    const slack = (hasArchive(version) ? 0 : Object.values(c.files).filter((f) => typeof f === 'object' && 'template' in f).length) + (got.spread ?? 0) - got.unknown.find((u) => u.slot === 'runtime')!.spread!;
    expect(Math.abs(got.total - expected)).toBeLessThanOrEqual(slack);
  });

  it('prints the parts, what is not counted and why, and the archive, in words', async () => {
    const c = golden.cases.find((x) => x.name === 'memory-history/plain')!;
    const { file } = layOut(version, c);
    const r = await run('turn', file, '--message', 'hello', '--context-window', '65536', '--nanobot', version);
    expect(r.code).toBe(0);
    expect(r.out).toContain("nanobot's built-in instructions (identity)");
    expect(r.out).toContain('depends on the machine nanobot runs on: platform and Python version');
    expect(r.out).toMatch(/^ {2}total \d+ ± \d+ tokens of a 65536-token context window/m);
    expect(r.out).toMatch(/^ {4}the platform line \(system, machine and Python version of nanobot's machine\): \d+ ± \d+ tokens$/m);
    if (version === 'v0.2') expect(r.out).toContain('the clock (the Current Time line; --now fixes it)');
    const fixed = await run('turn', file, '--message', 'hello', '--nanobot', version, '--now', '2026-08-05T09:30:00+00:00');
    expect(fixed.out).not.toContain('the clock (the Current Time line');
    // The same instant at another offset: nanobot prints it in this machine's zone, the same line.
    const elsewhere = await run('turn', file, '--message', 'hello', '--nanobot', version, '--now', '2026-08-05T15:15:00+05:45', '--json');
    const json = await run('turn', file, '--message', 'hello', '--nanobot', version, '--now', '2026-08-05T09:30:00+00:00', '--json');
    expect((JSON.parse(elsewhere.out) as { total: number }).total).toBe((JSON.parse(json.out) as { total: number }).total);
    expect(r.out).toMatch(/archive: 3 entries of this session in memory\/history\.jsonl \(cursors 1, 3, 6\); Dream cursor 1; health warn/);
    expect(r.out).toMatch(/of a 65536-token context window/);
  });

  it('finds a main namespace’s workspace through its .workspace file', async () => {
    const c = golden.cases.find((x) => x.name === 'all-files/plain')!;
    const { ws, file } = layOut(version, c);
    const ns = mkdtempSync(join(tmpdir(), 'sl-ns-'));
    temps.push(ns);
    writeFileSync(join(ns, '.workspace'), ws + '\n');
    writeFileSync(join(ns, 'cli_direct.jsonl'), readFileSync(file));
    const r = await run('turn', join(ns, 'cli_direct.jsonl'), '--json', '--nanobot', version);
    const got = JSON.parse(r.out) as { workspace: string; parts: { sources: string[] }[] };
    expect(got.workspace).toBe(ws);
    expect(got.parts.flatMap((p) => p.sources)).toContain('AGENTS.md');
  });

  it('memory DIR reads the memory files with their health', async () => {
    const c = golden.cases.find((x) => x.name === 'memory-history-bad-cursor/plain')!;
    // 0.1.4.x never reads memory/history.jsonl: its archive is HISTORY.md.
    if (c.archive === null) return expect(turnRulesOf(version).memoryArchive).toBe('HISTORY.md');
    const { ws } = layOut(version, c);
    const r = await run('memory', ws, '--json', '--nanobot', version);
    expect(r.code).toBe(1);
    const got = JSON.parse(r.out) as { health: string; dream_cursor: number; issues: { code: string }[]; history: { cursor: number }[] };
    expect(got.dream_cursor).toBe(0);
    expect(got.history.map((e) => e.cursor)).toEqual(c.archive.entries.map((e) => e.cursor));
    // Before 0.2.2 an entry whose timestamp is not text is kept (printed as str()), not dropped as malformed.
    // Before 0.1.5.post2 a bool cursor is kept too (compared as its int).
    const malformed = turnRulesOf(version).historyEntriesChecked ? ['malformed-entry'] : [];
    const invalid = turnRulesOf(version).historyCursorsChecked ? ['invalid-cursor'] : [];
    expect(got.issues.map((i) => i.code)).toEqual([...invalid, ...malformed, 'unparsable-line', 'dream-cursor-unreadable']);
    const human = await run('memory', ws, '--nanobot', version);
    expect(human.out).toContain('memory/.dream_cursor is not a number ("soon"): read as 0, every entry unprocessed');
  });
});

describe('session-lens turn: the agent loop’s budget and last_consolidated, per release', () => {
  // Twelve turns of about 8,000 tokens each: over 0.2.1's default budget (56,320), under 0.2.2's (190,784).
  const lines = (lc: PyValue, messages: PyDict[]) =>
    [{ _type: 'metadata', key: 'cli:direct', created_at: '2026-08-05T09:00:00', updated_at: '2026-08-05T09:01:00', metadata: {}, last_consolidated: lc }, ...messages].map((m) => pyDumps(m as PyValue)).join('\n') + '\n';
  const long = Array.from({ length: 24 }, (_, i): PyDict => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} ` + 'lorem ipsum dolor '.repeat(i % 2 ? 5 : 2_000), timestamp: '2026-08-05T09:00:00' }));
  const session = (text: string) => {
    const ws = mkdtempSync(join(tmpdir(), 'sl-turn-'));
    temps.push(ws);
    mkdirSync(join(ws, 'sessions'));
    writeFileSync(join(ws, 'sessions', 'cli_direct.jsonl'), text);
    return join(ws, 'sessions', 'cli_direct.jsonl');
  };
  type Got = { history_tokens: number; messages: PyDict[]; replay_error: { type: string } | null };

  it('applies the budget of the version’s default window: 56,320 at 0.2.1, 190,784 at 0.2.2, and a given window’s', async () => {
    const file = session(lines(0, long));
    const at = async (...a: string[]) => JSON.parse((await run('turn', file, '--json', ...a)).out) as Got;
    const sent = (g: Got) => g.messages.reduce((k, m) => k + (JSON.stringify(m.content).match(/turn \d+ lorem/g)?.length ?? 0), 0);
    const r021 = await at('--nanobot', '0.2.1');
    expect(r021.history_tokens).toBeLessThanOrEqual(56_320);
    expect(sent(r021)).toBeLessThan(24);
    expect(sent(await at('--nanobot', '0.2.2'))).toBe(24);
    expect(sent(await at('--nanobot', '0.2.2', '--context-window', '65536'))).toBe(sent(r021));
  }, 120_000);

  it('slices with the stored last_consolidated at 0.2.1: "3" raises TypeError, as nanobot’s replay does', async () => {
    const file = session(lines('3', long.slice(0, 4)));
    const got = JSON.parse((await run('turn', file, '--json', '--nanobot', '0.2.1')).out) as Got;
    expect(got.replay_error?.type).toBe('TypeError');
    const fixed = JSON.parse((await run('turn', file, '--json', '--nanobot', '0.2.2')).out) as Got;
    expect(fixed.replay_error).toBeNull();
  }, 120_000);

  it('says at a release whose figures were not measured that another release’s are shown, in words and in --json', async () => {
    const file = session(lines(0, long.slice(0, 4)));
    const old = await run('turn', file, '--nanobot', '0.1.4');
    expect(old.out).toContain("nanobot's own texts are not measured for this release; nanobot 0.1.4.post5's figures are shown");
    expect(old.out).toContain("this release of nanobot never counts the request's tokens");
    const oldJson = JSON.parse((await run('turn', file, '--json', '--nanobot', '0.1.4')).out) as { figures: string; figures_from: string; nanobot_counts: boolean };
    expect([oldJson.figures, oldJson.figures_from, oldJson.nanobot_counts]).toEqual(['stand-in', '0.1.4.post5', false]);
    expect((await run('turn', file, '--nanobot', '0.2.1')).out).not.toContain('not measured');
    const measured = JSON.parse((await run('turn', file, '--json', '--nanobot', '0.2.1')).out) as { figures: string; figures_from: string };
    expect([measured.figures, measured.figures_from]).toEqual(['measured', '0.2.1']);
  }, 120_000);
});

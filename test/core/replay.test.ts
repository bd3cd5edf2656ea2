/** Replay explanations: every message of the file gets a fate, with the reason nanobot left it out. */
import { describe, expect, it } from 'vitest';
import { getHistory, type Fate } from '../../src/core/replay/replay';
import { pyLoads } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';

const msgs = (...lines: string[]): PyDict[] => lines.map((l) => (pyLoads(l) as { value: PyDict }).value);
const reasons = (fates: Fate[]) => fates.map((f) => (f.kept ? 'kept' : f.reason));

describe('getHistory fates', () => {
  const session = msgs(
    '{"role": "user", "content": "old"}',
    '{"role": "assistant", "content": "archived"}',
    '{"role": "tool", "tool_call_id": "gone", "content": "orphan"}',
    '{"role": "assistant", "content": "before a user"}',
    '{"role": "user", "content": "/status", "_command": true}',
    '{"role": "user", "content": "hello", "timestamp": "2024-05-01T10:00:00", "media": ["/tmp/a.png"]}',
    '{"role": "assistant", "content": "[Message Time: x]\\n  "}',
    '{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "exec", "arguments": "{}"}}]}',
    '{"role": "tool", "tool_call_id": "c1", "name": "exec", "content": "ok"}',
    '{"role": "assistant", "content": "done"}',
  );

  it('explains consolidated, command, blank and changed messages', () => {
    const r = getHistory(session, 2, { includeTimestamps: true }, 'v0.2');
    // The window is cut to its first user turn (the command row counts as one) before the
    // orphan check, so the orphan goes as 'before-user'; the command row itself is skipped.
    expect(reasons(r.fates)).toEqual(['consolidated', 'consolidated', 'before-user', 'before-user', 'command', 'kept', 'blank', 'kept', 'kept', 'kept']);
    const user = r.fates[5]!;
    expect(user.kept && user.changes).toEqual(['breadcrumbs', 'timestamp']);
    expect(r.entries[0]!.content).toBe('[Message Time: 2024-05-01T10:00:00]\nhello\n[image: /tmp/a.png]');
    expect(r.entries.map((e) => e.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('marks the count window and the token budget', () => {
    const r = getHistory(session, 0, { maxMessages: 3 }, 'v0.2');
    expect(reasons(r.fates).slice(0, 7)).toEqual(['window', 'window', 'window', 'window', 'window', 'window', 'window']);
    const counter = () => 10;
    // 25 tokens hold the last two entries, which have no user turn: nanobot then starts at the
    // last user turn even though that exceeds the budget.
    const b = getHistory(session, 0, { maxTokens: 25 }, 'v0.2', counter);
    expect(b.entries.map((e) => e.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(b.tokens).toEqual([10, 10, 10, 10]);
    const wide = getHistory(session, 0, { maxTokens: 45 }, 'v0.2', counter);
    expect(wide.entries).toHaveLength(4);
    const orphanFirst = msgs('{"role": "user", "content": "a"}', '{"role": "assistant", "content": "b"}', '{"role": "user", "content": "c"}', '{"role": "assistant", "content": "d"}');
    const cut = getHistory(orphanFirst, 0, { maxTokens: 25 }, 'v0.2', counter);
    expect(reasons(cut.fates)).toEqual(['budget', 'budget', 'kept', 'kept']);
    // 35 tokens hold "b2", "c", "d"; the replay is cut to start at "c", so "b2" fits but goes.
    const fitsButCut = msgs('{"role": "user", "content": "a"}', '{"role": "assistant", "content": "b"}', '{"role": "assistant", "content": "b2"}', '{"role": "user", "content": "c"}', '{"role": "assistant", "content": "d"}');
    const r2 = getHistory(fitsButCut, 0, { maxTokens: 35 }, 'v0.2', counter);
    expect(reasons(r2.fates)).toEqual(['budget', 'budget', 'budget-cut', 'kept', 'kept']);
  });

  it('points at the message that makes nanobot raise', () => {
    const r = getHistory(msgs('{"role": "user", "content": "u"}', '{"content": "no role"}'), 0, {}, 'v0.2');
    expect(r.error).toMatchObject({ type: 'KeyError', message_index: 1 });
    expect(r.entries).toEqual([]);
  });
});

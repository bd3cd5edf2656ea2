/**
 * get_history at the 0.1.x releases, one row of the version table at a time. Every expectation is the answer
 * of that tag's own `Session.get_history` (../shared/nanobot/setup.sh TAG) on the same messages.
 */
import { describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict } from '../../src/core/python/pyvalue';
import { getHistory, type ReplayOptions } from '../../src/core/replay/replay';
import { replayIndexed, ReplayIndexer } from '../../src/core/replay/indexed-replay';

const calls = (id: string) => [{ id, type: 'function', function: { name: 'f', arguments: '{}' } }];
/** A turn with its tool result, a second turn, an orphan tool result (its call is in no message), a reply. */
const A: PyDict[] = [
  { role: 'user', content: 'u0' },
  { role: 'assistant', content: 'a1', tool_calls: calls('t1') },
  { role: 'tool', tool_call_id: 't1', name: 'f', content: 'r2' },
  { role: 'user', content: 'u3' },
  { role: 'assistant', content: 'a4' },
  { role: 'tool', tool_call_id: 'zz', name: 'f', content: 'r5' },
  { role: 'assistant', content: 'a6' },
];

const contents = (ms: PyDict[], lc: number, opts: ReplayOptions, v: NanobotVersion) => {
  const r = getHistory(ms, lc, opts, v);
  return r.error ? r.error.type : r.entries.map((e) => e.content).join(' ');
};

describe('get_history at the 0.1.x releases', () => {
  it('0.1.4 and post1 replay the tail of the whole file: archived messages, no user-turn cut, orphans kept', () => {
    for (const v of ['0.1.4', '0.1.4.post1'] as const) {
      expect(contents(A, 1, { maxMessages: 50 }, v)).toBe('u0 a1 r2 u3 a4 r5 a6');
      // Python's [-max:] as written: -2 leaves out the first two, 0 keeps everything.
      expect(contents(A, 1, { maxMessages: -2 }, v)).toBe('r2 u3 a4 r5 a6');
      expect(contents(A, 1, { maxMessages: 0 }, v)).toBe('u0 a1 r2 u3 a4 r5 a6');
    }
    // The archived messages it replays again are marked so.
    expect(getHistory(A, 2, { maxMessages: 50 }, '0.1.4').fates.slice(0, 3).map((f) => f.kept && f.changes.includes('archived'))).toEqual([true, true, false]);
  });

  it('post2–post4 start at last_consolidated and the first user turn, and keep an orphan tool result', () => {
    for (const v of ['0.1.4.post2', '0.1.4.post3', '0.1.4.post4'] as const) {
      expect(contents(A, 1, { maxMessages: 50 }, v)).toBe('u3 a4 r5 a6');
      expect(contents(A, 1, { maxMessages: -2 }, v)).toBe('u3 a4 r5 a6');
    }
  });

  it('from post5 the orphan tool result goes with what comes before it', () => {
    for (const v of ['0.1.4.post5', '0.1.5.post2', '0.1.5.post3'] as const) expect(contents(A, 1, { maxMessages: 0 }, v)).toBe('a6');
  });

  it('a message without a role raises KeyError at 0.1.4; from post2 the cut to the first user turn drops it', () => {
    const ms: PyDict[] = [{ content: 'no role' }, { role: 'user', content: 'u' }, { role: 'assistant', content: 'a' }];
    expect(contents(ms, 0, { maxMessages: 50 }, '0.1.4')).toBe('KeyError');
    expect(contents(ms, 0, { maxMessages: 50 }, '0.1.4.post2')).toBe('u a');
  });

  it('a channel delivery before the first user turn stays from 0.1.5.post3 on', () => {
    const ms: PyDict[] = [{ role: 'assistant', content: 'pushed', _channel_delivery: true }, { role: 'user', content: 'u1' }, { role: 'assistant', content: 'a2' }];
    expect(['0.1.4', '0.1.4.post2', '0.1.5.post2', '0.1.5.post3'].map((v) => contents(ms, 0, { maxMessages: 3 }, v as NanobotVersion))).toEqual(['pushed u1 a2', 'u1 a2', 'u1 a2', 'pushed u1 a2']);
  });

  const B: PyDict[] = [
    { role: 'user', content: 'u0', timestamp: 'T0' },
    { role: 'user', content: '/stop', _command: true },
    { role: 'assistant', content: '<think>x</think>', timestamp: 'T2' },
    { role: 'assistant', content: 'pushed', _channel_delivery: true, timestamp: 'T3', media: ['/p.png'] },
    { role: 'user', content: 'u4', media: ['/q.png'], timestamp: 'T4' },
    { role: 'assistant', content: 'a5', reasoning_content: 'r', thinking_blocks: [{ type: 'thinking' }] },
  ];
  const entries = (v: NanobotVersion) => getHistory(B, 0, { maxMessages: 120, includeTimestamps: true }, v).entries.map((e) => [e.content, Object.keys(e).filter((k) => k !== 'role' && k !== 'content')]);

  it('0.1.5.post3 keeps _command rows, puts media breadcrumbs on any role and stamps channel deliveries', () => {
    expect(entries('0.1.5.post3')).toEqual([
      ['[Message Time: T0]\nu0', []],
      ['/stop', []],
      ['<think>x</think>', []],
      ['[Message Time: T3]\npushed\n[image: /p.png]', []],
      ['[Message Time: T4]\nu4\n[image: /q.png]', []],
      ['a5', ['reasoning_content']],
    ]);
    expect(entries('0.2.0').map(([c]) => c)).toEqual(['[Message Time: T0]\nu0', '<think>x</think>', 'pushed', '[Message Time: T4]\nu4\n[image: /q.png]', 'a5']);
  });

  it('before 0.1.5.post3: no timestamps, no breadcrumbs; reasoning_content from 0.1.5', () => {
    const bare = [['u0', []], ['/stop', []], ['<think>x</think>', []], ['pushed', []], ['u4', []]];
    expect(entries('0.1.4.post6')).toEqual([...bare, ['a5', []]]);
    expect(entries('0.1.5')).toEqual([...bare, ['a5', ['reasoning_content']]]);
  });

  it('takes no token budget before 0.1.5.post3', () => {
    const ten = () => 10;
    expect(getHistory(A, 0, { maxMessages: 0, maxTokens: 15 }, '0.1.5.post2', ten).entries).toHaveLength(1);
    expect(getHistory(B, 0, { maxMessages: 0, maxTokens: 15 }, '0.1.5.post2', ten).entries).toHaveLength(6);
    expect(getHistory(B, 0, { maxMessages: 120, maxTokens: 15 }, '0.1.5.post3', ten).entries).toHaveLength(2);
  });

  it('the index path gives the same entries and fates', async () => {
    for (const v of ['0.1.4', '0.1.4.post2', '0.1.4.post5', '0.1.5', '0.1.5.post3'] as const) {
      for (const [ms, lc, opts] of [[A, 1, { maxMessages: 50 }], [A, 1, { maxMessages: -2 }], [B, 0, { maxMessages: 120, includeTimestamps: true }]] as const) {
        const whole = getHistory(ms as PyDict[], lc, opts, v);
        const ix = new ReplayIndexer(opts, v);
        ms.forEach((m, i) => ix.add(m as PyDict, i));
        const r = await replayIndexed(ix.finish(), lc, opts, v, async (i) => ms[i] as PyDict);
        expect(r.entries, v).toEqual(whole.entries);
        expect(ms.map((_, i) => r.fate(i)), v).toEqual(whole.fates);
      }
    }
  });
});

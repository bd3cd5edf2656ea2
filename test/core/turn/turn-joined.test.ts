/**
 * The joined total's edges, each as nanobot's `estimate_prompt_tokens_chain` answers it (checked with
 * nanobot's code at each version): a special token (v0.2 answers 0, later the UTF-8 bytes), a text
 * block that is not text (v0.2: 0; v0.3.0 raises; main skips it), a session key naming no channel,
 * a Windows path, a path ending in a mark; and the estimator's parts in its order.
 */
import { turnRulesOf } from '../../../src/core/turn/turn-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';

import type { PyDict } from '../../../src/core/python/pyvalue';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';
import { assembleTurn, routeOfKey, type TurnInput } from '../../../src/core/turn/build';
import { countPieces, promptParts, runtimeRange } from '../../../src/core/turn/joined';

let count: TextTokenCounter;
beforeAll(async () => {
  count = await loadTokenizer();
});

const ws = (path: string | null) => ({ files: new Map([['AGENTS.md', '# Rules\n\nBe brief.\n']]), skillDirs: [], path });
const input = (version: NanobotVersion, extra: Partial<TurnInput> = {}): TurnInput => ({
  version,
  workspace: ws('/home/ada/ws'),
  history: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }],
  message: 'next',
  sessionKey: 'cli:direct',
  runtime: 'Linux x86_64, Python 3.12.3',
  clock: '2026-08-05 09:30 (Wednesday) (UTC, UTC+00:00)',
  ...extra,
});

describe('the joined request’s parts', () => {
  it('takes content, tool calls, reasoning, name and tool call id, in that order', () => {
    const m: PyDict = { role: 'tool', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: '' }], tool_calls: [{ id: 'c' }], reasoning_content: 'why', name: 'ls', tool_call_id: 'c1' };
    expect(promptParts(m, 'main')).toEqual(['a', '[{"id": "c"}]', 'why', 'ls', 'c1']);
    expect(promptParts({ role: 'user', content: '' }, 'v0.2')).toEqual(['']);
  });

  it('encodes consecutive texts as one, and figures apart', () => {
    // "a.\n" + "\nb" encode as one text (".\n\n" is one piece), not as two.
    expect(countPieces(['a.\n', '\nb'], count)).toBe(count('a.\n\nb'));
    expect(countPieces(['a.\n', 5, '\nb'], count)).toBe((count('a.\n') as number) + 5 + (count('\nb') as number));
    expect(countPieces(['<|endoftext|>'], count)).toBeNull();
  });
});

describe('when nanobot’s estimate fails', () => {
  it('v0.2 answers 0 for a special token, and for a text block that is not text', () => {
    const special = assembleTurn(input('v0.2', { message: 'a <|endoftext|> b' }), count);
    expect(special.total).toBe(0);
    expect(special.exact).toBe(true);
    const nonText = assembleTurn(input('v0.2', { history: [{ role: 'user', content: [{ type: 'text', text: 5 }] }, { role: 'assistant', content: 'x' }] }), count);
    expect(nonText.total).toBe(0);
  });

  it('later versions count bytes for a special token: unknown here, with no bound', () => {
    const t = assembleTurn(input('v0.3.0', { message: 'a <|endoftext|> b' }), count);
    expect(t.unknown.map((u) => u.slot)).toEqual(['estimate-fails']);
    expect(t.spread).toBeNull();
  });

  it('v0.3.0 raises on a text block that is not text; main skips it', () => {
    const history = [{ role: 'user', content: [{ type: 'text', text: 5 }] }, { role: 'assistant', content: 'x' }];
    expect(assembleTurn(input('v0.3.0', { history }), count).unknown.map((u) => u.slot)).toEqual(['estimate-fails']);
    const main = assembleTurn(input('main', { history }), count);
    expect(main.exact).toBe(true);
    const without = assembleTurn(input('main', { history: [{ role: 'user', content: [] }, { role: 'assistant', content: 'x' }] }), count);
    expect(main.total).toBe(without.total);
  });
});

describe('the slots', () => {
  it('reads the channel and chat id from the session key', () => {
    expect(routeOfKey('telegram:42:7')).toEqual({ channel: 'telegram', chatId: '42:7' });
    expect(routeOfKey('heartbeat')).toBeNull();
    expect(routeOfKey(null)).toBeNull();
  });

  it('names the channel when the key has none: the hints’ range, unbounded at v0.2 (its chat lines)', () => {
    const main = assembleTurn(input('main', { sessionKey: 'heartbeat' }), count);
    const f = turnRulesOf('main').joined;
    expect(main.unknown).toEqual([{ slot: 'channel', tokens: Math.round((Math.min(...f.identity) + Math.max(...f.identity)) / 2) - f.identity[0]!, spread: expect.any(Number) }]);
    expect(main.spread).toBeGreaterThan(0);
    expect(assembleTurn(input('v0.2', { sessionKey: 'heartbeat' }), count).spread).toBeNull();
  });

  it('counts a Windows workspace with the Windows policy and a Windows platform line', () => {
    const posix = assembleTurn(input('v0.3.0', { runtime: null, workspace: ws('/home/ada/ws') }), count);
    const win = assembleTurn(input('v0.3.0', { runtime: null, workspace: ws('C:\\Users\\ada\\ws') }), count);
    const f = turnRulesOf('v0.3.0').joined;
    const slots = f.identitySlots * ((count(' C:\\Users\\ada\\ws') as number) - (count(' /home/ada/ws') as number));
    const runtime = runtimeRange(true, count).tokens - runtimeRange(false, count).tokens;
    expect(win.total - posix.total).toBe(f.identityWindows + slots + runtime);
  });

  it('names the join when the path ends in a mark, a token per slot', () => {
    const t = assembleTurn(input('v0.3.0', { workspace: ws('/home/ada/ws-') }), count);
    expect(t.unknown).toEqual([{ slot: 'join', tokens: 0, spread: turnRulesOf('v0.3.0').joined.identitySlots }]);
  });

  it('names the workspace path when no workspace is known, with no bound where nanobot spells it', () => {
    expect(assembleTurn(input('v0.2', { workspace: null }), count).unknown.map((u) => u.slot)).toEqual(['workspace-path']);
    expect(assembleTurn(input('main', { workspace: null }), count).exact).toBe(true);
  });
});

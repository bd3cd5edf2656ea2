/**
 * The windowed replay on the line index notes the messages before its window's start by their role
 * and `_channel_delivery` alone (the index's facts where nanobot's load stands in for a plain line,
 * the value's where it does not) and reads back only the rest: its answers are the whole file's,
 * text and JSON, with before the window a role the index does not name, no role, a role that is not
 * a string, channel deliveries, a command, tool calls that cannot be iterated and orphaned results,
 * and a corrupt line (the repair pass, whose messages come as values).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = join(mkdtempSync(join(tmpdir(), 'lens-window-')), 'sessions');
mkdirSync(dir);
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const META = pyDumps({ _type: 'metadata', key: 'a:b', created_at: '2020-01-01T00:00:00', updated_at: '2020-01-01T00:00:00', metadata: {}, last_consolidated: 1 });

/** Hard messages, then ordinary turns around the window's edge, a delivery and a user turn in them. */
function session(corrupt: boolean): string {
  const hard: PyDict[] = [
    { role: 'developer', content: 'a role the index does not name' },
    { content: 'no role' },
    { role: 42, content: 'a role that is not a string' },
    { role: 'assistant', content: 'x', tool_calls: 7 },
    { role: 'tool', tool_call_id: 'call_gone', content: 'orphan' },
    { role: 'user', content: '/stop', _command: true },
    { role: 'assistant', content: '   ' },
    { role: 'user', content: 'delivered', _channel_delivery: true },
  ];
  const turns: PyDict[] = [];
  for (let i = 0; i < 14; i++) {
    if (i % 5 === 2) turns.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: `call_${i}`, content: 'ok' });
    else if (i % 5 === 3) turns.push({ role: 'developer', content: `note ${i}`, _channel_delivery: true });
    else turns.push({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` });
  }
  // A tail without a user turn: `--extend-to-user` walks back to the user turn and the delivery before it.
  const tail: PyDict[] = [{ role: 'assistant', content: 'd', _channel_delivery: true }, { role: 'user', content: 'u' }, ...[1, 2, 3, 4].map((k) => ({ role: 'assistant', content: `a${k}` })), hard[0]!];
  const lines = [META, ...[...hard, ...turns, ...tail].map((m) => pyDumps(m))];
  if (corrupt) lines.splice(4, 0, '{"role": "user", "content": broken');
  return lines.join('\n') + '\n';
}

async function run(argv: string[], indexed: boolean): Promise<{ code: number; out: string }> {
  Object.assign(LINE_INDEX, { from: indexed ? 0 : Infinity });
  const out: string[] = [];
  const code = await main([...argv, ...NOW], { log: (s) => out.push(s + '\n'), write: (s) => out.push(s), bytes: (b) => out.push(Buffer.from(b).toString('utf8')) });
  return { code, out: out.join('') };
}

describe('a windowed replay on the index', () => {
  for (const corrupt of [false, true]) {
    it(`gives the whole file's answers at every window and version${corrupt ? ', after a corrupt line' : ''}`, async () => {
      const file = join(dir, `w${corrupt ? 'c' : ''}.jsonl`);
      writeFileSync(file, session(corrupt));
      let kept = 0;
      for (const version of NANOBOT_VERSIONS) {
        for (const window of ['1', '3', '5', '6', '9', '14', '40']) {
          for (const extra of [[], ['--extend-to-user'], ['--public'], ['--json'], ['--json', '--max-tokens', '30']]) {
            const argv = ['replay', file, '--nanobot', version, '--max-messages', window, ...extra];
            const whole = await run(argv, false);
            expect(await run(argv, true), argv.join(' ')).toEqual(whole);
            if (/"kept": true/.test(whole.out)) kept++;
          }
        }
      }
      // The answers are replays that keep messages, not only raises or empty loads.
      expect(kept).toBeGreaterThan(10);
    }, 60_000);
  }
});

/**
 * `replay` where 0.2.1 slices the messages with a stored last_consolidated no slice takes ("3"):
 * nanobot's get_history raises TypeError before reading any message, whole and on the line index,
 * and the CLI says so (exit 1) with no message or line to name, in text and in JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LINE_INDEX } from '../../src/store/source/open-source';
import { runCli } from './run-cli';

const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = mkdtempSync(join(tmpdir(), 'lens-stored-slice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = [{ _type: 'metadata', key: 'cli:direct', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: '3' }, { role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }];
const file = join(dir, 'cli_direct.jsonl');
writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
const TYPE_ERROR = 'TypeError: slice indices must be integers or None or have an __index__ method';

describe('replay with a stored last_consolidated 0.2.1 cannot slice with', () => {
  for (const [size, from] of [['whole', Infinity], ['on the line index', 0]] as const) {
    it(`raises before any message, ${size}`, async () => {
      LINE_INDEX.from = from;
      const text = await runCli('replay', file, '--nanobot', '0.2.1');
      expect(text.code).toBe(1);
      expect(text.out.split('\n').at(-1)).toBe(`nanobot raises ${TYPE_ERROR} replaying this session, before reading any message.`);
      const json = await runCli('replay', file, '--nanobot', '0.2.1', '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out)).toEqual({ error: { code: 'nanobot-raises', during: 'replay', type: 'TypeError', message: 'slice indices must be integers or None or have an __index__ method' } });
      // 0.2.2 checks the value: a "3" counts as 0, and both messages are replayed.
      expect((await runCli('replay', file, '--nanobot', '0.2.2')).code).toBe(0);
    });
  }
});

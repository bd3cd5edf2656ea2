/**
 * `replay --json` on a big file writes its answer as the replay makes it: the kept entries go out
 * while the file is still being read back (none held decoded), as bytes through the byte printer, and
 * the document is the whole-file path's, byte for byte, lone surrogates escaped as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/cli';
import { LINE_INDEX as STREAMING } from '../../src/store/source/open-source';
import { pyDumps } from '../../src/core/python/pyjson';

const replayDone = vi.hoisted(() => ({ at: 0 }));
vi.mock('../../src/store/source/replay/streamed-replay', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/source/replay/streamed-replay')>();
  return {
    ...mod,
    replayStreamed: async (...a: Parameters<typeof mod.replayStreamed>) => {
      const r = await mod.replayStreamed(...a);
      replayDone.at++;
      return r;
    },
  };
});

const defaults = { ...STREAMING };
afterEach(() => Object.assign(STREAMING, defaults));
const dir = mkdtempSync(join(tmpdir(), 'lens-replay-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The run's stdout as a real stdout takes it (raw bytes, each piece done with when written), and when each piece came. */
async function bytesOf(argv: string[]): Promise<{ text: string; beforeReplayEnded: number }> {
  const pieces: Buffer[] = [];
  let beforeReplayEnded = 0;
  const start = replayDone.at;
  const at = () => {
    if (replayDone.at === start) beforeReplayEnded++;
  };
  const code = await main(argv, {
    log: (s) => (at(), pieces.push(Buffer.from(s + '\n'))),
    write: (s) => (at(), pieces.push(Buffer.from(s))),
    bytes: (b) => (at(), pieces.push(Buffer.from(b))),
    bytesWritten: true,
  });
  expect(code).toBe(0);
  return { text: Buffer.concat(pieces).toString('utf8'), beforeReplayEnded };
}

describe('replay --json streams its answer', () => {
  it("writes v0.3.0's window of 2,000 entries while it reads them back, the whole-file document byte for byte", async () => {
    const file = join(dir, 'big.jsonl');
    const lines = [pyDumps({ _type: 'metadata', key: 'k', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: {}, last_consolidated: 0 })];
    for (let i = 0; i < 3000; i++) {
      // Long texts (a 2,000-entry answer of ~1.5 MB) and a lone surrogate, which JSON output escapes.
      const content = `${i % 2 ? 'answer' : 'question'} ${i} ${'words and more words '.repeat(36)}${i === 2999 ? 'SURROGATE' : ''}`;
      // The file holds the escape `\ud800` (a lone surrogate once loaded).
      lines.push(pyDumps({ role: i % 2 ? 'assistant' : 'user', content, timestamp: '2026-01-01T00:00:00' }).replace('SURROGATE', '\\ud800'));
    }
    writeFileSync(file, lines.join('\n') + '\n');
    const argv = ['replay', file, '--nanobot', 'v0.3.0', '--json', '--now', '2031-07-08T09:10:11'];
    Object.assign(STREAMING, { from: 0 });
    const streamed = await bytesOf(argv);
    // Pieces of the answer went out before the replay was over: its entries were not gathered first.
    expect(streamed.beforeReplayEnded).toBeGreaterThan(0);
    Object.assign(STREAMING, { from: Infinity });
    const whole = await bytesOf(argv);
    expect(streamed.text).toBe(whole.text);
    expect(streamed.text).toContain('\\ud800');
    const doc = JSON.parse(streamed.text) as { entries: unknown[]; fates: unknown[] };
    expect([doc.entries.length, doc.fates.length]).toEqual([2000, 3000]);
  });
});

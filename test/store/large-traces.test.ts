/**
 * What saving changed, for a large file: the traces found in the worker (store/large/large-traces.ts,
 * reading back only nanobot's messages, the tool results first) equal `saveTraces` of the whole
 * session on every fixture of the three golden corpora, and the worker's reply survives postMessage.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexBytes } from '../index-bytes';
import { loadNanobot } from '../../src/core/lens/load';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { saveTraces } from '../../src/core/turn/save-traces';
import { loadLarge } from './large-load';
import type { TracesReply, TracesRequest } from '../../src/store/large/traces/large-traces';
import { tracesLarge } from '../../src/store/large/traces/large-traces-client';
import { keyForFile } from '../../src/core/nanobot/keys';
import { CORPORA, fixturePaths, releasesInTurn } from '../corpora';

const NOW = '2026-12-04T10:00:00';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The traces of the messages that carry any, as the whole-session path finds them. */
function whole(bytes: Uint8Array, name: string, version: NanobotVersion) {
  const s = loadNanobot(bytes, keyForFile(name, version), NOW, version).result;
  return s ? saveTraces(s.messages, version).flatMap((t, i) => (t.length ? [[i, t]] : [])) : null;
}

describe('a large file’s save traces', () => {
  for (const [corpus, version] of CORPORA) {
    it(`equal saveTraces of the whole session on every fixture of ${corpus}`, async () => {
      let withTraces = 0;
      for (const p of fixturePaths(corpus)) {
        const bytes = new Uint8Array(readFileSync(p));
        const want = whole(bytes, basename(p), version);
        const index = indexBytes(bytes, version);
        const file = new Blob([bytes]);
        const load = await loadLarge(file, index, version, NOW, basename(p));
        if (!want || !load.loaded || load.raises) continue;
        expect(await tracesLarge(file, index, load.messageLines, version), basename(p)).toEqual(want);
        if (want.length) withTraces++;
      }
      expect(withTraces * releasesInTurn(corpus)).toBeGreaterThan(5); // with the other releases' shares in turn
    });
  }

  it('the worker answers with plain data that survives postMessage, and a file that is gone as an error code', async () => {
    const posted: TracesReply[] = [];
    const fake: { onmessage?: (e: { data: TracesRequest }) => Promise<void>; postMessage: (m: TracesReply) => void } = { postMessage: (m) => posted.push(structuredClone(m)) };
    vi.stubGlobal('self', fake);
    await import('../../src/store/large/traces/large-traces.worker');
    const rows = [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }, { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }];
    const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const index = indexBytes(bytes, 'v0.2');
    const { start, length, eol, role } = index;
    const req: TracesRequest = { id: 3, file: new Blob([bytes]), index: structuredClone({ start, length, eol, role }), lines: Uint32Array.from([0, 1, 2]), version: 'v0.2' };
    await fake.onmessage!({ data: req });
    expect(posted[0]).toEqual({ id: 3, type: 'traces', traces: [[0, [{ code: 'runtime-context-stripped' }]], [1, [{ code: 'runtime-context-stripped' }, { code: 'reply-missing' }]], [2, [{ code: 'tool-result-missing', ids: ['c1'] }]]] });
    const gone = { slice: () => ({ arrayBuffer: () => Promise.reject(new Error('the file is gone')) }) } as unknown as Blob;
    await fake.onmessage!({ data: { ...req, id: 4, file: gone } });
    expect(posted[1]).toMatchObject({ id: 4, type: 'error', error: { code: 'io' } });
  });
});

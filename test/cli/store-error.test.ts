/**
 * A storage error in the CLI: stderr says it in the CLI's words (from the error's reason, not its
 * English message), and `--json` output carries the code and the reason's values.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fromNodeError, setTmpCreatedHook } from '../../src/store/adapter/node-adapter';
import { runCli } from './run-cli';

// The OS refuses to read one file (tests run as root, which reads anything, so the refusal is made here).
vi.mock('../../src/store/adapter/read-only', async (load) => {
  const real = await load<typeof import('../../src/store/adapter/read-only')>();
  return {
    ...real,
    readBothLenses: (...a: Parameters<typeof real.readBothLenses>) =>
      a[1].endsWith('locked.jsonl')
        ? Promise.reject(fromNodeError(Object.assign(new Error(`EACCES: permission denied, open '${a[1]}'`), { code: 'EACCES' }), a[1], 'reading'))
        : real.readBothLenses(...a),
  };
});

const root = mkdtempSync(join(tmpdir(), 'sl-cli-store-error-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => setTmpCreatedHook(null));

const meta = (key: string) => JSON.stringify({ _type: 'metadata', key, created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: 0 });
const user = (c: string) => JSON.stringify({ role: 'user', content: c, timestamp: '2026-06-01T10:00:00' });

const run = runCli;

describe('storage errors in the CLI', () => {
  it('a save the disk refuses: the CLI’s words on stderr, the code and values with --json', async () => {
    const dir = join(root, 'full');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a_b.jsonl'), [meta('a:b'), user('one')].join('\n') + '\n');
    // The disk fills as the save's temp file is written.
    setTmpCreatedHook(async (tmp) => {
      throw fromNodeError(Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC' }), tmp.slice(dir.length + 1), 'writing');
    });
    const plain = await run('set-title', join(dir, 'a_b.jsonl'), 'Trip', '--write');
    expect(plain.code).toBe(2);
    expect(plain.err).toMatch(/^session-lens: Writing '\.a_b\.jsonl\.[0-9a-f]{16}\.tmp|^session-lens: Writing 'a_b\.jsonl\.tmp/);
    expect(plain.err).toContain("failed: the storage quota is exceeded. (ENOSPC: ENOSPC: no space left on device, write)");
    const json = await run('set-title', join(dir, 'a_b.jsonl'), 'Trip', '--write', '--json');
    expect(json.code).toBe(2);
    const error = JSON.parse(json.out.split('\n').at(-1)!).error;
    expect(error).toMatchObject({ code: 'quota', reason: { code: 'native', action: 'writing', fault: 'quota', name: 'ENOSPC', text: 'ENOSPC: no space left on device, write' } });
  });

  it('check: an unreadable file is a finding in the CLI’s words; --json carries its code and values', async () => {
    const dir = join(root, 'locked');
    mkdirSync(join(dir, 'sessions'), { recursive: true });
    writeFileSync(join(dir, 'sessions', 'locked.jsonl'), [meta('locked'), user('one')].join('\n') + '\n');
    const plain = await run('check', dir);
    expect(plain.code).toBe(1);
    expect(plain.out).toContain("sessions/locked.jsonl: error: Reading 'sessions/locked.jsonl' failed: permission was denied or revoked. (EACCES: EACCES: permission denied, open 'sessions/locked.jsonl')");
    const json = await run('check', dir, '--json');
    const found = JSON.parse(json.out).findings.find((f: { kind: string }) => f.kind === 'unreadable');
    expect(found.values).toEqual({ code: 'permission', reason: { code: 'native', action: 'reading', fault: 'permission', name: 'EACCES', text: "EACCES: permission denied, open 'sessions/locked.jsonl'" }, path: 'sessions/locked.jsonl' });
  });
});

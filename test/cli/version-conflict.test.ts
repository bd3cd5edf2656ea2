/** The CLI says what the app says when no nanobot version fits all the evidence (issue 27). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';

const dir = mkdtempSync(join(tmpdir(), 'lens-conflict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const META = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-08-01T10:00:00", "updated_at": "2026-08-01T10:00:00", "metadata": {}, "last_consolidated": 0}`;
const STATE = '{"_type": "provider_state", "state": {"kind": "responses", "provider": "openai", "model": "gpt", "version": 1, "payload": {}, "pending_messages": []}}';
const USER = '{"role": "user", "content": "hello there", "timestamp": "2026-08-01T10:00:01"}';

describe('list on a folder whose evidence conflicts', () => {
  it('names the conflict, the rules applied and the fact that decided', async () => {
    const sessions = join(dir, 'ws', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, 'cli_direct.jsonl'), [META('cli:direct'), STATE, USER].join('\n') + '\n');
    writeFileSync(join(sessions, 'cli_other.jsonl'), [META('cli:other'), USER].join('\n') + '\n');
    const lines: string[] = [];
    const code = await main(['list', join(dir, 'ws')], { log: (s) => lines.push(s) });
    expect(code).toBe(0);
    const out = lines.join('\n');
    expect(out).toContain("nanobot v0.3.0 rules (auto: conflicting evidence (0.1.4–0.2.2, v0.2, v0.3.0 or main): v0.3.0's rules apply, decided by workspace-sessions; safe-key-names ×2; against it: provider-state ×1");
    expect(out).not.toContain('ambiguous');
  });
});

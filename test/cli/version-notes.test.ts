/** Write commands say what an older nanobot will do to the file they write: notes, not errors (issue 40). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'lens-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-08-01T10:00:00", "updated_at": "2026-08-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
const file = join(dir, 'cli_direct.jsonl');
writeFileSync(file, [META, '{"role": "user", "content": "hi"}', '{"role": "user", "content": ', '{"role": "assistant", "content": "yo"}'].join('\n') + '\n');
const notes = (out: string) => out.split('\n').filter((l) => l.startsWith('note: '));

describe('repair and the edits under an older nanobot', () => {
  it('repair at 0.1.4.post3: its save is not atomic, and a bad line empties the session', async () => {
    const r = await runCli('repair', file, '--nanobot', 'v0.1.4.post3');
    expect(r.code).toBe(0);
    expect(notes(r.out)).toEqual([
      'note: nanobot 0.1.4.post3 rewrites a session file in place, not through a temporary file: if it stops mid-save, or meets a message it cannot write, the file is cut short there. Stop nanobot before writing.',
      'note: nanobot 0.1.4.post3 has no repair: one bad line, byte, BOM or created_at and it loads nothing, starts an empty session, and its next save writes that over the file.',
    ]);
    expect(r.out).toContain('(dry run: add --write to do it)');
  });

  it('set-title and trim say it too; from 0.1.5.post2 on (atomic saves, the repair pass) nothing is said; --json stays one document', async () => {
    expect(notes((await runCli('set-title', file, 'T', '--nanobot', '0.1.5')).out)).toHaveLength(2);
    expect(notes((await runCli('trim', file, '1', '--nanobot', '0.1.5.post1')).out)).toHaveLength(2);
    expect(notes((await runCli('repair', file, '--nanobot', '0.1.5.post2')).out)).toEqual([]);
    expect(notes((await runCli('repair', file, '--nanobot', 'v0.2')).out)).toEqual([]);
    const json = await runCli('repair', file, '--nanobot', '0.1.4', '--json');
    expect(() => JSON.parse(json.out)).not.toThrow();
    expect(json.out).not.toContain('note:');
  });
});

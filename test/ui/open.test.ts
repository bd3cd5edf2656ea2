import { describe, expect, it } from 'vitest';
import { relevantFile, workspaceFromFiles, workspaceFromSingleFile } from '../../src/ui/workspace/scan/open';

const file = (text: string, name: string) => new File([text], name, { lastModified: 1234 });

describe('read-only workspaces from Files', () => {
  it('keeps only files that matter', () => {
    expect(['sessions/a.jsonl', 'sessions/a.jsonl.tmp', 'sessions/.a.jsonl.0123456789abcdef.tmp', 'x.jsonl.crswap', 'sessions/x/.workspace', '.nanobot/workspace-id', 'config.json', 'sessions/x/.session-files.lock', 'sessions/.workspace-migration.lock'].every(relevantFile)).toBe(true);
    expect(['AGENTS.md', 'memory/MEMORY.md', 'skills/a/SKILL.md'].some(relevantFile)).toBe(false);
  });

  it('a chosen workspace folder (webkitRelativePath) becomes a read-only memory workspace with its layout', async () => {
    const meta = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n';
    const ws = await workspaceFromFiles([
      { path: 'my-ws/sessions/cli_direct.jsonl', file: file(meta, 'cli_direct.jsonl') },
      { path: 'my-ws/sessions/cli_direct.jsonl.tmp', file: file('{"_ty', 'cli_direct.jsonl.tmp') },
      { path: 'my-ws/AGENTS.md', file: file('# agents', 'AGENTS.md') },
    ]);
    expect(ws).toMatchObject({ kind: 'files', name: 'my-ws', writable: false });
    expect(ws.readOnlyReason).toMatch(/no File System Access API/);
    expect(ws.layout.kind).toBe('workspace');
    expect(ws.layout.folders[0]).toMatchObject({ path: 'sessions', sessions: ['cli_direct.jsonl'], leftovers: [{ name: 'cli_direct.jsonl.tmp', target: 'cli_direct.jsonl' }] });
    expect(await ws.adapter.stat('sessions/cli_direct.jsonl')).toEqual({ size: meta.length, lastModified: 1234 });
    await expect(ws.adapter.stat('AGENTS.md')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('a single file is a one-file read-only workspace', async () => {
    const ws = await workspaceFromSingleFile(file('{}\n', 'odd name.jsonl'));
    expect(ws).toMatchObject({ kind: 'file', writable: false, name: 'odd name.jsonl' });
    expect(ws.layout.folders[0]!.sessions).toEqual(['odd name.jsonl']);
  });
});

/**
 * The workspace files the next request is built from, read as nanobot reads them
 * (`read_text(encoding="utf-8")`, which keeps a byte-order mark as U+FEFF: it is counted in the prompt).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { looksLikeWorkspace, readWorkspace } from '../../src/store/adapter/workspace-snapshot';

describe('readWorkspace', () => {
  it('keeps a leading byte-order mark, lists skills, and leaves missing files out', async () => {
    const a = createMemoryAdapter();
    a.setFile('ws/AGENTS.md', new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]));
    a.setFile('ws/skills/garden/SKILL.md', 'plant\n');
    const ws = await readWorkspace(a, 'ws', null);
    expect(ws.files.get('AGENTS.md')).toBe('\ufeffhi');
    expect(ws.files.get('skills/garden/SKILL.md')).toBe('plant\n');
    expect(ws.files.has('SOUL.md')).toBe(false);
    expect(ws.skillDirs).toEqual(['garden']);
    expect(looksLikeWorkspace(ws)).toBe(true);
    expect(looksLikeWorkspace(await readWorkspace(a, 'elsewhere', null))).toBe(false);
  });
});

/** Saves and forks use the nanobot version's names: base64url files, main's hidden random temp file. */
import { describe, expect, it } from 'vitest';
import { base64urlKey, saveTmpName } from '../../src/core/nanobot/keys';
import { appendMessage } from '../../src/core/edit/edits';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { openSession, saveDocument, writeFork } from '../../src/store/save/sessions';

const NOW = '2026-08-02T10:00:00';
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-08-01T09:00:00", "updated_at": "2026-08-01T09:00:00", "metadata": {}, "last_consolidated": 0}';
const STATE = '{"_type":"provider_state","state":{"kind":"responses","provider":"openai","model":"gpt","version":1,"payload":{},"pending_messages":[]}}';
const USER = '{"role": "user", "content": "hi", "timestamp": "2026-08-01T09:00:01"}';

describe('writes per version', () => {
  it('names temp files as each version does', () => {
    expect(saveTmpName('a.jsonl', 'v0.2', '0123456789abcdef')).toBe('a.jsonl.tmp');
    expect(saveTmpName('a.jsonl', 'v0.3.0', '0123456789abcdef')).toBe('a.jsonl.tmp');
    expect(saveTmpName('a.jsonl', 'main', '0123456789abcdef')).toBe('.a.jsonl.0123456789abcdef.tmp');
  });

  it("main: a save goes through .<name>.<16 hex>.tmp, keeps the provider_state line byte for byte, and forks get base64url names", async () => {
    const a = createMemoryAdapter();
    const name = `${base64urlKey('cli:direct')}.jsonl`;
    a.setFile(name, [META, STATE, USER].join('\n') + '\n');
    const tmps: string[] = [];
    a.onStep(async (step, path) => void (step === 'create-tmp' && tmps.push(path)));
    const opened = await openSession(a, name, { now: NOW, version: 'main' });
    expect(opened.nanobot.result!.messages).toHaveLength(1);
    const edit = appendMessage(opened.doc, opened.key, 'assistant', 'hello', NOW);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    await saveDocument(a, opened, edit.doc, { now: NOW, version: 'main' });
    expect(tmps[0]).toMatch(new RegExp(`^\\.${name.replace('.', '\\.')}\\.[0-9a-f]{16}\\.tmp$`));
    const text = new TextDecoder().decode(a.getFile(name)!);
    expect(text.split('\n')[1]).toBe(STATE);
    const fork = await writeFork(a, opened, 1, 'cli:fork', NOW);
    expect(fork.path).toBe(`${base64urlKey('cli:fork')}.jsonl`);
  });
});

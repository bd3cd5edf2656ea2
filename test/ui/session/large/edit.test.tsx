// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../../../src/core/lens/document';
import { repairDocument, trimToLegalSuffix } from '../../../../src/core/edit/edits';
import { editChangeEn } from '../../../../src/words/edit-en';
import { groupDigits } from '../../../../src/ui/i18n/numbers';
import { indexBytes } from '../../../../src/core/index/line-index';
import type { LargeSaveResult } from '../../../../src/store/save/large-save';
import { createMemoryAdapter, type MemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { LargeEdit } from '../../../../src/ui/session/large/edit/LargeEdit';
import { NOW, button, click, dec, enc, mount, type, unmount, waitFor, indexOpener } from '../helpers';

const PATH = 'sessions/cli_big.jsonl';
let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** 30 messages, a corrupt line, CRLF endings and no final newline. */
function text(): string {
  const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {"title": "Old"}, "last_consolidated": 4}'];
  for (let i = 0; i < 30; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
  rows.splice(3, 0, '{corrupt');
  return rows.join('\r\n');
}

async function view(a: MemoryAdapter, writable = true) {
  const file = await a.file!(PATH);
  const stat = await a.stat(PATH);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const index = indexBytes(bytes, 'v0.2');
  const saved: [LargeSaveResult, string][] = [];
  const deleted: string[] = [];
  let reloads = 0;
  el = await mount(
    <LargeEdit file={file} index={index} stat={stat} path={PATH} fileName="cli_big.jsonl" version="v0.2" adapter={writable ? a : null} open={indexOpener(a, PATH, 'v0.2')} now={() => NOW}
      onSaved={(r, m) => saved.push([r, m])} onReload={() => reloads++} onDeleted={(m) => deleted.push(m)} />,
  );
  await waitFor(() => !!el!.querySelector('#sl-large-ed-trim-h'));
  return { bytes, saved, deleted, reloads: () => reloads };
}

const card = (id: string) => el!.querySelector(`#${id}-h`)!.closest('section')!;

describe('the Edit tab of large-file mode', () => {
  it('previews a trim as the normal tab does, with the bytes kept and left out, then saves what the normal save writes', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { bytes, saved } = await view(a);
    const trim = card('sl-large-ed-trim');
    await type(trim.querySelector('input[type="number"]'), '10');
    await waitFor(() => !!trim.querySelector('.sl-preview'));
    const normal = trimToLegalSuffix(parseDocument(bytes, { version: 'v0.2' }), 'cli:big', 10, false, NOW, 'v0.2');
    if (!normal.ok) throw new Error(JSON.stringify(normal.error));
    const preview = trim.querySelector('.sl-preview')!.textContent!;
    expect(preview).toContain(editChangeEn(normal.change, groupDigits));
    expect(preview).toContain('Messages that go: #1–20. The kept part starts on a user turn, #21.');
    // Stopping nanobot first is the page's one notice, not a box of this tab's too (issue 42).
    expect(el!.textContent).not.toContain('Stop nanobot first');
    expect(preview).toMatch(/Copies \d+(\.\d)? (bytes|KB) of the file as they are and leaves out \d+(\.\d)? (bytes|KB): the new file is/);
    await click(button(trim, 'Trim'));
    await click(button(trim, 'Yes, trim'));
    await waitFor(() => saved.length === 1);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(normal.doc)));
    expect(saved[0]![1]).toBe(`Saved cli_big.jsonl (${a.getFile(PATH)!.length.toLocaleString('en-US')} bytes). The previous file was backed up to ${saved[0]![0].backup}.`);
    expect(a.getFile(saved[0]![0].backup!)).toEqual(bytes);
  });

  it('refuses to save over a file that changed since it was indexed, keeps it, and offers to index it again', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const v = await view(a);
    const title = card('sl-large-ed-title');
    expect((title.querySelector('input') as HTMLInputElement).value).toBe('Old');
    await type(title.querySelector('input'), 'New');
    await waitFor(() => !!title.querySelector('.sl-preview'));
    expect(title.querySelector('.sl-preview')!.textContent).toContain('Title becomes "New" (marked as edited by you, so nanobot keeps it).');
    a.setFile(PATH, text() + '\r\n{"role": "user", "content": "from nanobot"}');
    const changed = a.getFile(PATH)!;
    await click(button(title, 'Save title'));
    await waitFor(() => !!title.querySelector('.sl-outcome'));
    expect(title.querySelector('.sl-outcome')!.textContent).toContain('Not saved: the file changed on disk since it was read.');
    expect(title.querySelector('.sl-outcome')!.textContent).toMatch(/size \d+ → \d+ bytes/);
    expect(a.getFile(PATH)).toEqual(changed);
    expect(v.saved).toEqual([]);
    await click(button(title, 'Reload from disk'));
    expect(v.reloads()).toBe(1);
  });

  it('repairs with a backup first; read-only, a repair is not offered and a title is a download', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { bytes, saved } = await view(a);
    const repair = card('sl-large-ed-repair');
    await click(button(repair, 'Preview repair'));
    const want = repairDocument(parseDocument(bytes, { version: 'v0.2' }), 'cli_big', NOW);
    if (!want.ok) throw new Error(JSON.stringify(want.error));
    expect(repair.querySelector('.sl-preview')!.textContent).toContain(editChangeEn(want.change, groupDigits));
    expect(repair.querySelector('.sl-preview')!.textContent).toContain('Writes 30 message lines again as nanobot writes them');
    await click(button(repair, 'Repair (backup first)'));
    await click(button(repair, 'Yes, repair (backup first)'));
    await waitFor(() => saved.length === 1);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(want.doc)));
    expect(saved[0]![0].backup).toBeDefined();
    await unmount(el!);

    const b = createMemoryAdapter();
    b.setFile(PATH, enc(text()));
    await view(b, false);
    expect(el!.textContent).toContain('This session is open read-only');
    const ro = card('sl-large-ed-repair');
    await click(button(ro, 'Preview repair'));
    expect(ro.textContent).toContain('A repair rewrites every message line, so it needs write access');
    expect(ro.querySelector('button')).toBeNull();
    const title = card('sl-large-ed-title');
    await type(title.querySelector('input'), 'New');
    await waitFor(() => !!title.querySelector('.sl-preview'));
    expect(button(title, 'Download with this title')).toBeTruthy();
  });

  it('a save shows its progress and a Cancel button; cancelled, the file is unchanged, and the tmp removed (issue 27)', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const v = await view(a);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let tmpDuring: string[] = [];
    a.onStep(async (step) => {
      if (step !== 'write') return;
      tmpDuring = a.paths().filter((p) => p.endsWith('.tmp'));
      await gate;
    });
    const title = card('sl-large-ed-title');
    await type(title.querySelector('input'), 'Never saved');
    await waitFor(() => !!title.querySelector('.sl-preview'));
    await click(button(title, 'Save title'));
    await waitFor(() => !!title.querySelector('.sl-save-progress'));
    expect(title.querySelector('.sl-save-progress progress')).not.toBeNull();
    expect(tmpDuring).toEqual(['sessions/cli_big.jsonl.tmp']);
    await click(button(title, 'Cancel save'));
    expect(title.querySelector('.sl-save-progress')!.textContent).toContain('Cancelling…');
    release();
    await waitFor(() => !!title.querySelector('.sl-outcome'));
    expect(title.querySelector('.sl-outcome')!.textContent).toBe('Save cancelled: the file is unchanged and the temporary file was removed.');
    expect(title.querySelector('.sl-outcome')!.getAttribute('role')).toBe('status');
    expect(title.querySelector('.sl-save-progress')).toBeNull();
    expect(a.getFile(PATH)).toEqual(v.bytes);
    expect(a.paths()).toEqual([PATH]);
    expect(v.saved).toEqual([]);
  });

  it('a save goes on when its card goes away (another tab looked at), and leaving the page asks first until it ends', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const v = await view(a);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    a.onStep(async (step) => void (step === 'write' && (await gate)));
    const title = card('sl-large-ed-title');
    await type(title.querySelector('input'), 'Saved anyway');
    await waitFor(() => !!title.querySelector('.sl-preview'));
    await click(button(title, 'Save title'));
    await waitFor(() => !!title.querySelector('.sl-save-progress'));
    await unmount(el!);
    el = null;
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true });
      dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(leave()).toBe(true);
    release();
    await waitFor(() => v.saved.length === 1);
    expect(dec(a.getFile(PATH)!)).toContain('Saved anyway');
    expect(leave()).toBe(false);
  });

  it('deletes the file as the full view does: only after confirming, a backup of the same bytes kept', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const v = await view(a);
    const del = card('sl-ed-del');
    expect(del.textContent).toContain('Delete the session file');
    await click(button(del, 'Delete file'));
    expect(a.getFile(PATH)).toBeDefined();
    await click(button(del, 'Yes, delete file'));
    await waitFor(() => v.deleted.length === 1);
    expect(a.getFile(PATH)).toBeUndefined();
    const backup = /backed up to (.+)\.$/.exec(v.deleted[0]!)![1]!;
    expect(v.deleted[0]).toBe(`Deleted ${PATH}. Its last version was backed up to ${backup}.`);
    expect(a.getFile(backup)).toEqual(v.bytes);
  });

  it('refuses to delete a file that changed since it was indexed, and keeps it', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const v = await view(a);
    a.setFile(PATH, text() + '\r\n{"role": "user", "content": "from nanobot"}');
    const del = card('sl-ed-del');
    await click(button(del, 'Delete file'));
    await click(button(del, 'Yes, delete file'));
    await waitFor(() => !!del.querySelector('.sl-outcome'));
    expect(del.querySelector('.sl-outcome')!.textContent).toContain('Not saved: the file changed on disk since it was read.');
    expect(a.getFile(PATH)).toBeDefined();
    expect(v.deleted).toEqual([]);
  });

  it('cannot delete in read-only mode', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    await view(a, false);
    expect(card('sl-ed-del').textContent).toContain('Deleting needs write access to the folder');
  });
});

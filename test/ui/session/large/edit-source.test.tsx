// @vitest-environment happy-dom
/** The large Edit tab's edits planned and saved through the SessionSource: each writes the whole-file edit's bytes. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../../../src/core/lens/document';
import { appendMessage, clearMessages, removeLine, setLastConsolidated, type EditResult } from '../../../../src/core/edit/edits';
import { editChangeEn } from '../../../../src/words/edit-en';
import { groupDigits } from '../../../../src/ui/i18n/numbers';
import { indexBytes } from '../../../../src/core/index/line-index';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import type { LargeSaveResult } from '../../../../src/store/save/large-save';
import { openSession, writeFork } from '../../../../src/store/save/sessions';
import { pg } from '../../../../src/ui/i18n/text';
import { createMemoryAdapter, type MemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { LargeEdit } from '../../../../src/ui/session/large/edit/LargeEdit';
import LargeSession from '../../../../src/ui/session/large/LargeSession';
import { NOW, button, click, dec, mount, type, unmount, waitFor, indexOpener } from '../helpers';

const PATH = 'sessions/cli_big.jsonl';
let el: HTMLElement | null = null;
// Every file here is read on its line index, as a file past the page's line is (`indexOpener`: the app's pick, not the CLI's line).
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

async function view(a: MemoryAdapter, version: NanobotVersion = 'v0.2') {
  const file = await a.file!(PATH);
  const stat = await a.stat(PATH);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const index = indexBytes(bytes, version);
  const saved: [LargeSaveResult, string][] = [];
  const forked: string[] = [];
  el = await mount(
    <LargeEdit file={file} index={index} stat={stat} path={PATH} fileName="cli_big.jsonl" version={version} adapter={a} open={indexOpener(a, PATH, version)} now={() => NOW}
      onSaved={(r, m) => saved.push([r, m])} onReload={() => {}} onForked={(p) => forked.push(p)} />,
  );
  await waitFor(() => !!el!.querySelector('#sl-large-ed-add-h'));
  return { bytes, saved, forked, doc: parseDocument(bytes, { version }) };
}

const card = (id: string) => el!.querySelector(`#${id}-h`)!.closest('section')!;
const ok = (r: EditResult) => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r;
};

/** Saves the card's previewed edit (through its confirm step when it has one) and waits for the page to be told. */
async function save(c: Element, action: string, saved: unknown[], confirm?: string) {
  await click(button(c, action));
  if (confirm) await click(button(c, confirm));
  await waitFor(() => saved.length === 1);
  await waitFor(() => !!c.querySelector('.sl-outcome'));
}

describe('the large Edit tab, through the SessionSource', () => {
  it('adds a message: previews the change, saves what the whole-file edit writes, and shows the result', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { doc, saved } = await view(a);
    const c = card('sl-large-ed-add');
    await type(c.querySelector('textarea'), 'hello <b>there</b>');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    const want = ok(appendMessage(doc, 'cli:big', 'user', 'hello <b>there</b>', NOW));
    expect(c.querySelector('.sl-preview')!.textContent).toContain(editChangeEn(want.change, groupDigits));
    await save(c, 'Add message', saved);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(want.doc)));
    expect(saved[0]![0].size).toBe(a.getFile(PATH)!.length);
    expect(saved[0]![0].stat).toEqual(await a.stat(PATH));
    expect(c.querySelector('.sl-outcome')!.textContent).toBe(saved[0]![1]);
    expect(saved[0]![1]).toContain('Saved cli_big.jsonl');
  });

  it('an added message\'s save shows its progress and a Cancel button; cancelled, the file is unchanged and the tmp removed', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { bytes, saved } = await view(a);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    a.onStep(async (step) => void (step === 'write' && (await gate)));
    const c = card('sl-large-ed-add');
    await type(c.querySelector('textarea'), 'never saved');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    await click(button(c, 'Add message'));
    await waitFor(() => !!c.querySelector('.sl-save-progress'));
    expect(c.querySelector('.sl-save-progress progress')).not.toBeNull();
    await click(button(c, 'Cancel save'));
    release();
    await waitFor(() => !!c.querySelector('.sl-outcome'));
    expect(c.querySelector('.sl-outcome')!.textContent).toBe('Save cancelled: the file is unchanged and the temporary file was removed.');
    expect(a.getFile(PATH)).toEqual(bytes);
    expect(a.paths()).toEqual([PATH]);
    expect(saved).toEqual([]);
  });

  it('moves last_consolidated as the whole-file edit does', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { doc, saved } = await view(a);
    const c = card('sl-large-ed-lc');
    expect((c.querySelector('input') as HTMLInputElement).value).toBe('4');
    await type(c.querySelector('input'), '12');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    const want = ok(setLastConsolidated(doc, 'cli:big', 12, NOW));
    expect(c.querySelector('.sl-preview')!.textContent).toContain(editChangeEn(want.change, groupDigits));
    await save(c, 'Save last_consolidated', saved);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(want.doc)));
  });

  it('refuses a last_consolidated past the messages with the whole-file edit\'s refusal, and writes nothing', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { bytes, doc } = await view(a);
    const c = card('sl-large-ed-lc');
    await type(c.querySelector('input'), '31');
    await waitFor(() => !!c.querySelector('[role="alert"]'));
    const want = setLastConsolidated(doc, 'cli:big', 31, NOW);
    if (want.ok) throw new Error('the whole-file edit took 31');
    expect(c.querySelector('[role="alert"]')!.textContent).toBe(pg().edit.refusal(want.error));
    expect(c.querySelector('.sl-preview')).toBeNull();
    expect(a.getFile(PATH)).toEqual(bytes);
  });

  it('clears after the confirm step, keeping the corrupt line, as the whole-file clear does', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { doc, saved } = await view(a);
    const c = card('sl-large-ed-clear');
    await click(button(c, 'Preview clear'));
    await waitFor(() => !!c.querySelector('.sl-preview'));
    const want = ok(clearMessages(doc, 'cli:big', NOW));
    expect(c.querySelector('.sl-preview')!.textContent).toContain(editChangeEn(want.change, groupDigits));
    await click(button(c, 'Clear'));
    expect(c.textContent).toContain('All 30 messages will be removed from the file.');
    await save(c, 'Yes, clear', saved);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(want.doc)));
  });

  it('removes the corrupt line, picked by its text, after the confirm step', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { doc, saved } = await view(a);
    const c = card('sl-large-ed-rm');
    await waitFor(() => c.querySelector('option')!.textContent === 'line 4: {corrupt');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    const want = ok(removeLine(doc, 3));
    expect(c.querySelector('.sl-preview')!.textContent).toContain(editChangeEn(want.change, groupDigits));
    await click(button(c, 'Remove line'));
    expect(c.textContent).toContain('Line 4 will be gone from the file.');
    await save(c, 'Yes, remove line', saved);
    expect(dec(a.getFile(PATH)!)).toBe(dec(serializeDocument(want.doc)));
  });

  it('forks before a user turn, writing the file the whole-file fork writes and leaving the source as it was', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { bytes, forked } = await view(a);
    const c = card('sl-large-ed-fork');
    await type(c.querySelector('input[type="number"]'), '3');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    expect(c.textContent).toContain('turn 3 is message #5: “m4”');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('Writes cli_big-fork.jsonl with the 4 messages before user turn 3 (last_consolidated 4).');
    await click(button(c, 'Write fork'));
    await waitFor(() => forked.length === 1);
    expect(forked).toEqual(['sessions/cli_big-fork.jsonl']);
    await waitFor(() => !!c.querySelector('.sl-outcome'));
    expect(c.querySelector('.sl-outcome')!.textContent).toContain('Wrote sessions/cli_big-fork.jsonl');
    expect(a.getFile(PATH)).toEqual(bytes);

    const b = createMemoryAdapter();
    b.setFile(PATH, text());
    const whole = await writeFork(b, await openSession(b, PATH, { now: NOW, version: 'v0.2' }), 2, 'cli:big-fork', NOW);
    expect(dec(a.getFile(forked[0]!)!)).toBe(dec(b.getFile(whole.path)!));
  });

  it('offers no fork at 0.2.0, saying why', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    await view(a, '0.2.0');
    expect(el!.querySelector('#sl-large-ed-fork-h')).toBeNull();
    expect(card('sl-ed-fork').querySelector('[role="alert"]')!.textContent).toContain('nanobot 0.2.0 has no fork');
  });

  it('refuses to save over a file changed since it was indexed, and keeps the change on disk', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const { saved } = await view(a);
    a.setFile(PATH, text() + '\r\n{"role": "user", "content": "from nanobot"}');
    const changed = a.getFile(PATH)!;
    const c = card('sl-large-ed-clear');
    await click(button(c, 'Preview clear'));
    await waitFor(() => !!c.querySelector('[role="alert"]'));
    expect(c.querySelector('[role="alert"]')!.textContent).toContain('changed while it was read');
    expect(a.getFile(PATH)).toEqual(changed);
    expect(saved).toEqual([]);
  });

  it('on the page, the result outlives the file being indexed again, and takes the focus, as the full view does', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const saved: string[] = [];
    el = await mount(<LargeSession adapter={a} open={indexOpener(a, PATH, 'v0.2')} path={PATH} fileName="cli_big.jsonl" version="v0.2" size={text().length} tab="edit" writable onSaved={(_r, m) => saved.push(m)} />);
    await waitFor(() => !!el!.querySelector('#sl-large-ed-add-h'));
    const c = card('sl-large-ed-add');
    await type(c.querySelector('textarea'), 'one more');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    await click(button(c, 'Add message'));
    await waitFor(() => saved.length === 1);
    // Indexed again: a new card, showing the result and holding the focus.
    await waitFor(() => !!el!.querySelector('#sl-large-ed-add-h') && !!card('sl-large-ed-add').querySelector('.sl-outcome'));
    const outcome = card('sl-large-ed-add').querySelector('.sl-outcome')!;
    expect(outcome.textContent).toBe(saved[0]);
    await waitFor(() => document.activeElement === outcome);
    expect((card('sl-large-ed-add').querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
  });
});

// @vitest-environment happy-dom
/** The upgrade view between any two versions: "what changes for me when I upgrade from 0.1.4 to v0.3.0" (issue 40). */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { rulesChanged } from '../../../src/core/nanobot/upgrade';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../../src/store/listing/layout';
import { setWorkspace } from '../../../src/ui/workspace/model';
import { UpgradePage } from '../../../src/ui/workspace/pages/UpgradePage';
import { mount, type, unmount, waitFor } from '../session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await act(() => setWorkspace(null));
});

const META = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}`;

describe('rulesChanged', () => {
  it('names every rule row that differs, either way, and none between a version and itself', () => {
    const up = rulesChanged('0.1.4', 'v0.3.0');
    expect(up.find((c) => c.row === 'atomicSave')).toEqual({ row: 'atomicSave', from: false, to: true });
    expect(up.find((c) => c.row === 'fileStem')).toEqual({ row: 'fileStem', from: 'safe-key', to: 'base64url' });
    expect(up.map((c) => c.row)).not.toContain('label');
    expect(rulesChanged('v0.3.0', '0.1.4').find((c) => c.row === 'atomicSave')).toEqual({ row: 'atomicSave', from: true, to: false });
    expect(rulesChanged('0.2.2', '0.2.2')).toEqual([]);
    expect(rulesChanged('0.2.2', 'v0.2').map((c) => c.row)).toEqual(['thinkTags', 'listingTimeFallback']);
  });
});

describe('the upgrade page', () => {
  it('picks both ends: from 0.1.4 to v0.3.0, the rules that change in words and every session replayed by each', async () => {
    const a = createMemoryAdapter();
    const turns = Array.from({ length: 300 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`);
    a.setFile('sessions/cli_direct.jsonl', [META('cli:direct'), ...turns].join('\n') + '\n');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout: await detectLayout(a, 'ws') });
    el = await mount(<UpgradePage />);
    const source = el.querySelector('select.upgrade-source') as HTMLSelectElement;
    expect([source.value, (el.querySelector('select.upgrade-target') as HTMLSelectElement).value]).toEqual(['v0.2', 'main']);
    expect(source.querySelector('option[value="v0.2"]')!.textContent).toBe('nanobot v0.2 (2026-06-24) · in force here');
    expect(source.querySelectorAll('option')).toHaveLength(17);
    await type(source, '0.1.4');
    await type(el.querySelector('select.upgrade-target'), 'v0.3.0');
    await waitFor(() => !!el!.querySelector('.upgrade-row') && el!.querySelector('.upgrade-rules summary') !== null);
    const rule = (row: string) => el!.querySelector(`.upgrade-rules li[data-row="${row}"]`)?.textContent;
    expect(rule('atomicSave')).toBe('atomicSave: false → true Saves go through a temporary file and a rename: a save that stops leaves the file whole.');
    expect(rule('metadataKey')).toBe('metadataKey: false → true The metadata line carries the session’s key.');
    expect(rule('fileStem')).toContain('safe-key → base64url');
    // v0.3.0 replays all 300 (its window follows the context window); 0.1.4's count is its own replay rules'.
    expect(el.querySelector('.upgrade-row')!.textContent).toMatch(/ → 300 messages replayed/);
    // The same version at both ends: nothing differs.
    await type(el.querySelector('select.upgrade-target'), '0.1.4');
    await waitFor(() => el!.querySelector('.upgrade-rules')!.textContent === 'No rule of the version table differs: both answer alike.');
    await waitFor(() => !!el!.querySelector('.upgrade-same'));
  });
});

// @vitest-environment happy-dom
/** The workspace header names the nanobot version with its evidence; choosing another relists under its rules. */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { base64urlKey } from '../../src/core/nanobot/keys';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { chosenVersion, route } from '../../src/ui/router';
import { activeVersion, listing, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { mount, type, unmount, waitFor } from './session/helpers';

const NS = '0123456789abcdef0123456789abcdef';
const META = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-08-01T10:00:00", "updated_at": "2026-08-01T10:00:00", "metadata": {}, "last_consolidated": 0}`;
const STATE = '{"_type": "provider_state", "state": {"kind": "responses", "provider": "openai", "model": "gpt", "version": 1, "payload": {}, "pending_messages": []}}';
const USER = '{"role": "user", "content": "hello there", "timestamp": "2026-08-01T10:00:01"}';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  chosenVersion.value = null;
  await setWorkspace(null);
});

async function mainFolder() {
  const a = createMemoryAdapter();
  a.setFile('.workspace', '/home/me/ws\n');
  a.setFile('.session-files.lock', '');
  a.setFile(`${base64urlKey('cli:direct')}.jsonl`, [META('cli:direct'), STATE, USER].join('\n') + '\n');
  a.setFile('cli_old.jsonl', [META('cli:old'), USER].join('\n') + '\n');
  const layout = await detectLayout(a, NS);
  await setWorkspace({ kind: 'folder', name: NS, adapter: a, writable: true, layout });
  el = await mount(<WorkspaceView page="sessions" />);
  await waitFor(() => !!el!.querySelector('.session-row'));
}

describe('version line', () => {
  it('recognises a main namespace and says why', async () => {
    await mainFolder();
    const line = el!.querySelector('.version-line')!;
    expect(line.getAttribute('data-version')).toBe('main');
    expect(line.textContent).toContain('nanobot main (recognised)');
    expect(line.textContent).toContain('a session namespace of /home/me/ws');
    expect(line.textContent).toContain('provider_state');
    // main lists only canonical names: the lossy cli_old.jsonl is not a session to it.
    expect(listing.value!.summaries.filter((s) => s.row).map((s) => s.fileName)).toEqual([`${base64urlKey('cli:direct')}.jsonl`]);
  });

  it('the scope line says how much of the folder the version lists, not just "nanobot’s order" (issue 27)', async () => {
    await mainFolder();
    expect(el!.querySelector('#search-scope')!.textContent).toMatch(/^2 files: nanobot main lists 1, in its order \(newest updated_at first\); the rest follow\./);
  });

  it('a chosen version goes into the link and relists under its rules', async () => {
    await mainFolder();
    route.value = { view: 'workspace', page: 'sessions', params: {} };
    await type(el!.querySelector('.version-picker select'), 'v0.2');
    expect(activeVersion.value).toBe('v0.2');
    expect(location.hash).toContain('nanobot=v0.2');
    await waitFor(() => listing.value!.summaries.filter((s) => s.row).length === 2);
    expect(el!.querySelector('.version-line')!.textContent).toContain('nanobot v0.2 (chosen)');
    await act(async () => {});
  });
});

describe('upgrade page', () => {
  it('lists, per session, what the next version replays or no longer sees', async () => {
    const a = createMemoryAdapter();
    const turns = Array.from({ length: 300 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`);
    a.setFile('sessions/cli_direct.jsonl', [META('cli:direct'), ...turns].join('\n') + '\n');
    a.setFile('sessions/telegram_1.jsonl', [META('telegram:1'), USER, '{broken'].join('\n') + '\n');
    const layout = await detectLayout(a, 'ws');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout });
    const { UpgradePage } = await import('../../src/ui/workspace/UpgradePage');
    el = await mount(<UpgradePage />);
    await waitFor(() => el!.querySelectorAll('.upgrade-row').length === 2);
    const row = (f: string) => el!.querySelector(`.upgrade-row[data-file="${f}"]`)!.textContent!;
    expect(row('cli_direct.jsonl')).toContain('replays differently');
    expect(row('cli_direct.jsonl')).toContain('120 → 300 messages replayed (+180 / −0)');
    await type(el!.querySelector('select.upgrade-target'), 'main');
    await waitFor(() => el!.querySelectorAll('.upgrade-vanishes').length === 2);
    expect(row('telegram_1.jsonl')).toMatch(/leaves it in the workspace/);
    expect(row('cli_direct.jsonl')).toMatch(/not base64url/);
  });
});

describe('edit tab per version', () => {
  it("warns of v0.3.0's cap in every save, and names what nanobot's delete would also remove", async () => {
    const { openFromBytes } = await import('../../src/store/save/sessions');
    const { EditTab } = await import('../../src/ui/session/edit/EditTab');
    const lines = [META('cli:direct'), ...Array.from({ length: 2050 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`)];
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const snap = { path: 'Y2xpOmRpcmVjdA.jsonl', size: bytes.length, lastModified: 1, sha256: 'x' };
    const a = createMemoryAdapter();
    for (const [version, cap] of [['v0.3.0', true], ['main', false]] as const) {
      const o = openFromBytes('Y2xpOmRpcmVjdA.jsonl', bytes, snap, { now: '2026-08-01T10:00:00', version });
      el = await mount(<EditTab opened={o} adapter={a} now={() => '2026-08-01T10:00:00'} onChanged={() => {}} onForked={() => {}} />);
      expect(el.textContent!.includes('over nanobot v0.3.0’s cap of 2,000')).toBe(cap);
      if (cap) expect(el.textContent).toContain('its next save of this session');
      await unmount(el);
      el = null;
    }
  });
});

describe('a chosen version and another workspace', () => {
  it('does not carry over, unless the link names it', async () => {
    await mainFolder();
    route.value = { view: 'workspace', page: 'sessions', params: {} };
    await type(el!.querySelector('.version-picker select'), 'v0.2');
    expect(activeVersion.value).toBe('v0.2');
    await unmount(el!);
    el = null;
    route.value = { view: 'start', params: {} };
    await mainFolder();
    expect(chosenVersion.value).toBeNull();
    expect(activeVersion.value).toBe('main');
    route.value = { view: 'session', key: 'cli:direct', params: { nanobot: 'v0.3.0' } };
    await unmount(el!);
    el = null;
    await mainFolder();
    expect(activeVersion.value).toBe('v0.3.0');
  });
});

describe('leftovers under the folder version', () => {
  it('a leftover in a main namespace is read with main rules: its provider_state line is not a message', async () => {
    route.value = { view: 'workspace', page: 'leftovers', params: {} };
    const a = createMemoryAdapter();
    a.setFile('.workspace', '/home/me/ws\n');
    a.setFile('.session-files.lock', '');
    const name = `${base64urlKey('cli:direct')}.jsonl`;
    a.setFile(name, [META('cli:direct'), STATE, USER, USER].join('\n') + '\n');
    a.setFile(`${name}.tmp`, [META('cli:direct'), STATE, USER].join('\n') + '\n');
    await setWorkspace({ kind: 'folder', name: NS, adapter: a, writable: true, layout: await detectLayout(a, NS) });
    el = await mount(<WorkspaceView page="leftovers" />);
    await waitFor(() => !!el!.querySelector('.leftover'));
    expect(activeVersion.value).toBe('main');
    const inspect = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Inspect')!;
    await act(async () => inspect.click());
    await waitFor(() => !!el!.querySelector('.inspection'));
    const text = el.querySelector('.inspection')!.textContent!;
    expect(text).toContain('3 lines, 1 message');
    expect(text).toMatch(/current file has 2 messages/);
  });
});

describe('version line: evidence no version fits (issue 27)', () => {
  it('says “conflicting evidence”, applies the version the decisive record names, and never calls it ambiguous', async () => {
    const a = createMemoryAdapter();
    // A workspace sessions folder (v0.2, v0.3.0) with safe_key names (v0.2, v0.3.0), one file holding provider_state (main only).
    a.setFile('sessions/cli_direct.jsonl', [META('cli:direct'), STATE, USER].join('\n') + '\n');
    a.setFile('sessions/cli_other.jsonl', [META('cli:other'), USER].join('\n') + '\n');
    const layout = await detectLayout(a, 'ws');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout });
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => !!el!.querySelector('.session-row') && el!.querySelector('.version-summary')!.textContent !== 'nanobot v0.2');
    expect(el.querySelector('.version-summary')!.textContent).toBe('nanobot main (conflicting evidence)');
    expect(activeVersion.value).toBe('main');
    const line = el.querySelector('.version-line p')!.textContent!;
    expect(line).toBe(
      'nanobot main (conflicting evidence: no version fits all of it): nanobot main’s rules apply, decided by what only it writes: 1 file holds provider_state. Against it: a workspace sessions folder, where v0.2 and v0.3.0 keep sessions; 2 safe_key names',
    );
    expect(el.textContent).not.toContain('ambiguous');
  });
});

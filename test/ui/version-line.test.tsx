// @vitest-environment happy-dom
/** The workspace header names the nanobot version with its evidence; choosing another relists under its rules. */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { base64urlKey } from '../../src/core/nanobot/keys';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { chosenVersion, route } from '../../src/ui/shell/router';
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
  // The version panel loads on use: wait for it too.
  await waitFor(() => !!el!.querySelector('.session-row') && !!el!.querySelector('.version-line'));
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
  it('lists, per session, what another version replays or no longer sees', async () => {
    const a = createMemoryAdapter();
    const turns = Array.from({ length: 300 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`);
    a.setFile('sessions/cli_direct.jsonl', [META('cli:direct'), ...turns].join('\n') + '\n');
    a.setFile('sessions/telegram_1.jsonl', [META('telegram:1'), USER, '{broken'].join('\n') + '\n');
    const layout = await detectLayout(a, 'ws');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout });
    const { UpgradePage } = await import('../../src/ui/workspace/pages/UpgradePage');
    el = await mount(<UpgradePage />);
    // From the version in force to the newest at first; the next release picked.
    expect([(el.querySelector('select.upgrade-source') as HTMLSelectElement).value, (el.querySelector('select.upgrade-target') as HTMLSelectElement).value]).toEqual(['v0.2', 'main']);
    await type(el!.querySelector('select.upgrade-target'), 'v0.3.0');
    await waitFor(() => el!.querySelectorAll('.upgrade-row').length === 2 && !!el!.querySelector('.upgrade-changes'));
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
    const { openFromBytes } = await import('../open-bytes');
    const { EditTab } = await import('../../src/ui/session/edit/EditTab');
    const { documentSourceOf } = await import('../../src/store/source/document-source');
    const lines = [META('cli:direct'), ...Array.from({ length: 2050 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`)];
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const snap = { path: 'Y2xpOmRpcmVjdA.jsonl', size: bytes.length, lastModified: 1, sha256: 'x' };
    const a = createMemoryAdapter();
    for (const [version, cap] of [['v0.3.0', true], ['main', false]] as const) {
      const o = openFromBytes('Y2xpOmRpcmVjdA.jsonl', bytes, snap, { now: '2026-08-01T10:00:00', version });
      el = await mount(<EditTab source={documentSourceOf(a, o, { now: '2026-08-01T10:00:00', version })} adapter={a} now={() => '2026-08-01T10:00:00'} onSaved={() => {}} onDeleted={() => {}} onForked={() => {}} />);
      // The cap is said once the source has planned the trim nanobot would make (and the cards are in).
      if (cap) await waitFor(() => el!.textContent!.includes('over nanobot v0.3.0’s cap of 2,000'));
      else await waitFor(() => !!el!.querySelector('.sl-edit-cards'));
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

describe('version line: evidence no version fits (issues 27, 42)', () => {
  /** Issue 42's mixed folder: a workspace sessions folder of safe_key names, one base64url file holding provider_state. */
  async function mixedFolder() {
    const a = createMemoryAdapter();
    for (let i = 0; i < 6; i++) a.setFile(`sessions/fx_gen_small_00${i}.jsonl`, [META(`fx:gen_small_00${i}`), USER].join('\n') + '\n');
    a.setFile(`sessions/${base64urlKey('cli:direct')}.jsonl`, [META('cli:direct'), STATE, USER].join('\n') + '\n');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout: await detectLayout(a, 'ws') });
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => el!.querySelectorAll('.session-row').length === 7 && !!el!.querySelector('.version-conflict'));
    return el;
  }

  it('uses the version the folder makes most sense under, says why, and shows what each version would mean first', async () => {
    await mixedFolder();
    expect(activeVersion.value).toBe('v0.3.0');
    expect(el!.querySelector('.version-summary')!.textContent).toBe('nanobot v0.3.0 (conflicting evidence: the best fit)');
    expect(el!.querySelector('.version-conflict summary')!.textContent).toBe(
      'The files disagree about the nanobot version: nanobot v0.3.0 is used, as it fits 3 of the 4 clues, more than any other version, and lists 7 of 7 session files.',
    );
    const rows = [...el!.querySelectorAll('.version-conflict .compare-table tbody tr')].map((r) => [...r.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent));
    // The 0.1.x releases keep safe_key names in the workspace as 0.2.x does: the same fit.
    const r01x = ['0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6', '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3'];
    expect(rows).toEqual([
      ...r01x.map((r) => [`nanobot ${r}`, '2 of 4', '7 of 7', '0']),
      ['nanobot 0.2.0', '2 of 4', '7 of 7', '0'],
      ['nanobot 0.2.1', '2 of 4', '7 of 7', '0'],
      ['nanobot 0.2.2', '2 of 4', '7 of 7', '0'],
      ['nanobot v0.2', '2 of 4', '7 of 7', '0'],
      ['nanobot v0.3.0', '3 of 4', '7 of 7', '0'],
      ['nanobot main', '1 of 4', '1 of 7', '6'],
    ]);
    const line = el!.querySelector('.version-line p')!.textContent!;
    expect(line).toBe(
      'nanobot v0.3.0 (conflicting evidence: the best fit): nanobot v0.3.0’s rules apply: it fits 3 of the 4 clues, more than any other version, and lists 7 of 7 session files. Clues that fit it: a workspace sessions folder, where v0.2 and v0.3.0 keep sessions; 1 base64url name beside 6 safe_key names: v0.3.0 in mid-migration; 6 safe_key names. Against it: 1 file holds provider_state',
    );
    // Headings follow the verdict: v0.3.0's naming, not "v0.2 file names".
    expect(el!.querySelector('.naming summary')!.textContent).toBe('nanobot v0.3.0 file names (base64url; safe_key names still read)');
    expect(el!.textContent).not.toContain('not in nanobot’s list');
    expect(el!.textContent).not.toContain('ambiguous');
  });

  it('under main, chosen from the comparison: no file name becomes a channel, and badges quote the key the file stores', async () => {
    await mixedFolder();
    const use = el!.querySelector<HTMLButtonElement>('.version-conflict button[aria-label="Use nanobot main"]')!;
    await act(async () => use.click());
    await waitFor(() => activeVersion.value === 'main' && el!.querySelectorAll('.session-row .badge').length >= 6);
    const channels = [...el!.querySelectorAll('.channel-filter option')].map((o) => o.textContent!);
    expect(channels.filter((c) => c.includes('gen_small'))).toEqual([]);
    await waitFor(() => !!el!.querySelector('.session-row[data-file="fx_gen_small_000.jsonl"] .badge[title*="stored key"]'));
    const badge = el!.querySelector('.session-row[data-file="fx_gen_small_000.jsonl"] .badge[title*="stored key"]')!.getAttribute('title')!;
    expect(badge).toContain('"fx:gen_small_000"');
    expect(badge).not.toContain('"fx_gen_small_000"');
  });
});

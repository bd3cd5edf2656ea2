// @vitest-environment happy-dom
/**
 * The Context tab against nanobot's own build_messages on every golden case of every version
 * (test/turn-golden): a workspace laid out in the opened folder, the session in its sessions/, the
 * message of the case typed in. The tab's parts come in nanobot's order, from the same files, with
 * the same token counts wherever the workspace's text is the whole part; the one tab, whether the
 * session is held whole or read on its line index.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyValue } from '../../../src/core/python/pyvalue';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { openFromBytes } from '../../open-bytes';
import { ContextTab } from '../../../src/ui/session/context/ContextTab';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import { caseFor, expectedKinds, fileText, readTurnGolden, TURN_GOLDEN_VERSIONS } from '../../core/turn/golden-cases';
import { hasArchive } from '../../core/turn/nanobot-archive';
import { rememberWorkspacePath } from '../../../src/store/adapter/workspace-snapshot';
import { enc, indexedBytes, mount, NOW, unmount, waitFor, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe.each(TURN_GOLDEN_VERSIONS.flatMap((v) => [[v, 'the whole document'] as const, [v, 'the line index'] as const]))('the Context tab at %s over %s', (version, size) => {
  const golden = readTurnGolden(version);
  it.each(golden.cases.filter((c) => !c.raises).map((c) => [c.name, c] as const))('%s agrees with build_messages', async (_n, recorded) => {
    const c = caseFor(version, recorded, await loadTokenizer());
    // Without nanobot's archive its templates are stand-ins, and nanobot's total was not made with them.
    const templateFiles = !hasArchive(version) && Object.values(c.files).some((f) => typeof f === 'object' && 'template' in f);
    const a = createMemoryAdapter();
    for (const [rel, spec] of Object.entries(c.files)) {
      const parts = rel.split('/');
      for (let i = 1; i < parts.length; i++) a.mkdir(parts.slice(0, i).join('/'));
      a.setFile(rel, fileText(version, spec));
    }
    const meta = { _type: 'metadata', key: c.session.key, created_at: '2026-08-05T09:00:00', updated_at: '2026-08-05T09:01:00', metadata: c.session.metadata, last_consolidated: 0 };
    const bytes = enc([meta, ...c.session.messages].map((m) => pyDumps(m as PyValue)).join('\n') + '\n');
    const path = 'sessions/cli_direct.jsonl';
    const opened = openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
    // The workspace's absolute path, as a person gives it once: the case's own.
    rememberWorkspacePath(a, '', c.workspace);
    el = await mount(<ContextTab source={size === 'the line index' ? indexedBytes(bytes, version, path).source : wholeHost(opened).source} reader={a} params={{ message: c.current_message }} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'));
    const rows = [...el.querySelectorAll('tr.sl-turn-part')] as HTMLElement[];
    const system = rows.filter((r) => !['history', 'current-message', 'runtime-context'].includes(r.dataset.kind!));
    expect(system.map((r) => r.dataset.kind)).toEqual(expectedKinds(c));
    let at = 0;
    for (const g of c.parts) {
      if (g.kind === 'bootstrap') {
        for (const f of g.files!) {
          const r = system[at++]!;
          expect(r.dataset.sources).toBe(f.file);
          expect(Number(r.dataset.tokens)).toBe(f.tokens);
        }
        continue;
      }
      const r = system[at++]!;
      if (g.kind === 'memory' || g.kind === 'tool-contract' || (g.kind === 'recent-history' && !g.truncated)) expect(Number(r.dataset.tokens), g.kind).toBe(g.tokens);
    }
    // The total: nanobot's estimate of the joined request, within the ± the tab names (the platform line, v0.2's clock).
    const total = el.querySelector('.sl-turn-total') as HTMLElement;
    const joined = recorded.joined;
    // A folder with none of the workspace's files is no workspace to the tab: its path is then unknown, with no bound.
    if (total.dataset.spread === '') expect(el.querySelector('[data-slot="workspace-path"]')).not.toBeNull();
    else {
      expect(Number(total.dataset.spread)).toBeGreaterThan(0);
      if (joined && !templateFiles) expect(Math.abs(Number(total.dataset.total) - joined.total)).toBeLessThanOrEqual(Number(total.dataset.spread));
    }
    expect(el.querySelector('.sl-turn-placement')!.textContent).toContain(
      { 'prefixed-to-text': 'put before your text', 'appended-to-text': 'appended to your text', marker: 'kept apart with a marker', none: 'none unless a provider adds blocks' }[c.current.runtime_context]!,
    );
  });
});

// @vitest-environment happy-dom
/**
 * No file can break the views: a workspace holding generated hostile files (any JSON value in any
 * field, any line) shows every file as a row, in Sessions and Health, and every tab of the session
 * view renders for each of them.
 */
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../src/store/listing/layout';
import { openSession } from '../../src/store/save/sessions';
import { scans, scanSkipped, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { SessionView } from '../../src/ui/session/SessionView';
import { sessionFile } from '../arbitrary-files';
import { NOW, click, enc, mount, settle, unmount, waitFor, wholeHost } from './session/helpers';

const GOOD = enc('{"_type": "metadata", "key": "good:one", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}}\n{"role": "user", "content": "hello"}\n');

afterEach(async () => {
  await setWorkspace(null);
});

/** Mounts, runs `check` on the element, and always unmounts. */
async function rendered(vnode: preact.VNode, check: (el: HTMLElement) => Promise<void> | void): Promise<void> {
  const el = await mount(vnode);
  try {
    await check(el);
  } finally {
    await unmount(el);
  }
}

describe('any file through the views', () => {
  it('the workspace lists every file as a row, in Sessions and Health, and finishes loading', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sessionFile, { minLength: 1, maxLength: 2 }), async (files) => {
        const a = createMemoryAdapter();
        files.forEach((b, i) => a.setFile(`sessions/odd_${i}.jsonl`, b, 1000 + i));
        a.setFile('sessions/good_one.jsonl', GOOD, 500);
        await setWorkspace({ kind: 'demo', name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'w') });
        await waitFor(() => scans.value.size + scanSkipped.value.size === files.length + 1, 5000);
        await rendered(<WorkspaceView page="sessions" />, (el) => {
          expect(el.querySelectorAll('.session-row')).toHaveLength(files.length + 1);
          expect(el.querySelector('.session-row[data-file="good_one.jsonl"] a.row-link')!.getAttribute('href')).toBe('#/s/good%3Aone');
          for (const link of el.querySelectorAll('a.row-link')) expect(link.getAttribute('href')).toMatch(/^#\/s\//);
          expect(el.textContent).not.toContain('Reading');
        });
        await rendered(<WorkspaceView page="health" />, async (el) => {
          await waitFor(() => !el.querySelector('[aria-busy="true"]'));
          const bad = el.querySelectorAll('.health-file').length;
          const ok = el.querySelectorAll('.health-ok li').length;
          expect(bad + ok).toBe(files.length + 1);
        });
      }),
      { numRuns: 30 },
    );
  });

  // Loaded once here, so the Replay and Context tabs count tokens within the settle below.
  beforeAll(async () => {
    await loadTokenizer();
  });

  it('every tab of the session view renders, and every edit previews', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), async (bytes, version) => {
        const a = createMemoryAdapter();
        a.setFile('sessions/odd_file.jsonl', bytes, 1000);
        const o = await openSession(a, 'sessions/odd_file.jsonl', { now: NOW, version });
        for (const tab of ['conversation', 'replay', 'context', 'file', 'edit', 'export'] as const) {
          const view = <SessionView {...wholeHost(o)} opened={o} adapter={a} now={() => NOW} onSaved={() => {}} onDeleted={() => {}} onForked={() => {}} route={{ tab, params: {} }} onRoute={() => {}} />;
          await rendered(view, async (el) => {
            expect(el.querySelector('[role="tabpanel"]')).not.toBeNull();
            if (tab === 'replay') await settle(5);
            // The next request's total, or what stops nanobot building one (its get_history raising: an alert).
            if (tab === 'context') await waitFor(() => !!el.querySelector('.sl-turn-total, .sl-turn [role="alert"]') || !o.nanobot.result);
            if (tab === 'edit') for (const b of [...el.querySelectorAll('button')].filter((x) => /^Preview/.test(x.textContent ?? ''))) await click(b);
          });
        }
      }),
      { numRuns: 30 },
    );
  });
});

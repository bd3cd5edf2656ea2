// @vitest-environment happy-dom
/**
 * One count per question (issue 27): the list's badges, "Only problems", the Health tab's count and
 * the Health page's list count the same files, and `check` reports the same problem (a key that is
 * not text) as the list badges it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/cli';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../../src/store/listing/layout';
import { problemsOnly } from '../../../src/ui/workspace/filters';
import { scans, scanSkipped, setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { HealthPage } from '../../../src/ui/workspace/pages/HealthPage';
import { pageTextReady } from '../../../src/ui/i18n/text';
import { enc, mount, unmount, waitFor } from '../session/helpers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  problemsOnly.value = false;
  await setWorkspace(null);
});

const FILES: Record<string, string> = {
  // the stored key is a number: badged "key is not text"
  'a_b.jsonl': '{"_type": "metadata", "key": 12345, "updated_at": "2026-06-02T09:00:00"}\n{"role": "user", "content": "hi"}\n',
  // a warning only (a message without a role): badged "1 warning"
  'c_d.jsonl': '{"_type": "metadata", "key": "c:d", "updated_at": "2026-06-02T08:00:00"}\n{"content": "no role"}\n',
  // a broken line: damaged
  'e_f.jsonl': '{"_type": "metadata", "key": "e:f", "updated_at": "2026-06-02T07:00:00"}\n{broken\n',
  'ok.jsonl': '{"_type": "metadata", "key": "ok", "updated_at": "2026-06-01T08:00:00"}\n{"role": "user", "content": "hi"}\n',
};

describe('problem counts', () => {
  it('agree between badges, Only problems, the Health tab and the Health page', async () => {
    const a = createMemoryAdapter();
    for (const [name, text] of Object.entries(FILES)) a.setFile(`sessions/${name}`, enc(text), 1);
    await setWorkspace({ kind: 'demo', name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'w') });
    await waitFor(() => scans.value.size + scanSkipped.value.size === 4);
    el = await mount(<WorkspaceView page="sessions" />);
    const badged = [...el.querySelectorAll('.session-row')].filter((r) => r.querySelector('.badge')).map((r) => r.getAttribute('data-file'));
    expect(badged.sort()).toEqual(['a_b.jsonl', 'c_d.jsonl', 'e_f.jsonl']);
    const healthTab = el.querySelector('nav.tabs a[href="#/w/health"] .count')!.textContent;
    expect(healthTab).toBe('3');
    expect(el.querySelector('label.check span')!.textContent).toBe('Only problems (3)');
    problemsOnly.value = true;
    await waitFor(() => el!.querySelectorAll('.session-row').length === 3);
    await unmount(el);
    await pageTextReady();
    el = await mount(<HealthPage />);
    await waitFor(() => el!.querySelectorAll('.health-file').length > 0);
    const bad = [...el.querySelectorAll('ul.health-files > .health-file')];
    expect(bad.map((f) => f.querySelector('a')!.textContent).sort()).toEqual(['a_b.jsonl', 'c_d.jsonl', 'e_f.jsonl']);
  });

  it('check reports the key that is not text as the list does, and exits 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-counts-'));
    try {
      fs.mkdirSync(path.join(dir, 'sessions'));
      fs.writeFileSync(path.join(dir, 'sessions', 'a_b.jsonl'), FILES['a_b.jsonl']!);
      const lines: string[] = [];
      const code = await main(['check', dir], { log: (s) => lines.push(s) });
      expect(lines.join('\n')).toContain('sessions/a_b.jsonl:1: error: the stored key is 12345, not text');
      expect(code).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

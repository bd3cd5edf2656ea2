// @vitest-environment happy-dom
/** Large-file mode's header counts: nanobot's load in a line, the counts by role and the lines that are not records once the details are opened. */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { SessionView } from '../../../../src/ui/session/SessionView';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { indexHost, jsonl, meta, mount, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe("large-file mode's counts", () => {
  it('says the messages by role and the lines that are not records when its details are opened', async () => {
    const path = 'sessions/cli_direct.jsonl';
    const rows = [meta({}), { role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' }, { role: 'tool', tool_call_id: 'c', content: 'r' }, { role: 'user', content: 'q2' }, { role: 7, content: 'odd' }];
    const text = jsonl(rows).replace('\n', '\n{"role": "user", "content": "cut\n\n');
    const a = createMemoryAdapter();
    a.setFile(path, text);
    el = await mount(<SessionView {...await indexHost(a, path, 'v0.2')} />);
    await waitFor(() => !!el!.querySelector('[data-testid="large-counts"] details'));
    const details = el.querySelector<HTMLDetailsElement>('.sl-large-more')!;
    expect(details.textContent).not.toContain('2 user');
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(details.textContent).toContain('2 user · 1 assistant · 1 tool · 1 other');
    expect(details.textContent).toContain('2 lines that are not records');
  });
});

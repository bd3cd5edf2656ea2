// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionHostProps } from '../../src/ui/session-host';

let host: SessionHostProps | null = null;
/** Sessions the views prepared, and whether the view had been handed each one already then. */
const prepared: { path: string; shown: boolean }[] = [];
vi.mock('../../src/ui/session/SessionView', () => ({
  SessionView: (p: SessionHostProps) => {
    host = p;
    return <div class="fake-view">{p.opened?.fileName ?? p.source.stat.fileName}</div>;
  },
  prepareView: async (o: SessionHostProps['opened']) => {
    prepared.push({ path: o!.path, shown: host?.opened === o });
  },
}));

const { SessionPage } = await import('../../src/ui/SessionPage');
const { navigate, route, parseHash } = await import('../../src/ui/shell/router');
const { setWorkspace, listing } = await import('../../src/ui/workspace/model');
const { status } = await import('../../src/ui/shell/status');
const { writeFork } = await import('../../src/store/save/sessions');
const { mount, unmount, waitFor } = await import('./session/helpers');
const { demoAdapter, demoWorkspace } = await import('./shell-helpers');
const { createMemoryAdapter } = await import('../../src/store/adapter/memory-adapter');
const { setLanguage } = await import('../../src/ui/i18n/text');

let el: HTMLElement | null = null;
beforeEach(() => {
  host = null;
  prepared.length = 0;
});
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

const session = (hash: string) => parseHash(hash) as Extract<ReturnType<typeof parseHash>, { view: 'session' }>;

describe('the session host', () => {
  it('opens the file a key means and hands the view the workspace adapter, clock and route', async () => {
    const a = demoAdapter();
    await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
    el = await mount(<SessionPage r={session('#/s/telegram%3A12345?tab=replay&max_tokens=500')} />);
    await waitFor(() => host !== null);
    expect(host!.opened!.path).toBe('sessions/telegram_12345.jsonl');
    expect(prepared).toEqual([{ path: 'sessions/telegram_12345.jsonl', shown: false }]); // prepared before it was shown
    expect(host!.adapter).toBe(a);
    expect(host!.now()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(host!.route).toEqual({ tab: 'replay', params: { max_tokens: '500' } });
    expect(el.querySelector('.notice.gateway')!.textContent).toContain('Stop nanobot’s gateway first');
    host!.onRoute('file', { line: '3' });
    expect(location.hash).toBe('#/s/telegram%3A12345?tab=file&line=3');
    expect(route.value).toMatchObject({ view: 'session', key: 'telegram:12345', tab: 'file', params: { line: '3' } });
  });

  it('a key stored in another file name opens that file; an unknown key says so', async () => {
    await setWorkspace(await demoWorkspace());
    el = await mount(<SessionPage r={session('#/s/email%3Aana%40example.com')} />);
    await waitFor(() => host !== null);
    expect(host!.opened!.fileName).toBe('email_ana.jsonl');
    await unmount(el);
    el = await mount(<SessionPage r={session('#/s/nobody%3Ahere')} />);
    expect(el.querySelector('h1')!.textContent).toBe('No such session');
  });

  it('speaks Chinese: the missing session, the gateway note, the fork message', async () => {
    await setLanguage('zh-CN');
    try {
      const a = demoAdapter();
      await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
      el = await mount(<SessionPage r={session('#/s/nobody%3Ahere?file=x.jsonl')} />);
      expect(el.querySelector('h1')!.textContent).toBe('没有这个会话');
      expect(el.querySelector('.session-missing p')!.textContent).toMatch(/^.+中没有键为 nobody:here、文件名为 x\.jsonl 的会话。它可能已被删除或重命名。$/);
      expect(el.querySelector('.session-missing a')!.textContent).toBe('返回会话列表');
      await unmount(el);
      el = await mount(<SessionPage r={session('#/s/telegram%3A12345')} />);
      await waitFor(() => host !== null);
      expect(el.querySelector('.notice.gateway')!.textContent).toContain('请先停止 nanobot gateway');
      expect(el.querySelector('nav.crumbs')!.getAttribute('aria-label')).toBe('面包屑导航');
      host!.onForked('sessions/x.jsonl');
      expect(status.value?.text).toBe('分叉已写入 sessions/x.jsonl。');
      expect(el.textContent).not.toMatch(/Stop nanobot|No such session|Fork written/);
    } finally {
      await setLanguage('en');
    }
  });

  it('read-only workspaces pass adapter null', async () => {
    const ws = await demoWorkspace();
    await setWorkspace({ ...ws, kind: 'files', writable: false, readOnlyReason: 'copied' });
    el = await mount(<SessionPage r={session('#/s/cli%3Adirect')} />);
    await waitFor(() => host !== null);
    expect(host!.adapter).toBeNull();
    expect(el.querySelector('.notice.warn')!.textContent).toContain('Read-only.');
    expect(el.querySelector('.notice.gateway')).toBeNull();
  });

  it('follows a change on disk with a new opened session, and not its own save', async () => {
    const a = demoAdapter();
    await setWorkspace(await demoWorkspace(a));
    el = await mount(<SessionPage r={session('#/s/heartbeat')} />);
    await waitFor(() => host !== null);
    const first = host!.opened;
    const text = new TextDecoder().decode(a.getFile('sessions/heartbeat.jsonl')!) + '{"role": "user", "content": "from outside"}\n';
    a.setFile('sessions/heartbeat.jsonl', text);
    await waitFor(() => host!.opened !== first, 6000);
    expect(host!.opened!.recovered.messages.at(-1)!.content).toBe('from outside');
    // The view's own save: the page says so and opens the file again through its source.
    const before = host!.source;
    a.setFile('sessions/heartbeat.jsonl', text + '{"role": "user", "content": "mine"}\n');
    host!.onSaved('Saved.');
    expect(status.value?.text).toBe('Saved.');
    await waitFor(() => host!.source !== before && host!.opened!.recovered.messages.at(-1)!.content === 'mine');
    expect(host!.source.stat.size).toBe(host!.opened!.bytes.length);
  }, 15000);

  it('after a fork, offers a link to open it; after a delete, goes back to the list', async () => {
    const a = createMemoryAdapter();
    const demo = demoAdapter();
    for (const p of demo.paths()) a.setFile(p, demo.getFile(p)!, 1);
    await setWorkspace(await demoWorkspace(a));
    el = await mount(<SessionPage r={session('#/s/cli%3Adirect')} />);
    await waitFor(() => host !== null);
    const { path } = await writeFork(a, host!.opened!, 1, 'cli:fork', '2026-06-03T10:00:00');
    host!.onForked(path);
    await waitFor(() => status.value?.link?.label === 'Open the fork');
    expect(status.value!.link!.href).toBe('#/s/cli%3Afork');
    expect(listing.value!.summaries.some((s) => s.fileName === 'cli_fork.jsonl')).toBe(true);
    host!.onDeleted('Deleted.');
    expect(location.hash).toBe('#/w');
  });

  it("drops a save's reopening that ends after a link asked for the file's other reading", async () => {
    const a = demoAdapter();
    await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
    // The page as the app mounts it, following the route; `large=100` puts this small file above the line, `full=1` asks for it whole.
    const Page = () => <SessionPage r={route.value as ReturnType<typeof session>} />;
    navigate(parseHash('#/s/telegram%3A12345?large=100&full=1'));
    el = await mount(<Page />);
    await waitFor(() => host?.source.stat.kind === 'document' && !!host.opened);
    // The save's reopening waits on the file's stat until the link to large-file mode has been followed.
    const stat = a.stat.bind(a);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held = 0;
    let answered = false;
    a.stat = async (p) => {
      if (held++ > 0) return stat(p);
      await gate;
      answered = true;
      return stat(p);
    };
    host!.onSaved('Saved.');
    navigate(parseHash('#/s/telegram%3A12345?large=100'));
    await waitFor(() => host?.source.stat.kind === 'index');
    const shown = host!.source;
    release();
    // The late reopening (the whole document, the reading before the link) goes on, and changes nothing
    // (before the fix, its document replaced the index within these 300 ms).
    await waitFor(() => answered);
    await new Promise((r) => setTimeout(r, 300));
    expect(host!.source).toBe(shown);
    expect(host!.source.stat.kind).toBe('index');
  });
});

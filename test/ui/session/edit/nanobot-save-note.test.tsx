// @vitest-environment happy-dom
/** An older nanobot's saves and loads, said beside the edits and in the File tab where they apply (issue 40). */
import { afterEach, describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import { openFromBytes } from '../../../../src/store/save/sessions';
import { EditTab } from '../../../../src/ui/session/edit/EditTab';
import { FileTab } from '../../../../src/ui/session/file/FileTab';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { NOW, enc, jsonl, meta, mount, unmount, waitFor, indexOpener, wholeHost } from '../helpers';
import { LargeEdit } from '../../../../src/ui/session/large/edit/LargeEdit';
import { indexBytes } from '../../../../src/core/index/line-index';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';

let el: HTMLElement | null = null;
afterEach(async () => {
  await setLanguage('en');
  if (el) await unmount(el);
  el = null;
});

const PATH = 'sessions/cli_direct.jsonl';
const GOOD = jsonl([meta(), { role: 'user', content: 'first' }, { role: 'assistant', content: 'answer' }]);
const BAD = GOOD + '{"role": "user", "content": \n';

function opened(version: NanobotVersion, text = GOOD) {
  const bytes = enc(text);
  return openFromBytes(PATH, bytes, { path: PATH, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
}
const note = (root: HTMLElement) => [...root.querySelectorAll('.nanobot-save-note p')].map((p) => p.textContent);

describe('beside the edits', () => {
  it('says where a save is not atomic and where a failed load empties the session, from the table rows', async () => {
    const warned: NanobotVersion[] = [];
    for (const v of NANOBOT_VERSIONS) {
      el = await mount(<EditTab opened={opened(v)} adapter={null} now={() => NOW} onForked={() => {}} onChanged={() => {}} />);
      const r = rulesOf(v);
      expect(note(el).length, v).toBe(Number(!r.atomicSave) + Number(r.loadFailure === 'empty-session'));
      if (note(el).length) warned.push(v);
      await unmount(el);
      el = null;
    }
    // Every release before atomic saves and the repair pass (0.1.5.post2) is warned; none after.
    expect(warned).toEqual(NANOBOT_VERSIONS.slice(0, NANOBOT_VERSIONS.indexOf('0.1.5.post2')));
    el = await mount(<EditTab opened={opened('0.1.4.post3')} adapter={null} now={() => NOW} onForked={() => {}} onChanged={() => {}} />);
    expect(note(el)[0]).toMatch(/^nanobot 0\.1\.4\.post3 rewrites a session file in place, not through a temporary file/);
    expect(note(el)[1]).toMatch(/^nanobot 0\.1\.4\.post3 has no repair: one bad line/);
  });

  it('in Chinese too', async () => {
    await setLanguage('zh-CN');
    el = await mount(<EditTab opened={opened('0.1.4')} adapter={null} now={() => NOW} onForked={() => {}} onChanged={() => {}} />);
    expect(note(el)[0]).toMatch(/^nanobot 0\.1\.4 直接改写会话文件/);
    expect(note(el)[1]).toMatch(/^nanobot 0\.1\.4 没有修复流程/);
  });
});

describe('in the File tab', () => {
  const file = async (v: NanobotVersion, text: string) => {
    const root = await mount(<FileTab source={wholeHost(opened(v, text)).source} line={null} />);
    // The note is drawn with the tab's lenses, once nanobot's load is in.
    await waitFor(() => !!root.querySelector('.sl-lenses'));
    return root;
  };

  it('a file with a bad line: an older nanobot empties it at its next save; one with the repair pass does not', async () => {
    el = await file('0.1.5.post1', BAD);
    expect(note(el)).toEqual([expect.stringMatching(/^nanobot 0\.1\.5\.post1 cannot load this file as it is: it starts an empty session instead, and its next save writes that over the file/)]);
    await unmount(el);
    el = await file('0.1.5.post2', BAD);
    expect(note(el)).toEqual([]);
    await unmount(el);
    el = await file('0.1.4', GOOD);
    expect(note(el)).toEqual([]);
  });
});

describe("in large-file mode's edits", () => {
  it('says the same beside them', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, GOOD);
    const file = await a.file!(PATH);
    const index = indexBytes(enc(GOOD), '0.1.5');
    for (const [v, n] of [['0.1.5', 2], ['0.2.1', 0]] as const) {
      el = await mount(<LargeEdit file={file} index={index} stat={await a.stat(PATH)} path={PATH} fileName="cli_direct.jsonl" version={v} adapter={a} open={indexOpener(a, PATH, v)} now={() => NOW} onSaved={() => {}} onReload={() => {}} onDeleted={() => {}} />);
      await waitFor(() => !!el!.querySelector('#sl-large-ed-trim-h'));
      expect([v, note(el).length]).toEqual([v, n]);
      await unmount(el);
      el = null;
    }
  });
});

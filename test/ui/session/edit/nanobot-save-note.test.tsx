// @vitest-environment happy-dom
/** An older nanobot's saves and loads, said beside the edits and in the File tab where they apply (issue 40). */
import { afterEach, describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import { openFromBytes } from '../../../open-bytes';
import { FileTab } from '../../../../src/ui/session/file/FileTab';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { NOW, enc, jsonl, meta, mount, unmount, waitFor, wholeHost } from '../helpers';
import { setupEdit } from './harness';

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
      el = (await setupEdit(GOOD, 'document', { readOnly: true, version: v })).el;
      const r = rulesOf(v);
      expect(note(el).length, v).toBe(Number(!r.atomicSave) + Number(r.loadFailure === 'empty-session'));
      if (note(el).length) warned.push(v);
      await unmount(el);
      el = null;
    }
    // Every release before atomic saves and the repair pass (0.1.5.post2) is warned; none after.
    expect(warned).toEqual(NANOBOT_VERSIONS.slice(0, NANOBOT_VERSIONS.indexOf('0.1.5.post2')));
    el = (await setupEdit(GOOD, 'document', { readOnly: true, version: '0.1.4.post3' })).el;
    expect(note(el)[0]).toMatch(/^nanobot 0\.1\.4\.post3 rewrites a session file in place, not through a temporary file/);
    expect(note(el)[1]).toMatch(/^nanobot 0\.1\.4\.post3 has no repair: one bad line/);
  });

  it('in Chinese too', async () => {
    await setLanguage('zh-CN');
    el = (await setupEdit(GOOD, 'document', { readOnly: true, version: '0.1.4' })).el;
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

describe('over the line index', () => {
  it('says the same beside the edits', async () => {
    for (const [v, n] of [['0.1.5', 2], ['0.2.1', 0]] as const) {
      el = (await setupEdit(GOOD, 'index', { version: v })).el;
      expect([v, note(el).length]).toEqual([v, n]);
      await unmount(el);
      el = null;
    }
  });
});

// @vitest-environment happy-dom
/** The version override lists every release by its pip name and date; links naming one by its tag work too (issue 40). */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { NANOBOT_VERSIONS } from '../../../src/core/nanobot/nanobot-version';
import { navigate } from '../../../src/ui/shell/router';
import { activeVersion, setWorkspace } from '../../../src/ui/workspace/model';
import { VersionLine } from '../../../src/ui/workspace/version/VersionLine';
import { mount, unmount } from '../session/helpers';
import { demoWorkspace } from '../shell-helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  navigate({ view: 'workspace', page: 'sessions', params: {} }, { replace: true });
  await act(() => setWorkspace(null));
});

describe('the version override', () => {
  it('offers every release by its pip name and date, and the two commits', async () => {
    await setWorkspace(await demoWorkspace());
    el = await mount(<VersionLine />);
    const options = [...el.querySelectorAll('.version-picker option')].map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options.slice(1)).toEqual(NANOBOT_VERSIONS.map((v) => [v, expect.stringMatching(new RegExp(`^nanobot ${v.replace(/\./g, '\\.')} \\(\\d{4}-\\d\\d-\\d\\d\\)$`))]));
    expect(options.find(([v]) => v === '0.1.4.post3')![1]).toBe('nanobot 0.1.4.post3 (2026-02-28)');
  });

  it('a link naming a release by its pip name, its tag or an old name keeps working; an unknown one is the detected version', async () => {
    for (const [linked, active] of [['0.1.4.post3', '0.1.4.post3'], ['v0.1.4.post3', '0.1.4.post3'], ['v0.2.1', '0.2.1'], ['v0.2', 'v0.2'], ['main', 'main']]) {
      navigate({ view: 'workspace', page: 'sessions', params: { nanobot: linked! } }, { replace: true });
      await setWorkspace(await demoWorkspace());
      expect([linked, activeVersion.value]).toEqual([linked, active]);
    }
    navigate({ view: 'workspace', page: 'sessions', params: { nanobot: 'v9' } }, { replace: true });
    await setWorkspace(await demoWorkspace());
    expect(activeVersion.value).not.toBe('v9');
    expect(NANOBOT_VERSIONS).toContain(activeVersion.value);
  });
});

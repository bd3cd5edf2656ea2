// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { StartScreen } from '../../src/ui/start/StartScreen';
import { mount, unmount } from './session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
});

const buttons = () => [...el!.querySelectorAll('button')].map((b) => b.textContent);

describe('start screen', () => {
  it('offers Open folder, a file, and the demo where the File System Access API exists', async () => {
    (window as { showDirectoryPicker?: unknown }).showDirectoryPicker = async () => {
      throw new Error('not in tests');
    };
    el = await mount(<StartScreen />);
    expect(buttons()).toEqual(['Open folder…', 'Open a .jsonl file…', 'Try the demo', 'Try the nanobot main demo']);
    expect(el.textContent).toContain('drop a workspace folder');
  });

  it('without the API: a read-only folder input (webkitdirectory) and a plain notice', async () => {
    el = await mount(<StartScreen />);
    expect(buttons()[0]).toBe('Choose folder (read-only)…');
    expect(el.querySelector('#folder-input')!.hasAttribute('webkitdirectory')).toBe(true);
    expect(el.querySelector('.notice')!.textContent).toMatch(/no File System Access API.*read-only.*downloads/);
  });
});

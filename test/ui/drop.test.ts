// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { collectDrop, installDropZone, type Dropped } from '../../src/ui/open/drop';

function item(kind: string, handle?: FileSystemHandle | null, entry?: object | null) {
  const it: Record<string, unknown> = { kind };
  if (handle !== undefined) it.getAsFileSystemHandle = vi.fn(() => Promise.resolve(handle));
  if (entry !== undefined) it.webkitGetAsEntry = vi.fn(() => entry);
  return it;
}

const dt = (items: object[], files: File[] = []) => ({ items, files, types: ['Files'] }) as unknown as DataTransfer;

describe('dropping onto the page', () => {
  it('calls getAsFileSystemHandle synchronously for every file item, and prefers a folder', async () => {
    const dir = { kind: 'directory', name: 'ws' } as FileSystemHandle;
    const file = { kind: 'file', name: 'a.jsonl', getFile: async () => new File(['x'], 'a.jsonl') } as unknown as FileSystemHandle;
    const items = [item('file', file), item('string'), item('file', dir)];
    const p = collectDrop(dt(items));
    // Before any await: both file items were asked, the string item was not.
    expect(items[0]!.getAsFileSystemHandle).toHaveBeenCalledTimes(1);
    expect(items[2]!.getAsFileSystemHandle).toHaveBeenCalledTimes(1);
    expect(items[1]!.getAsFileSystemHandle).toBeUndefined();
    expect(await p).toEqual({ kind: 'directory', handle: dir });
  });

  it('a single file handle gives its File', async () => {
    const f = new File(['{}\n'], 'x.jsonl');
    const handle = { kind: 'file', getFile: async () => f } as unknown as FileSystemHandle;
    expect(await collectDrop(dt([item('file', handle)]))).toEqual({ kind: 'file', file: f });
  });

  it('without the File System Access API, reads a dropped folder through entries (relevant files only)', async () => {
    const fileEntry = (name: string) => ({ name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([name], name)) });
    const dirEntry = (name: string, children: object[]) => ({
      name,
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let done = false;
        return { readEntries: (ok: (e: object[]) => void) => ok(done ? [] : ((done = true), children)) };
      },
    });
    const root = dirEntry('ws', [dirEntry('sessions', [fileEntry('a.jsonl'), fileEntry('a.jsonl.tmp'), fileEntry('notes.txt')]), dirEntry('node_modules', [fileEntry('x.jsonl')]), fileEntry('AGENTS.md')]);
    const d = (await collectDrop(dt([item('file', undefined, root)]))) as Extract<Dropped, { kind: 'files' }>;
    expect(d.kind).toBe('files');
    expect(d.rootName).toBe('ws');
    expect(d.files.map((f) => f.path)).toEqual(['ws/sessions/a.jsonl', 'ws/sessions/a.jsonl.tmp']);
  });

  it('falls back to the plain Files list', async () => {
    const f = new File(['x'], 'x.jsonl');
    expect(await collectDrop(dt([], [f]))).toEqual({ kind: 'file', file: f });
    expect(await collectDrop(dt([]))).toEqual({ kind: 'nothing' });
  });

  it('prevents the browser default on dragenter, dragover and drop, and reports hovering', () => {
    const target = new EventTarget();
    const drops: Promise<Dropped>[] = [];
    const hover: boolean[] = [];
    const stop = installDropZone(target, (d) => drops.push(d), (h) => hover.push(h));
    const fire = (type: string) => {
      const e = new Event(type, { cancelable: true }) as Event & { dataTransfer: DataTransfer };
      Object.defineProperty(e, 'dataTransfer', { value: dt([]) });
      target.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(fire('dragenter')).toBe(true);
    expect(fire('dragover')).toBe(true);
    expect(fire('drop')).toBe(true);
    expect(hover).toEqual([true, false]);
    expect(drops).toHaveLength(1);
    stop();
    expect(fire('dragover')).toBe(false);
  });
});

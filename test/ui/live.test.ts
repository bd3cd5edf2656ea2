// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { FOLDER_POLL_MS, folderSignature, watchFolder } from '../../src/ui/open/live';
import { FILE_POLL_MS, watchFile } from '../../src/ui/open/live-file';

afterEach(() => vi.useRealTimers());

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('live changes', () => {
  it('polls a file every ~2 s and reports a change of size or mtime once', async () => {
    vi.useFakeTimers();
    const a = createMemoryAdapter();
    a.setFile('s/a.jsonl', 'one\n', 1000);
    const onChange = vi.fn();
    const w = watchFile({ adapter: a, path: 's/a.jsonl' }, { size: 4, lastModified: 1000 }, onChange);
    await vi.advanceTimersByTimeAsync(FILE_POLL_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
    a.setFile('s/a.jsonl', 'one\ntwo\n', 2000);
    await vi.advanceTimersByTimeAsync(FILE_POLL_MS);
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FILE_POLL_MS * 2);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.stop();
  });

  it("does not report the app's own save: busy defers, setKnown absorbs it", async () => {
    vi.useFakeTimers();
    const a = createMemoryAdapter();
    a.setFile('a.jsonl', 'x\n', 1000);
    let busy = true;
    const onChange = vi.fn();
    const w = watchFile({ adapter: a, path: 'a.jsonl' }, { size: 2, lastModified: 1000 }, onChange, () => busy);
    a.setFile('a.jsonl', 'xy\n', 3000);
    await vi.advanceTimersByTimeAsync(FILE_POLL_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
    w.setKnown({ size: 3, lastModified: 3000 });
    busy = false;
    await vi.advanceTimersByTimeAsync(FILE_POLL_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
    w.stop();
  });

  it('reports a folder change against the signature the listing was read at', async () => {
    vi.useFakeTimers();
    const a = createMemoryAdapter();
    a.setFile('sessions/a.jsonl', 'x\n', 1000);
    const listed = await folderSignature(a, 'sessions');
    a.setFile('sessions/b.jsonl', 'y\n', 2000); // before the watch starts: still noticed
    const onChange = vi.fn();
    const stop = watchFolder({ adapter: a, path: 'sessions' }, () => listed, onChange);
    await vi.advanceTimersByTimeAsync(FOLDER_POLL_MS + 500);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });
});

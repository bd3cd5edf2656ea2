// @vitest-environment happy-dom
/**
 * "Two lenses on this file" at both sizes: the full view's File tab and large-file mode's say the
 * same of the same file (nanobot's load path, what it skips, its times and metadata; the recovered
 * lens's counts and problems).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { indexBytes } from '../../../../src/core/index/line-index';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import { openFromBytes } from '../../../../src/store/save/sessions';
import { loadLarge } from '../../../../src/store/large/large-load';
import { FileTab } from '../../../../src/ui/session/file/FileTab';
import { LargeFile } from '../../../../src/ui/session/large/LargeFile';
import { enc, mount, NOW, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {"title": "t"}, "last_consolidated": 1}';
const msg = (i: number) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` });
const lines = (rows: string[]) => enc(rows.join('\n') + '\n');

const FILES: [string, Uint8Array, NanobotVersion][] = [
  ['clean', lines([META, msg(0), msg(1), msg(2)]), 'v0.2'],
  ['repaired', lines([META, msg(0), '{"role": "user", "content": x}', msg(1), '\ufeff' + msg(2), '{corrupt', '', msg(3)]), 'v0.2'],
  ['no times', lines(['{"_type": "metadata", "key": "cli:direct", "metadata": [], "last_consolidated": 0}', msg(0)]), 'v0.3.0'],
  ['not UTF-8', new Uint8Array([...lines([META, msg(0)]), ...enc('{"role":"user","content":"caf'), 0xff, 10]), 'main'],
  ['two metadata', lines([msg(0), META, msg(1), META]), 'main'],
  ['too deep', lines([META, msg(0), `{"role": "user", "content": ${'['.repeat(1200)}${']'.repeat(1200)}}`]), 'v0.3.0'],
];

/** The "Two lenses" section's text for `bytes` in the full view. */
async function whole(bytes: Uint8Array, version: NanobotVersion): Promise<string> {
  const path = 'sessions/cli_direct.jsonl';
  const o = openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
  el = await mount(<FileTab opened={o} line={null} onLine={() => {}} />);
  const text = el.querySelector('.sl-lenses')!.textContent!;
  await unmount(el);
  el = null;
  return text;
}

/** The same section in large-file mode (the index, nanobot's load over it, the diagnostics read back). */
async function large(bytes: Uint8Array, version: NanobotVersion): Promise<string> {
  const index = indexBytes(bytes, version);
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const load = await loadLarge(file, index, version, NOW, 'cli_direct.jsonl');
  el = await mount(<LargeFile file={file} index={index} load={load} version={version} fileName="cli_direct.jsonl" line={null} />);
  await waitFor(() => !!el!.querySelector('.sl-lenses') && !el!.querySelector('.sl-lenses [aria-busy="true"]'));
  return el.querySelector('.sl-lenses')!.textContent!;
}

describe('"Two lenses on this file" at every size', () => {
  for (const [name, bytes, version] of FILES) {
    it(`says the same of a ${name} file (${version}) in the full view and in large-file mode`, async () => {
      const want = await whole(bytes, version);
      expect(want).toContain('Two lenses on this file');
      expect(await large(bytes, version)).toBe(want);
    });
  }
});

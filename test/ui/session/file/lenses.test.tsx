// @vitest-environment happy-dom
/**
 * "Two lenses on this file" at both sizes: the one File tab over the whole document's source and
 * over the line index's says the same of the same file (nanobot's load path, what it skips, its
 * times and metadata; the recovered lens's counts and problems).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import type { SessionSource } from '../../../../src/store/source/session-source';
import { FileTab } from '../../../../src/ui/session/file/FileTab';
import { enc, indexedBytes, mount, unmount, waitFor, wholeBytes } from '../helpers';

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

/** The "Two lenses" section's text as the File tab over `source` says it, once the diagnostics are counted. */
async function lenses(source: SessionSource): Promise<string> {
  el = await mount(<FileTab source={source} line={null} />);
  await waitFor(() => !!el!.querySelector('.sl-lenses') && !el!.querySelector('.sl-lenses [aria-busy="true"]'));
  const text = el.querySelector('.sl-lenses')!.textContent!;
  await unmount(el);
  el = null;
  return text;
}

describe('"Two lenses on this file" at every size', () => {
  for (const [name, bytes, version] of FILES) {
    it(`says the same of a ${name} file (${version}) read whole and on its line index`, async () => {
      const path = 'sessions/cli_direct.jsonl';
      const want = await lenses(wholeBytes(bytes, version, path));
      expect(want).toContain('Two lenses on this file');
      expect(await lenses(indexedBytes(bytes, version, path).source)).toBe(want);
    });
  }
});

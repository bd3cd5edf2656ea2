/**
 * nanobot's bundled templates read at test time from its source archive in ../shared/nanobot
 * (never stored in this repository): the golden cases name a template and the test rebuilds the
 * workspace file from it. A plain ustar reader over the gunzipped archive.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const archives = new Map<NanobotVersion, Map<string, Uint8Array>>();

function files(version: NanobotVersion): Map<string, Uint8Array> {
  let map = archives.get(version);
  if (map) return map;
  const tar = gunzipSync(readFileSync(resolve(REPO_ROOT, '..', 'shared', 'nanobot', `nanobot-${version}.tar.gz`)));
  map = new Map();
  const text = (from: number, len: number) => new TextDecoder().decode(tar.subarray(from, from + len)).replace(/\0.*$/s, '');
  let longName: string | null = null;
  for (let off = 0; off + 512 <= tar.length; ) {
    const name = text(off, 100);
    if (!name) break;
    const size = parseInt(text(off + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[off + 156]!);
    const prefix = text(off + 345, 155);
    const body = tar.subarray(off + 512, off + 512 + size);
    if (type === 'L') longName = new TextDecoder().decode(body).replace(/\0.*$/s, '');
    else if (type === 'x' || type === 'g') {
      const m = /\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(body));
      if (m) longName = m[1]!;
    } else {
      const full = longName ?? (prefix ? `${prefix}/${name}` : name);
      longName = null;
      if (type === '0' || type === '\0') map.set(full.replace(/^[^/]+\//, ''), body);
    }
    off += 512 + Math.ceil(size / 512) * 512;
  }
  archives.set(version, map);
  return map;
}

/** A bundled template's text (`AGENTS.md`, `memory/MEMORY.md`, `legacy/SOUL.md`) at a version. */
export function nanobotTemplate(version: NanobotVersion, name: string): string {
  const bytes = files(version).get(`nanobot/templates/${name}`);
  if (!bytes) throw new Error(`no template ${name} in nanobot ${version}`);
  return new TextDecoder().decode(bytes);
}

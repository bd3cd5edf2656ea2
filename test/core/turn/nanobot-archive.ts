/**
 * nanobot's bundled templates read at test time from its source archive in ../shared/nanobot
 * (never stored in this repository): the golden cases name a template and the test rebuilds the
 * workspace file from it. A plain ustar reader over the gunzipped archive.
 *
 * A clone without ../shared has no archive, and this repository may not hold nanobot's texts. There
 * the tests run on stand-ins: a text of our own per template, whose hash and token counts replace the
 * version table's template figures for the test file's run, so the untouched-template rules still
 * run (left out, kept, legacy SOUL replaced); the figures that depend on the text are recomputed over
 * the stand-in (`caseFor` in golden-cases.ts). The recorded figures are checked only with the archive.
 */
import { turnRulesOf, type TemplateName } from '../../../src/core/turn/turn-rules';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';

import { pyStrip } from '../../../src/core/python/pytext';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';
import { sha256Text } from '../../../src/core/turn/sha256';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
// A release's archive is named by its tag (nanobot-v0.2.1.tar.gz); v0.2, v0.3.0 and main by their own names.
const archivePath = (v: NanobotVersion) => resolve(REPO_ROOT, '..', 'shared', 'nanobot', `nanobot-${/^\d/.test(v) ? 'v' : ''}${v}.tar.gz`);

/** True when nanobot's source archive is beside the repository (GOLDEN_FROM_PACK=1 acts as a clone without it). */
export function hasArchive(version: NanobotVersion): boolean {
  return !process.env.GOLDEN_FROM_PACK && existsSync(archivePath(version));
}

/** The version table's template figures as recorded from nanobot's code, before any stand-in replaced them. */
const RECORDED = new Map(NANOBOT_VERSIONS.map((v) => [v, structuredClone(turnRulesOf(v).templates)]));
export const recordedTemplates = (v: NanobotVersion) => RECORDED.get(v)!;

/** Our own text standing in for a template where nanobot's archive is absent. */
export function standIn(name: string): string {
  return `# ${name}\n\nA stand-in written for Session Lens's tests, used where nanobot's own ${name} is not at hand.\n\n- first point\n- second point\n`;
}

/** The table's section figure for a template file, as the system prompt holds it (`## NAME` then the text). */
export const sectionText = (name: string, text: string) => `## ${name}\n\n${text}`;

/** Without the archive: the version table's template figures become the stand-ins' for this test file (idempotent). */
export function useStandIns(version: NanobotVersion, count: TextTokenCounter): void {
  if (hasArchive(version)) return;
  const templates = turnRulesOf(version).templates;
  for (const name of Object.keys(templates) as TemplateName[]) {
    const text = standIn(name);
    const shown = name === 'legacy/SOUL.md' ? 'SOUL.md' : name;
    templates[name] = { sha256: sha256Text(pyStrip(text)), tokens: count(text) as number, sectionTokens: count(sectionText(shown, text)) as number };
  }
}

/** A template's text: nanobot's own with the archive, the stand-in without it. */
export function templateText(version: NanobotVersion, name: string): string {
  return hasArchive(version) ? nanobotTemplate(version, name) : standIn(name);
}
const archives = new Map<NanobotVersion, Map<string, Uint8Array>>();

function files(version: NanobotVersion): Map<string, Uint8Array> {
  let map = archives.get(version);
  if (map) return map;
  const tar = gunzipSync(readFileSync(archivePath(version)));
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

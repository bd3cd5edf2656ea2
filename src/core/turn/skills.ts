/**
 * A workspace's skills (`skills/<name>/SKILL.md`) as nanobot's `SkillsLoader` reads them: the
 * frontmatter's name, description and `always` flag, the body without the frontmatter. nanobot
 * parses the frontmatter with `yaml.safe_load`; this reads the flat `key: value` form skills are
 * written in, and says `unsure` for anything else (nested blocks, lists), so the view never claims
 * an exactness it does not have.
 */
import { pyStrip } from '../python/pytext';

export interface SkillMeta {
  description: string | null;
  always: boolean;
  /** Requirements (bins, env) named: whether they are met depends on the machine nanobot runs on. */
  requires: boolean;
  /** The frontmatter held something this reader does not follow (nested YAML): counts may differ. */
  unsure: boolean;
  /** Has a frontmatter at all. */
  frontmatter: boolean;
}

const FRONTMATTER = /^---\s*\r?\n([\s\S]*?)\r?\n---\s*\r?\n?/;
const YAML_TRUE = new Set(['true', 'True', 'TRUE', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'y', 'Y']);

function scalar(raw: string): { value: string | boolean; unsure: boolean } {
  let v = raw.trim();
  const hash = v.search(/\s#/);
  if (hash >= 0 && !/^["']/.test(v)) v = v.slice(0, hash).trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(v)) {
    try {
      return { value: JSON.parse(v) as string, unsure: false };
    } catch {
      return { value: v.slice(1, -1), unsure: true };
    }
  }
  if (/^'(?:[^']|'')*'$/.test(v)) return { value: v.slice(1, -1).replaceAll("''", "'"), unsure: false };
  if (YAML_TRUE.has(v)) return { value: true, unsure: false };
  if (/^(?:false|False|FALSE|no|No|NO|off|Off|OFF|n|N|null|Null|NULL|~|)$/.test(v)) return { value: false, unsure: v !== '' && !/^(?:false|False|FALSE)$/.test(v) };
  return { value: v, unsure: /^[[{&*!|>%@`]/.test(v) };
}

/** A skill's frontmatter, read as far as the flat form goes. */
export function skillMeta(text: string): SkillMeta {
  const m = text.startsWith('---') ? FRONTMATTER.exec(text) : null;
  if (!m) return { description: null, always: false, requires: false, unsure: false, frontmatter: false };
  let description: string | null = null;
  let always = false;
  let requires = false;
  let unsure = false;
  for (const line of m[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const kv = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*))?$/.exec(line);
    if (!kv) {
      unsure = true;
      continue;
    }
    const key = kv[1]!;
    const raw = kv[2] ?? '';
    if (key === 'metadata') {
      // nanobot's own block: {"nanobot": {"always": true, "requires": {...}}} as JSON text or YAML.
      try {
        const data = JSON.parse(raw.trim()) as Record<string, unknown>;
        const payload = (data?.nanobot ?? data?.openclaw ?? {}) as Record<string, unknown>;
        if (payload?.always) always = true;
        if (payload?.requires) requires = true;
      } catch {
        unsure = true;
      }
      continue;
    }
    const s = scalar(raw);
    unsure ||= s.unsure;
    if (key === 'description') description = typeof s.value === 'string' ? s.value : null;
    else if (key === 'always') always ||= s.value === true || (typeof s.value === 'string' && s.value !== '');
    else if (key === 'requires') requires = true;
  }
  return { description, always, requires, unsure, frontmatter: true };
}

/** The body nanobot loads for an active skill: the frontmatter removed and the rest stripped. */
export function skillBody(text: string): string {
  if (!text.startsWith('---')) return text;
  const m = FRONTMATTER.exec(text);
  return m ? pyStrip(text.slice(m[0].length)) : text;
}

/** The description the summary shows: the frontmatter's, or the skill's name. */
export function skillDescription(name: string, meta: SkillMeta): string {
  return meta.description ? meta.description : name;
}

/**
 * The turn's golden cases (test/turn-golden/<version>.json, made by scripts/turn-golden.py with
 * nanobot's own code) and the workspace files they describe, rebuilt as the script wrote them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict, PyValue } from '../../../src/core/python/pyvalue';
import type { TextTokenCounter } from '../../../src/core/tokens/tokens';
import { sha256Text } from '../../../src/core/turn/sha256';
import { hasArchive, sectionText, templateText, useStandIns } from './nanobot-archive';

export type FileSpec =
  | string
  | { template: string; before: string; after: string }
  | { repeat: string; times: number }
  | { history: { count: number; key: string; words: string; times: number } };

export interface GoldenPart {
  kind: string;
  tokens: number;
  sha256: string;
  files?: { file: string; tokens: number; sha256: string; builtin_text: boolean }[];
  workspace_tokens?: number;
  workspace_sha256?: string | null;
  workspace_skills?: string[];
  cursors?: number[];
  truncated?: boolean;
  uncut_tokens?: number;
  summary_tokens?: number;
}

export interface GoldenCase {
  name: string;
  workspace: string;
  files: Record<string, FileSpec>;
  session: { key: string; messages: PyDict[]; metadata: PyDict };
  history_kwargs: { max_messages?: number; include_timestamps?: boolean };
  current_message: string;
  history: PyDict[];
  built_history: PyDict[];
  current: { role: string; merged_into_history: boolean; runtime_context: string; visible: PyValue; runtime_tokens?: number; clock_in_block?: boolean; summary_in_block?: boolean; skills?: string[]; skills_tokens?: number; sources?: string[] };
  system_tokens: number;
  parts: GoldenPart[];
  /** (0.1.5: reading an archive with a line that is not an object raises, though the prompt never reads it: `raises`, no entries.) */
  archive: null | { dream_cursor: number; entries: { cursor: number; session_key: string | null }[]; unprocessed: number[]; raises?: string };
  /** The exception nanobot raised building the request (then nothing else is recorded). */
  raises?: string;
  /** The request built for a `cli:direct` session at the script's fixed clock, and nanobot's estimate of it. */
  joined?: JoinedRequest;
  /** The same request for sessions of other channels (`channel:chat_id`). */
  joined_keys?: JoinedRequest[];
}

/** A request the agent loop builds at the script's fixed clock, and nanobot's estimate of it. */
export interface JoinedRequest {
  key: string;
  channel: string;
  chat_id: string | null;
  now: string;
  clock: string | null;
  messages: number;
  total: number;
}

export interface Golden {
  version: NanobotVersion;
  figures: {
    templates: Record<string, { sha256: string; tokens: number; section_tokens: number }>;
    identity: number;
    identity_workspace_slots: number;
    tool_contract: number | null;
    recent_history_cap?: { chars: number } | { tokens: number } | null;
    skills_section: number;
    builtin_active_skills: string[];
    builtin_active_skills_tokens: number;
    builtin_skills_summary_tokens: number;
    runtime_frame: number | null;
    explicit_skills_frame: number | null;
    builtin_skills: string[];
  };
  cases: GoldenCase[];
  /** The platform line of the machine the cases were made on. */
  runtime: string;
  joined_figures: {
    identity: number[];
    format_hints: Record<string, number>;
    identity_slots: number;
    identity_sep: number;
    identity_windows: number;
    tool_contract_sep: number | null;
    soul_sep: number;
    builtin_active: Record<string, number>;
    skills_head: number;
    builtin_summary: { tokens: number; sep: number; nl: number };
    clock_frame: { chat: number; no_chat: number } | null;
    summary_frame: number | null;
    runtime_summary_frame?: { chat: number; no_chat: number } | null;
    clock_prefix_sep?: { chat: number; no_chat: number } | null;
    xml_skills?: { open: number; close: number } | null;
    explicit_skills: { head: number; tail: number } | null;
  };
}

const DIR = resolve(import.meta.dirname, '../../turn-golden');

/**
 * The versions with turn cases. The pip releases are not among them: scripts/turn-golden.py's cases call
 * what 0.2.0 and 0.2.1 lack (they raise), and their figures, measured at each tag, are in the turn table.
 */
export const TURN_GOLDEN_VERSIONS = NANOBOT_VERSIONS.filter((v) => existsSync(resolve(DIR, `${v}.json`)));

export function readTurnGolden(v: NanobotVersion): Golden {
  return JSON.parse(readFileSync(resolve(DIR, `${v}.json`), 'utf8')) as Golden;
}

/** The recipe for a long history.jsonl, as scripts/turn-golden.py writes it (json.dumps, ensure_ascii=False). */
function longHistory(spec: { count: number; key: string; words: string; times: number }): string {
  const lines: string[] = [];
  for (let i = 1; i <= spec.count; i++) {
    const ts = `2026-08-${String(1 + (i % 28)).padStart(2, '0')} 08:00`;
    lines.push(pyDumps({ cursor: i, timestamp: ts, content: spec.words.repeat(spec.times) + `#${i}`, session_key: spec.key }));
  }
  return lines.join('\n') + '\n';
}

/** A workspace file's text from its recipe (templates from nanobot's archive in ../shared, else stand-ins). */
export function fileText(version: NanobotVersion, spec: FileSpec): string {
  if (typeof spec === 'string') return spec;
  if ('template' in spec) return spec.before + templateText(version, spec.template) + spec.after;
  if ('repeat' in spec) return spec.repeat.repeat(spec.times);
  return longHistory(spec.history);
}

const fromTemplate = (spec: FileSpec | undefined) => typeof spec === 'object' && 'template' in spec;

/**
 * The case as a test checks it: as nanobot recorded it, or, without nanobot's archive, with its
 * template files built from stand-ins (the table's template figures replaced to match) and the
 * figures of the parts holding their text counted again; every decision stays nanobot's.
 */
export function caseFor(version: NanobotVersion, c: GoldenCase, count: TextTokenCounter): GoldenCase {
  if (hasArchive(version) || !Object.values(c.files).some(fromTemplate)) return c;
  useStandIns(version, count);
  const out = structuredClone(c);
  const counted = (text: string) => ({ tokens: count(text) as number, sha256: sha256Text(text) });
  for (const part of out.parts) {
    if (part.kind === 'bootstrap') {
      for (const f of part.files!) {
        if (!fromTemplate(c.files[f.file])) continue;
        const figures = f.builtin_text ? { tokens: count(sectionText('SOUL.md', templateText(version, 'SOUL.md'))) as number } : counted(sectionText(f.file, fileText(version, c.files[f.file]!)));
        Object.assign(f, figures);
      }
    } else if (part.kind === 'memory' && fromTemplate(c.files['memory/MEMORY.md'])) {
      Object.assign(part, counted(`# Memory\n\n## Long-term Memory\n${fileText(version, c.files['memory/MEMORY.md']!)}`));
    }
  }
  return out;
}

/** The system prompt's part kinds nanobot built, one bootstrap part per file. */
export function expectedKinds(c: GoldenCase): string[] {
  return c.parts.flatMap((p) => (p.kind === 'bootstrap' ? p.files!.map(() => 'bootstrap') : [p.kind]));
}

/** What the stand-ins change in nanobot's total: their parts' tokens over the recorded ones (0 with the archive). */
export function standInShift(recorded: GoldenCase, c: GoldenCase): number {
  let shift = 0;
  recorded.parts.forEach((p, i) => {
    const q = c.parts[i]!;
    if (p.kind === 'bootstrap') p.files!.forEach((f, k) => (shift += q.files![k]!.tokens - f.tokens));
    else shift += q.tokens - p.tokens;
  });
  return shift;
}

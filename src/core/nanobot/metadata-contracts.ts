/**
 * The shapes nanobot writes into a session's `metadata` for its own keys (spec, session contract
 * §M: goal_state, runtime_checkpoint, _last_summary, pending_user_turn, webui, title), as zod/mini
 * schemas, so the File tab can say "goal_state is not what nanobot writes: status is a number"
 * instead of explaining a malformed record as if it were nanobot's. The problem is a path and a
 * kind of value; the interfaces word it.
 */
import * as z from 'zod/mini';
import { dictGet, isDict, isInt, PyFloat, type PyDict, type PyValue } from '../python/pyvalue';

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));
const int = z.custom<number | bigint>((v) => isInt(v), { error: 'expected an int' });
const dict = z.custom<PyDict>((v) => isDict(v), { error: 'expected an object' });
const list = z.array(z.unknown());

/** One schema per nanobot-owned metadata key; keys not listed here have no contract to check. */
export const METADATA_CONTRACTS: Record<string, z.ZodMiniType> = {
  goal_state: z.object({ status: str, objective: str, ui_summary: str, started_at: str, completed_at: optStr, recap: optStr }),
  runtime_checkpoint: z.object({
    phase: str,
    iteration: int,
    model: z.nullable(str),
    assistant_message: z.nullable(dict),
    completed_tool_results: list,
    pending_tool_calls: list,
  }),
  _last_summary: z.object({ text: str, last_active: str }),
  pending_user_turn: z.union([z.boolean(), dict]),
  webui: dict,
  title: str,
  title_user_edited: z.boolean(),
};

/** What a JSON value is, as a code each language words. */
export type FoundKind = 'missing' | 'null' | 'boolean' | 'string' | 'number' | 'list' | 'object';

function kind(v: PyValue | undefined): FoundKind {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat) return 'number';
  if (Array.isArray(v)) return 'list';
  return 'object';
}

/** The first place a metadata value differs from what nanobot writes: the path (empty: the value itself) and what is there. */
export interface ContractProblem {
  key: string;
  /** Field path inside the value; `[]` for the value itself. Null when the check itself failed. */
  path: string[] | null;
  found: FoundKind;
  /** The boolean found, when `found` is 'boolean'. */
  bool?: boolean;
}

function at(v: PyValue, path: PropertyKey[]): PyValue | undefined {
  let cur: PyValue | undefined = v;
  for (const p of path) {
    if (cur === undefined) return undefined;
    if (Array.isArray(cur) && typeof p === 'number') cur = cur[p];
    else if (isDict(cur) && typeof p === 'string') cur = dictGet(cur, p);
    else return undefined;
  }
  return cur;
}

/**
 * Null when `value` is what nanobot writes under metadata key `key` (or the key has no contract),
 * else the first thing that differs. Never throws.
 */
export function contractProblem(key: string, value: PyValue): ContractProblem | null {
  const schema = METADATA_CONTRACTS[key];
  if (!schema) return null;
  try {
    const r = schema.safeParse(value);
    if (r.success) return null;
    const path = r.error.issues[0]!.path;
    const found = at(value, path);
    return { key, path: path.map(String), found: kind(found), ...(typeof found === 'boolean' ? { bool: found } : {}) };
  } catch {
    return { key, path: null, found: 'missing' };
  }
}

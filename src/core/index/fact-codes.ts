/** The codes of a line's compact facts (record-facts.ts): kinds, roles and flags, as small numbers for typed arrays. */

/** Record kinds, as numbers (same meaning as `RecordKind` in document.ts). */
export const KIND = { blank: 0, metadata: 1, message: 2, provider_state: 3, corrupt: 4 } as const;
type KindCode = (typeof KIND)[keyof typeof KIND];
export const KIND_NAMES = ['blank', 'metadata', 'message', 'provider_state', 'corrupt'] as const;

/** `role` values the replay tells apart; anything else is OTHER (a string) or NOT_STRING (absent, null, a number…). */
export const ROLE = { none: 0, user: 1, assistant: 2, tool: 3, system: 4, other: 5, notString: 6 } as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** Bit flags of a line. */
export const FLAG = {
  /** `tool_calls` is truthy. */
  toolCalls: 1,
  /** the dict has a `tool_call_id` key. */
  toolCallId: 2,
  /** `_channel_delivery` is truthy (the replay's cut to a user turn looks at it). */
  channelDelivery: 4,
  /** nanobot's `json.loads` of the stripped line fails (JSONDecodeError). */
  nanobotBad: 8,
  /** nanobot's `json.loads` raises RecursionError (nested too deeply). */
  tooDeep: 16,
  /** The bytes are not UTF-8: nanobot reads nothing from the whole file. */
  invalidUtf8: 32,
  /** A provider_state record main accepts (its repair pass skips invalid ones). */
  stateValid: 64,
  /** `_command` is truthy (the replay drops it). */
  command: 128,
  /** nanobot's `json.loads` raises ValueError (an integer literal over Python's 4,300 digits). */
  valueError: 256,
  /** The line starts with a byte-order mark (U+FEFF): recovered without it, but nanobot's `json.loads` fails. */
  bom: 512,
  /** The line is JSON but not an object (nanobot raises AttributeError on it). */
  notObject: 1024,
  /** Python's `strip()` takes more from the line's ends than JSON's whitespace (the recovered lens's padded-line). */
  padded: 2048,
  /**
   * A message whose line (its content, without the terminator) is exactly what nanobot's
   * `json.dumps(value, ensure_ascii=False)` writes for its value, as nanobot wrote it: a printer
   * (`format`, `load --json`) copies its bytes instead of parsing and dumping it again. Read only
   * by an index built for a printer (`LineIndexer`'s `dumps`): the others skip its cost.
   */
  dumps: 4096,
  /**
   * The line nests deeper than the shallowest json figure of any call (`SHALLOWEST_DEPTH`): how
   * it reads depends on who reads it. The kind is this version's strict pass's; the recovered lens
   * (`pyLoads`' MAX_DEPTH) may call a record of v0.2 or v0.3.0 too deep, and a repair pass (a level
   * less) may raise on it. Its readers read it again (index-diagnostics.ts, index-nanobot.ts).
   */
  deep: 8192,
} as const;

export interface LineFacts {
  kind: KindCode;
  role: RoleCode;
  flags: number;
}


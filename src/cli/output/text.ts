/** Words for the CLI's output: counts that agree with their nouns. */
import type { Diagnostic } from '../../core/lens/document';
import { versionRuns, type Evidence, type NanobotVersion, type VersionVerdict } from '../../core/nanobot/version-evidence';
import type { PyValue } from '../../core/python/pyvalue';
import type { SkipReason } from '../../core/listing/listing';
import type { StoreError, StoreErrorReason } from '../../store/adapter/errors';
import { leftoverEn, storeErrorEn } from '../../words/store-error-en';
import type { NanobotRaise } from '../../store/source/session-source';

/** `1 line`, `3 lines`, `0 sessions`: every count the CLI prints goes through here. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** nanobot's raise in the CLI's words (its exception's type and text as they are). */
export function raiseText(r: NanobotRaise): string {
  if (r.during === 'load') return `nanobot raises ${r.error.type}: ${r.error.message} while loading this file: its _load lets the exception propagate, so every get_or_create of this session fails.`;
  if (r.message === undefined) return `nanobot raises ${r.error.type}: ${r.error.message} replaying this session, before reading any message.`;
  return `nanobot raises ${r.error.type}: ${r.error.message} at message ${r.message! + 1} (line ${r.line! + 1}).`;
}

/** A storage error in the CLI's words, from its reason's code and values (never its `message`). */
export function storeErrorText(e: StoreError): string {
  return storeErrorEn(e.reason, e.path) + (e.leftover ? ` ${leftoverEn(e.leftover)}` : '');
}

/** A listed file's skip reason, a read error in it in the CLI's words (from its code and values). */
export function skipOf(s: { skipReason?: SkipReason; errorReason?: StoreErrorReason }): SkipReason | undefined {
  const r = s.skipReason;
  return r?.code === 'lens-cannot-read' && s.errorReason ? { ...r, error: storeErrorEn(s.errorReason.reason, s.errorReason.path) } : r;
}

/** A diagnostic in the CLI's words, from its kind and values (Python's exception texts as they are). */
export function diagnosticText(d: Diagnostic): string {
  switch (d.kind) {
    case 'invalid-utf8':
      return `not valid UTF-8 (${d.values.error}): nanobot cannot read this file and would start an empty session`;
    case 'bom':
      return 'starts with a byte-order mark (U+FEFF): nanobot cannot parse this line and loses it';
    case 'bad-json':
      return `not valid JSON: ${d.values.error}`;
    case 'too-deep':
      return `nested too deeply for Python: ${d.values.error}`;
    case 'not-object':
      return `a JSON ${d.values.type}, not an object: nanobot raises AttributeError and loads nothing from this file`;
    case 'blank-line':
      return 'blank line: nanobot skips it';
    case 'padded-line':
      return 'whitespace JSON does not allow around the line: nanobot strips it';
    case 'line-ending':
      return `line endings ${d.values.endings.join(' and ')}: nanobot reads them all and writes "\\n"`;
    case 'no-final-newline':
      return 'no newline after the last line: it may have been cut off';
    case 'missing-metadata':
      return 'no metadata record: nanobot takes the key from the file name, and its list leaves the file out';
    case 'metadata-not-first':
      return d.values.blankFirst ? 'the metadata record is not on line 1 (blank lines before it): nanobot does not list the file' : "the metadata record is not on line 1: nanobot's list reads only line 1";
    case 'duplicate-metadata':
      return 'more than one metadata record: nanobot loads with the last, lists the first';
    case 'bad-time':
      return `${d.values.field} is not an ISO date nanobot can read (${d.values.error}): its strict load fails`;
    case 'bad-last-consolidated':
      return `last_consolidated ${d.values.value} is not a whole number from 0 to ${d.values.max}: nanobot resets it to 0`;
    case 'key-mismatch':
      return `the stored key ${JSON.stringify(d.values.key)} belongs in ${d.values.expected}, not ${d.values.fileName}`;
    case 'key-not-text':
      return `the stored key is ${d.values.key}, not text: nanobot lists it but cannot open it by key`;
    case 'missing-role':
      return `a message without "role": nanobot's replay raises KeyError on it`;
  }
}

/** A diagnostic's values as JSON values (arrays stay lists). */
export function diagnosticValues(d: Diagnostic): Record<string, PyValue> {
  return { ...(d.values ?? {}) } as Record<string, PyValue>;
}

/** Why nanobot's list leaves a file out, a folder's label, a note on the folder: the app's English words. */
export { skipReasonEn as skipReasonText, folderLabelEn as folderLabelText, layoutNoteEn as layoutNoteText } from '../../words/en';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ANY_SURROGATE = /[\ud800-\udfff]/;

/**
 * JSON text with each lone surrogate written as its escape (`\ud800`), as `json.dumps` writes it:
 * UTF-8 has no form for one, so stdout would print U+FFFD and lose it. In a JSON document a lone
 * surrogate can only stand inside a string, where the escape means the same.
 */
export function escapeLoneSurrogates(s: string): string {
  // Most text has no surrogate at all: one scan for any says so, cheaper than the lookaround pattern
  // (a listing escapes each of its 10,000 rows).
  if (!ANY_SURROGATE.test(s)) return s;
  return s.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** One piece of version evidence as the CLI prints it: its code, its count and what it names. */
function evidenceCode(e: Evidence): string {
  const more = [e.workspacePath, e.paths?.map((p) => p ?? '(unnamed)').join(', '), e.beside ? `beside ${e.beside} safe_key` : '', e.inMain ? 'in main' : '', e.name && `${e.name} by ${e.writer}`].filter(Boolean);
  return `${e.kind}${e.count !== undefined ? ` ×${e.count}` : ''}${more.length ? ` (${more.join('; ')})` : ''}`;
}

/** Versions as the verdict allows them, consecutive releases as one range (0.2.0–0.2.2). */
function alternatives(versions: readonly NanobotVersion[]): string {
  const vs = versionRuns(versions).map(([a, b]) => (a === b ? a : `${a}–${b}`));
  return vs.length <= 1 ? vs.join('') : `${vs.slice(0, -1).join(', ')} or ${vs[vs.length - 1]}`;
}

/** A version verdict in one line: the status, the versions and the evidence that decided, as codes. */
export function verdictText(v: VersionVerdict): string {
  const why = v.why.code === 'evidence' ? v.why.evidence.map((i) => evidenceCode(v.evidence[i]!)).join('; ') : v.why.code;
  const codes = (kinds: readonly string[]) => v.evidence.filter((e) => kinds.includes(e.kind)).map(evidenceCode).join('; ');
  switch (v.status) {
    case 'recognised': return `nanobot ${v.version}: ${why}`;
    case 'unknown': return `nanobot version unknown: ${why}`;
    case 'ambiguous': return `${alternatives(v.candidates)} (ambiguous): ${why}`;
    case 'conflicting':
      return v.decided
        ? `conflicting evidence (${alternatives(v.candidates)}): ${v.decided}'s rules apply, decided by ${codes(v.decidedBy)}; against it: ${codes(v.against)}`
        : `conflicting evidence (${alternatives(v.candidates)}): ${why}`;
  }
}

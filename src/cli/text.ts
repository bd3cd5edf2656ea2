/** Words for the CLI's output: counts that agree with their nouns. */
import type { Diagnostic } from '../core/lens/document';
import type { SkipReason } from '../core/listing/listing';
import type { Evidence, VersionVerdict } from '../core/nanobot/version-evidence';
import type { PyValue } from '../core/python/pyvalue';
import type { FolderLabel, LayoutNote } from '../store/listing/layout';

/** `1 line`, `3 lines`, `0 sessions`: every count the CLI prints goes through here. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
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

/** Why nanobot's list leaves a file out, in the CLI's words. */
export function skipReasonText(r: SkipReason): string {
  switch (r.code) {
    case 'not-base64url': return 'not a canonical base64url name: nanobot main never lists it';
    case 'empty': return 'empty file';
    case 'blank-first': return 'first line is blank';
    case 'not-metadata-first': return 'first line is not a metadata record';
    case 'repair-reads-missing': return `nanobot's repair reads ${r.file}, which does not exist`;
    case 'unreadable': return `nanobot cannot read it (${r.error})`;
    case 'listing-raises': return `nanobot's listing raises ${r.error} here: it lists no session at all`;
    case 'lens-cannot-read': return `Session Lens could not read it (${r.error})`;
  }
}

/** A folder's name in the CLI's headings. */
export function folderLabelText(l: FolderLabel): string {
  switch (l.code) {
    case 'default-workspace': return 'default workspace (workspace/sessions)';
    case 'workspace-sessions': return 'workspace sessions';
    case 'sessions-folder': return 'sessions folder';
    case 'loose': return 'session-like files in this folder';
    case 'legacy': return 'legacy global sessions';
    case 'single-file': return 'a single file';
    case 'namespace': return l.workspacePath ?? (l.id ? `workspace ${l.id}` : 'session namespace');
  }
}

/** A note on the opened folder, in the CLI's words. */
export function layoutNoteText(n: LayoutNote): string {
  return n.code === 'not-nanobot-folder'
    ? 'This folder is not a nanobot workspace, sessions folder or config folder.'
    : `This workspace has the id ${n.id}: newer nanobot keeps its sessions in <config folder>/sessions/${n.id}/ (usually ~/.nanobot/sessions/…).`;
}

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
export function evidenceCode(e: Evidence): string {
  const more = [e.workspacePath, e.paths?.map((p) => p ?? '(unnamed)').join(', '), e.beside ? `beside ${e.beside} safe_key` : '', e.inMain ? 'in main' : '', e.name && `${e.name} by ${e.writer}`].filter(Boolean);
  return `${e.kind}${e.count !== undefined ? ` ×${e.count}` : ''}${more.length ? ` (${more.join('; ')})` : ''}`;
}

const alternatives = (vs: readonly string[]) => (vs.length <= 1 ? vs.join('') : `${vs.slice(0, -1).join(', ')} or ${vs[vs.length - 1]}`);

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

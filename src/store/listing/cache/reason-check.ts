/**
 * The check of a StoreError's reason read back from the listing cache (an unreadable file's summary):
 * its own module, loaded only when a cached row has one, so it stays out of the first screen's JavaScript.
 */
import * as z from 'zod/mini';
import type { StoreErrorReason, StoreReason } from '../../adapter/errors';

const error = z.object({ type: z.string(), message: z.string() });
// A StoreError's reason as saveListing wrote it (an unreadable file's summary): checked like the rest.
const str = z.string();
const num = z.number();
const char = { cp: str, shown: z.optional(str) };
const nameProblem = z.union([
  z.object({ code: z.literal('empty') }),
  z.object({ code: z.literal('dot-name'), name: str }),
  z.object({ code: z.literal('lone-surrogate'), cp: str }),
  z.object({ code: z.literal('forbidden'), ...char }),
  z.object({ code: z.literal('invisible'), cp: str }),
  z.object({ code: z.literal('bad-start'), ...char }),
  z.object({ code: z.literal('bad-end'), ...char }),
  z.object({ code: z.literal('device'), stem: str }),
  z.object({ code: z.literal('shell-file'), name: str }),
  z.object({ code: z.literal('shell-extension'), ext: str }),
  z.object({ code: z.literal('too-long'), bytes: num, max: num }),
]);
const fromTo = (c: 'size' | 'modified' | 'written-while-read' | 'bytes') => z.object({ code: z.literal(c), from: num, to: num });
const change = z.union([
  z.object({ code: z.literal(['deleted', 'exists', 'replaced', 'shorter']) }),
  fromTo('size'),
  fromTo('modified'),
  fromTo('written-while-read'),
  fromTo('bytes'),
  z.object({ code: z.literal('content'), from: str, to: str }),
  z.object({ code: z.literal('line'), line: num }),
]);
const FAULTS = ['not-found', 'permission', 'quota', 'conflict', 'busy', 'bad-name', 'nanobot-raises', 'cancelled', 'io'] as const;
const ACTIONS = ['checking', 'reading', 'listing', 'saving', 'creating', 'opening', 'writing', 'finishing', 'replacing', 'removing', 'cleaning-up', 'renaming', 'renaming-onto', 'syncing-folder'] as const;
const storeReason = z.union([
  z.object({ code: z.literal(['changed-while-read', 'keeps-changing', 'backslash', 'not-relative', 'no-file-path', 'not-a-file', 'not-found', 'folder-not-empty', 'permission-revoked', 'quota-exceeded', 'busy', 'cancelled']) }),
  z.object({ code: z.literal('changed-since-read'), changes: z.array(change) }),
  z.object({ code: z.literal('name-exists'), from: str, to: str }),
  z.object({ code: z.literal('bad-name'), name: str, why: nameProblem }),
  z.object({ code: z.literal('injected'), fault: z.enum(FAULTS), step: str }),
  z.object({ code: z.literal('native'), action: z.enum(ACTIONS), fault: z.enum(FAULTS), name: str, text: str }),
  z.object({ code: z.literal('nanobot-raises'), fileName: str, error }),
  z.object({ code: z.literal('line-cannot-save'), line: num, error }),
  z.object({ code: z.literal('no-user-turn'), userIndex: num, users: num }),
  z.object({ code: z.literal('fork-raises'), error }),
  z.object({ code: z.literal('key-cannot-name'), key: str, error: str }),
  z.object({ code: z.literal('key-bad-file-name'), key: str, name: str, why: nameProblem }),
  z.object({ code: z.literal('key-taken'), key: str, name: str }),
  z.object({ code: z.literal('produce-failed'), text: str }),
  z.object({ code: z.literal('size-mismatch'), written: num, planned: num }),
]);
const storeErrorReason = z.object({ reason: storeReason, path: z.optional(str) });

/** `v` as a StoreError's reason and path, or undefined when it is not one. */
export function storeErrorReasonOf(v: unknown): StoreErrorReason | undefined {
  const r = storeErrorReason.safeParse(v);
  return r.success ? (r.data as StoreErrorReason) : undefined;
}
/** The schema names every reason and no other (a reason added to StoreReason must be added here). */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const REASON_SCHEMA_MATCHES: Exactly<z.infer<typeof storeReason>, StoreReason> = true;

/**
 * The CLI's write commands (`trim`, `fork`, `repair`, `set-title`, `delete`): each prints its plan,
 * and writes only with `--write`, through the store's guarded atomic save. A dry run checks all a
 * write would check, so both agree on what is possible.
 */
import { editRefusalEn } from '../words/edit-en';
import { repairDocument, setTitle, trimToLegalSuffix, type EditResult } from '../core/edit/edits';
import { fileStem } from '../core/listing/listing';
import type { StorageAdapter } from '../store/adapter/adapter';
import { isStoreError } from '../store/adapter/errors';
import { deleteSession, planFork, saveDocument, writeFork, type OpenedSession } from '../store/save/sessions';
import { UsageError, type Args } from './args';
import { plural, storeErrorText } from './text';
import { nothingToWrite, planOrWrite, saidChange, type Out } from './plan';


/** A fork the store refuses, in the CLI's words (its arguments' names); other failures pass through. */
function forkUsage(e: unknown, key: string): unknown {
  if (isStoreError(e, 'conflict')) return new UsageError(`fork: NEW_KEY ${JSON.stringify(key)} is taken: ${e.path} already exists (its key, or one sharing its file name). Choose another NEW_KEY; nothing was written.`);
  if (isStoreError(e, 'bad-name')) return new UsageError(`fork: ${storeErrorText(e)}`);
  return e;
}

/** Runs one write command on the opened `file`. */
export async function cmdWrite(cmd: string, file: string, session: OpenedSession, adapter: StorageAdapter, args: Args, now: string, out: Out): Promise<number> {
  const apply = (r: EditResult, backup = false) => {
    if (!r.ok) throw new UsageError(editRefusalEn(r.error));
    if (r.doc === session.doc) return nothingToWrite(args, out, saidChange(r.change));
    return planOrWrite(args, out, saidChange(r.change), async () => {
      const saved = await saveDocument(adapter, session, r.doc, { now, backup, version: session.version });
      const bytes = saved.opened.bytes.length;
      const bak = saved.result.backup ?? null;
      return { text: `written ${plural(bytes, 'byte')} to ${file}${bak ? ` (backup: ${bak})` : ''}`, data: { path: file, bytes, backup: bak } };
    });
  };
  switch (cmd) {
    case 'trim': {
      const n = args.positionalInt(1, 'N');
      args.noMoreThan(2);
      return apply(trimToLegalSuffix(session.doc, session.key, n, args.flag('extend-to-user'), now, session.version));
    }
    case 'set-title': {
      const title = args.positional(1, 'TITLE');
      args.noMoreThan(2);
      return apply(setTitle(session.doc, session.key, title, now));
    }
    case 'repair':
      args.noMoreThan(1);
      return apply(repairDocument(session.doc, fileStem(session.fileName), now), true);
    case 'fork': {
      const i = args.positionalInt(1, 'BEFORE_USER_INDEX');
      const key = args.positional(2, 'NEW_KEY');
      args.noMoreThan(3);
      const plan = await planFork(adapter, session, i, key, now).catch((e: unknown) => Promise.reject(forkUsage(e, key)));
      const messages = plan.session.messages.length;
      const what = `Fork ${JSON.stringify(session.key)} before user turn ${i} (user turns count from 0) into a new session ${JSON.stringify(key)}: ${plan.fileName}, ${plural(messages, 'message')}, beside the source.`;
      const said = { text: what, data: { code: 'fork', key: session.key, beforeUserTurn: i, newKey: key, fileName: plan.fileName, messages } };
      return planOrWrite(args, out, said, async () => {
        const f = await writeFork(adapter, session, i, key, now).catch((e: unknown) => Promise.reject(forkUsage(e, key)));
        return { text: `written ${f.path} (${plural(f.session.messages.length, 'message')})`, data: { path: f.path, messages: f.session.messages.length } };
      });
    }
    case 'delete': {
      args.noMoreThan(1);
      const messages = session.recovered.messages.length;
      const said = { text: `Delete ${file} (${plural(messages, 'message')}). nanobot starts an empty session for ${JSON.stringify(session.key)} next time.`, data: { code: 'delete', path: file, key: session.key, messages } };
      return planOrWrite(args, out, said, async () => {
        await deleteSession(adapter, session);
        return { text: `deleted ${file}`, data: { path: file } };
      });
    }
  }
  throw new UsageError(`unknown command: ${cmd}`);
}

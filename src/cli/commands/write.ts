/**
 * The CLI's write commands (`trim`, `fork`, `repair`, `set-title`, `delete`): each prints its plan,
 * and writes only with `--write`, through the file's SessionSource (its guarded atomic save; a big
 * file's trim, title and repair over its line index, with bounded memory). A dry run checks all a
 * write would check, so both agree on what is possible.
 */
import { editRefusalEn, nanobotSaveNotesEn } from '../../words/edit-en';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { isStoreError } from '../../store/adapter/errors';
import type { SessionSource, SourceEdit } from '../../store/source/session-source';
import { UsageError, type Args } from '../args';
import { plural, storeErrorText } from '../output/text';
import { nothingToWrite, planOrWrite, saidChange, type Out } from './plan';

/** A fork the store refuses, in the CLI's words (its arguments' names); other failures pass through. */
function forkUsage(e: unknown, key: string): unknown {
  if (isStoreError(e, 'conflict')) return new UsageError(`fork: NEW_KEY ${JSON.stringify(key)} is taken: ${e.path} already exists (its key, or one sharing its file name). Choose another NEW_KEY; nothing was written.`);
  if (isStoreError(e, 'bad-name')) return new UsageError(`fork: ${storeErrorText(e)}`);
  return e;
}

/** The edit a command asks for, its arguments checked. */
function editOf(cmd: string, args: Args): SourceEdit {
  switch (cmd) {
    case 'trim': {
      const max = args.positionalInt(1, 'N');
      args.noMoreThan(2);
      return { kind: 'trim', max, extendToUser: args.flag('extend-to-user') };
    }
    case 'set-title': {
      const title = args.positional(1, 'TITLE');
      args.noMoreThan(2);
      return { kind: 'title', title };
    }
    case 'repair':
      args.noMoreThan(1);
      return { kind: 'repair' };
  }
  throw new UsageError(`unknown command: ${cmd}`);
}

/** A plan with what the nanobot in use will do to the file it writes (notes, not errors; none in --json). */
function withNotes<S extends { text: string }>(said: S, version: NanobotVersion | undefined): S {
  if (!version) return said;
  const r = rulesOf(version);
  const notes = nanobotSaveNotesEn(r.label, r.atomicSave, r.loadFailure);
  return notes.length ? { ...said, text: [said.text, ...notes].join('\n') } : said;
}

/** Runs one write command on the opened `file`; `version`: the nanobot whose saves the notes speak of. */
export async function cmdWrite(cmd: string, file: string, source: SessionSource, args: Args, out: Out, version?: NanobotVersion): Promise<number> {
  if (cmd === 'fork') {
    const i = args.positionalInt(1, 'BEFORE_USER_INDEX');
    const key = args.positional(2, 'NEW_KEY');
    args.noMoreThan(3);
    const plan = await source.planFork(i, key).catch((e: unknown) => Promise.reject(forkUsage(e, key)));
    const sourceKey = plan.key;
    const what = `Fork ${JSON.stringify(sourceKey)} before user turn ${i} (user turns count from 0) into a new session ${JSON.stringify(key)}: ${plan.fileName}, ${plural(plan.messages, 'message')}, beside the source.`;
    const said = { text: what, data: { code: 'fork', key: sourceKey, beforeUserTurn: i, newKey: key, fileName: plan.fileName, messages: plan.messages } };
    return planOrWrite(args, out, withNotes(said, version), async () => {
      const f = await source.writeFork(i, key).catch((e: unknown) => Promise.reject(forkUsage(e, key)));
      return { text: `written ${f.path} (${plural(f.messages, 'message')})`, data: { path: f.path, messages: f.messages } };
    });
  }
  if (cmd === 'delete') {
    args.noMoreThan(1);
    const h = await source.health();
    const messages = h.recovered.count;
    const said = { text: `Delete ${file} (${plural(messages, 'message')}). nanobot starts an empty session for ${JSON.stringify(h.load.key)} next time.`, data: { code: 'delete', path: file, key: h.load.key, messages } };
    return planOrWrite(args, out, said, async () => {
      await source.remove();
      return { text: `deleted ${file}`, data: { path: file } };
    });
  }
  const plan = await source.plan(editOf(cmd, args));
  if ('error' in plan) throw new UsageError(editRefusalEn(plan.error));
  if (!plan.writes) return nothingToWrite(args, out, saidChange(plan.change));
  return planOrWrite(args, out, withNotes(saidChange(plan.change), version), async () => {
    const saved = await source.save(plan);
    return { text: `written ${plural(saved.bytes, 'byte')} to ${file}${saved.backup ? ` (backup: ${saved.backup})` : ''}`, data: { path: file, bytes: saved.bytes, backup: saved.backup } };
  });
}

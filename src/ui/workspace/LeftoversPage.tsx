/**
 * Leftovers of interrupted saves (`*.jsonl.tmp`, newer nanobot's `.<name>.<hex>.tmp`, Chromium's
 * `*.crswap`): what each was going to replace, what is in it, and removal after a confirmation.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Confirm } from '../Confirm';
import { messageRecords, parseDocument } from '../../core/document';
import { decodeLossy } from '../../core/lines';
import { readAll } from '../../store/bytes';
import { formatBytes, plural } from '../format';
import { errorText, say } from '../status';
import { leftovers, refreshListing, scans, workspace, type LeftoverInfo } from './model';
import type { FileScan } from './scan';
import { joinPath } from '../../store/paths';

interface Inspection {
  lines: number;
  messages: number;
  complete: boolean;
  problems: number;
  head: string;
  targetMessages: number | null;
}

const HEAD_LINES = 12;

async function inspect(l: LeftoverInfo): Promise<Inspection> {
  const ws = workspace.value!;
  const bytes = await readAll(await ws.adapter.read(l.path));
  const doc = parseDocument(bytes);
  let targetMessages: number | null = null;
  if (l.target && l.targetStat) {
    const dir = l.path.includes('/') ? l.path.slice(0, l.path.lastIndexOf('/')) : '';
    const t = parseDocument(await readAll(await ws.adapter.read(joinPath(dir, l.target))));
    targetMessages = messageRecords(t).length;
  }
  const text = decodeLossy(bytes.subarray(0, 64 * 1024));
  return {
    lines: doc.records.length,
    messages: messageRecords(doc).length,
    complete: !doc.diagnostics.some((d) => d.kind === 'no-final-newline') && bytes.length > 0,
    problems: doc.diagnostics.filter((d) => d.severity !== 'info').length,
    head: text.split('\n').slice(0, HEAD_LINES).map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)).join('\n'),
    targetMessages,
  };
}

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Whether the whole-file check found the target damaged (nanobot loads it badly or not at all). */
function damaged(scan: FileScan | undefined): boolean {
  return !!scan && (scan.nanobot.empty || scan.nanobot.path === 'repair' || scan.diagnostics.some((d) => d.severity === 'error'));
}

/** What the leftover was for, in sentences that hold whatever the times and the target's state. */
export function relation(l: LeftoverInfo, targetScan?: FileScan): string {
  if (!l.target) return 'It is not known which file it was going to replace.';
  if (!l.targetStat) return `It was going to become ${l.target}, which does not exist: the save of a new session was interrupted.`;
  const t = l.stat ? l.stat.lastModified - l.targetStat.lastModified : null;
  const when = t === null ? '' : t === 0 ? ', and was written at the same time as that file’s last change (as far as the disk’s clock tells)' : `, and was written ${t > 0 ? 'after' : 'before'} that file’s last change`;
  const state = damaged(targetScan)
    ? `This save did not touch ${l.target} (an atomic save replaces it only once the new copy is complete), but ${l.target} is damaged in its own right: see Health.`
    : `This save did not touch ${l.target}: an atomic save replaces it only once the new copy is complete.`;
  return `It was going to replace ${l.target} (${formatBytes(l.targetStat.size)})${when}. ${state}`;
}

function LeftoverItem({ l, writable }: { l: LeftoverInfo; writable: boolean }) {
  const [info, setInfo] = useState<Inspection | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) remove.current?.focus();
    refocus.current = false;
  }, [confirming]);
  const id = `leftover-${l.name.replace(/[^a-z0-9]/gi, '-')}`;

  const doInspect = async () => {
    try {
      setInfo(await inspect(l));
    } catch (e) {
      say(errorText(e), 'error');
    }
  };
  const doRemove = async () => {
    setBusy(true);
    try {
      await workspace.value!.adapter.remove(l.path);
      say(`Removed ${l.name}.`, 'success');
      await refreshListing();
    } catch (e) {
      say(errorText(e), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <li class="leftover" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        <code>{l.name}</code> <span class="chip">{l.kind === 'crswap' ? 'browser swap file' : 'tmp file'}</span>
      </h3>
      <p>
        {l.stat ? `${formatBytes(l.stat.size)}, modified ${when(l.stat.lastModified)}. ` : ''}
        {relation(l, l.target ? scans.value.get(joinPath(l.path.includes('/') ? l.path.slice(0, l.path.lastIndexOf('/')) : '', l.target)) : undefined)}
      </p>
      {info && (
        <div class="inspection">
          <p>
            {plural(info.lines, 'line')}, {plural(info.messages, 'message')}
            {info.targetMessages !== null ? ` (the current file has ${plural(info.targetMessages, 'message')})` : ''};{' '}
            {info.complete ? 'it ends with a complete line.' : 'it is cut off: the last line is incomplete, so the save never finished.'}
            {info.problems ? ` ${plural(info.problems, 'problem')} found.` : ''}
          </p>
          <pre class="raw" tabIndex={0} aria-label={`First lines of ${l.name}`}>
            {info.head}
          </pre>
        </div>
      )}
      <div class="leftover-actions">
        {!info && (
          <button type="button" class="btn" onClick={() => void doInspect()}>
            Inspect
          </button>
        )}
        {writable && !confirming && (
          <button type="button" class="btn danger" ref={remove} onClick={() => setConfirming(true)}>
            Remove…
          </button>
        )}
        {confirming && (
          <Confirm
            class="confirm"
            question={`Delete ${l.name} from the folder? This cannot be undone.`}
            confirmLabel={`Delete ${l.name}`}
            confirmClass="btn danger"
            cancelClass="btn subtle"
            busy={busy}
            onConfirm={() => void doRemove()}
            onCancel={() => {
              setConfirming(false);
              refocus.current = true;
            }}
          />
        )}
      </div>
    </li>
  );
}

export function LeftoversPage() {
  const ws = workspace.value;
  const lefts = leftovers.value;
  return (
    <section class="leftovers-page" aria-labelledby="leftovers-title">
      <h2 id="leftovers-title">Leftovers of interrupted saves</h2>
      <p class="muted">
        nanobot saves a session by writing <code>&lt;name&gt;.jsonl.tmp</code> and then renaming it over the file (<code>os.replace</code>), so a reader
        never sees a half-written session. If the program stops in between, the tmp file stays behind; nanobot does not list it, and its next save
        overwrites it. Chromium leaves <code>.crswap</code> files the same way.
      </p>
      {!ws?.writable && lefts.length > 0 && <p class="notice">This workspace is read-only here: leftovers can be inspected, not removed.</p>}
      {lefts.length === 0 ? (
        <p class="empty-state">No leftovers in this folder.</p>
      ) : (
        <ul class="leftover-list">
          {lefts.map((l) => (
            <LeftoverItem key={l.path} l={l} writable={!!ws?.writable} />
          ))}
        </ul>
      )}
    </section>
  );
}

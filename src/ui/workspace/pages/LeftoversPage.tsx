/**
 * Leftovers of interrupted saves (`*.jsonl.tmp`, newer nanobot's `.<name>.<hex>.tmp`, Chromium's
 * `*.crswap`): what each was going to replace, what is in it, and removal after a confirmation.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Confirm } from '../../parts/Confirm';
import { messageRecords, parseDocument } from '../../../core/lens/document';
import { decodeLossy } from '../../../core/python/lines';
import { readAll } from '../../../store/adapter/bytes';
import { formatBytes } from '../../parts/format';
import { pg, ui } from '../../i18n/text';
import { rich } from '../../start/rich';
import { errorText, say } from '../../shell/status';
import { activeVersion, leftovers, refreshListing, scans, syncStore, workspace, type LeftoverInfo } from '../model';
import type { FileScan } from '../scan/scan';
import { joinPath } from '../../../store/adapter/paths';
import { forgetSave, interruptedSave } from '../../../store/save/save-journal';
import { notesWorkspace } from '../save-notes';

/** The note of this app's own save that left `l` behind (a reload or a closed page cut it short), or null. */
function ownSave(l: LeftoverInfo) {
  const store = syncStore();
  const ws = notesWorkspace();
  return store && ws && l.kind === 'tmp' ? interruptedSave(store, ws, l.path, l.stat?.lastModified ?? null) : null;
}

interface Inspection {
  lines: number;
  messages: number;
  complete: boolean;
  /** Not one byte: the save was interrupted before it wrote anything. */
  empty: boolean;
  problems: number;
  head: string;
  targetMessages: number | null;
}

const HEAD_LINES = 12;

async function inspect(l: LeftoverInfo): Promise<Inspection> {
  const ws = workspace.value!;
  const bytes = await readAll(await ws.adapter.read(l.path));
  const version = activeVersion.value;
  const doc = parseDocument(bytes, { version });
  let targetMessages: number | null = null;
  if (l.target && l.targetStat) {
    const dir = l.path.includes('/') ? l.path.slice(0, l.path.lastIndexOf('/')) : '';
    const t = parseDocument(await readAll(await ws.adapter.read(joinPath(dir, l.target))), { version });
    targetMessages = messageRecords(t).length;
  }
  const text = decodeLossy(bytes.subarray(0, 64 * 1024));
  return {
    lines: doc.records.length,
    messages: messageRecords(doc).length,
    complete: !doc.diagnostics.some((d) => d.kind === 'no-final-newline') && bytes.length > 0,
    empty: bytes.length === 0,
    problems: doc.diagnostics.filter((d) => d.severity !== 'info').length,
    head: text.split('\n').slice(0, HEAD_LINES).map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)).join('\n'),
    targetMessages,
  };
}

function when(ms: number): string {
  return new Intl.DateTimeFormat(ui().common.locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms));
}

/** Whether the whole-file check found the target damaged (nanobot loads it badly or not at all). */
function damaged(scan: FileScan | undefined): boolean {
  return !!scan && (scan.nanobot.empty || scan.nanobot.path === 'repair' || scan.diagnostics.some((d) => d.severity === 'error'));
}

/** What the leftover was for, in sentences that hold whatever the times and the target's state. */
export function relation(l: LeftoverInfo, targetScan?: FileScan): string {
  const w = pg().leftovers;
  if (!l.target) return w.unknownTarget;
  if (!l.targetStat) return w.newSession(l.target);
  const t = l.stat ? l.stat.lastModified - l.targetStat.lastModified : null;
  const when = t === null ? '' : t === 0 ? w.sameTime : w.afterOrBefore(t > 0);
  const state = damaged(targetScan) ? w.damagedTarget(l.target) : w.untouched(l.target);
  return w.replaces(l.target, formatBytes(l.targetStat.size), when, state);
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
  const own = ownSave(l);

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
      const store = syncStore();
      const ws = notesWorkspace();
      if (store && ws) forgetSave(store, ws, l.path);
      say(pg().leftovers.removed(l.name), 'success');
      await refreshListing();
    } catch (e) {
      say(errorText(e), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const w = pg().leftovers;
  return (
    <li class="leftover" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        <code>{l.name}</code> <span class="chip">{l.kind === 'crswap' ? w.swap : own ? w.ownTmp : w.tmp}</span>
      </h3>
      {own && <p>{w.own(when(own.started))}</p>}
      <p>
        {l.stat ? w.stat(formatBytes(l.stat.size), when(l.stat.lastModified)) : ''}
        {relation(l, l.target ? scans.value.get(joinPath(l.path.includes('/') ? l.path.slice(0, l.path.lastIndexOf('/')) : '', l.target)) : undefined)}
      </p>
      {info && (
        <div class="inspection">
          {info.empty ? (
            // Not a byte: no lines, no problems, nothing to show but why it is empty.
            <p>{own ? w.ownEmpty : w.empty}</p>
          ) : (
            <>
              <p>
                {w.contents(info.lines, info.messages)}
                {info.targetMessages !== null ? w.current(info.targetMessages) : ''};{' '}
                {info.complete ? w.complete : own ? w.ownCut : w.cut}
                {info.problems ? w.problems(info.problems) : ''}
              </p>
              <pre class="raw" tabIndex={0} aria-label={w.firstLines(l.name)}>
                {info.head}
              </pre>
            </>
          )}
        </div>
      )}
      <div class="leftover-actions">
        {!info && (
          <button type="button" class="btn" onClick={() => void doInspect()}>
            {w.inspect}
          </button>
        )}
        {writable && !confirming && (
          <button type="button" class="btn danger" ref={remove} onClick={() => setConfirming(true)}>
            {w.remove}
          </button>
        )}
        {confirming && (
          <Confirm
            class="confirm"
            question={w.ask(l.name)}
            confirmLabel={w.del(l.name)}
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
  const w = pg().leftovers;
  return (
    <section class="leftovers-page" aria-labelledby="leftovers-title">
      <h2 id="leftovers-title">{w.title}</h2>
      <p class="muted">{rich(w.intro)}</p>
      {!ws?.writable && lefts.length > 0 && <p class="notice">{w.readOnly}</p>}
      {lefts.length === 0 ? (
        <p class="empty-state">{w.none}</p>
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

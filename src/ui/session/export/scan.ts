/**
 * The redaction step's findings over an export's title, key and messages, numbered once for the
 * list, the masks and the unmask choices. Big sessions are searched in slices that keep the page
 * responsive; nothing can be downloaded before the search is complete.
 */
import { useEffect, useState } from 'preact/hooks';
import { KEY_PATH, messagePath, numberFindings, redactNumbered, TITLE_PATH, type Numbered } from '../../../core/export/export-redact';
import type { SecretKind } from '../../../core/export/redact';
import type { PyValue } from '../../../core/python/pyvalue';
import { runNow, runSliced } from '../../../store/analyze/event-loop';
import { pg } from '../../i18n/text';

export type { Numbered };

export interface Scan {
  /** Findings in the title, the key, and each message (by message index). */
  title: Numbered[];
  key: Numbered[];
  messages: Numbered[][];
  all: Numbered[];
  done: boolean;
  /** Messages searched so far. */
  searched: number;
}

/** Where a finding is, in the reader's words: the title, the key, or a message and the field path inside it (as stored). */
export function whereOf(path: readonly (string | number)[]): string {
  const t = pg().export;
  if (path[0] === 'title') return t.whereTitle;
  if (path[0] === 'key') return t.whereKey;
  if (path[0] !== 'messages') return String(path[0]);
  const rest = path.slice(2).map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
  return `${t.whereMessage(Number(path[1]) + 1)}${rest ? ` · ${rest.replace(/^\./, '')}` : ''}`;
}

/** A kind of secret in the reader's words. */
export function secretLabel(kind: SecretKind): string {
  return pg().export.secret(kind);
}

function* search(title: string, key: string, messages: PyValue[], out: Scan): Generator<void, Scan> {
  let id = 0;
  const number = (v: PyValue, path: readonly (string | number)[]) => {
    const ns = numberFindings(v, key, path, id);
    id += ns.length;
    return ns;
  };
  out.title = number(title, TITLE_PATH);
  out.key = number(key, KEY_PATH);
  for (let i = 0; i < messages.length; i++) {
    out.messages.push(number(messages[i]!, messagePath(i)));
    out.searched = i + 1;
    yield;
  }
  out.all = [...out.title, ...out.key, ...out.messages.flat()];
  out.done = true;
  return out;
}

const empty = (): Scan => ({ title: [], key: [], messages: [], all: [], done: false, searched: 0 });

/** The whole search at once (tests, and the equality of large-file mode's export with this one). */
export function scanNow(title: string, key: string, messages: PyValue[]): Scan {
  return runNow(search(title, key, messages, empty()));
}

/** Searches the export's strings (again when they change); re-renders with progress and when done. */
export function useScan(title: string, key: string, messages: PyValue[]): Scan {
  const [scan, setScan] = useState<Scan>(empty);
  useEffect(() => {
    let live = true;
    const out = empty();
    setScan(out);
    const steps = search(title, key, messages, out);
    // Small inputs at once (no flash of "searching"); big ones in 8 ms slices.
    const t0 = performance.now();
    let r = steps.next();
    while (!r.done && performance.now() - t0 < 8) r = steps.next();
    if (r.done) setScan({ ...r.value });
    else void runSliced(steps).then((s) => live && setScan({ ...s }));
    return () => void (live = false);
  }, [title, key, messages]);
  return scan;
}

/** The mask written in place of a finding: what it was, and its number in the list (in the reader's words, like the rest of the export). */
export function maskFor(n: Numbered): string {
  return pg().export.mask(secretLabel(n.f.kind), n.id + 1);
}

/** The title, key and messages with every finding masked except those in `unmask`. */
export function redactAll(title: string, key: string, messages: PyValue[], scan: Scan, unmask: ReadonlySet<number>) {
  const mask = (n: Numbered) => (unmask.has(n.id) ? null : maskFor(n));
  return {
    title: redactNumbered(title, scan.title, TITLE_PATH, mask) as string,
    key: redactNumbered(key, scan.key, KEY_PATH, mask) as string,
    messages: messages.map((m, i) => redactNumbered(m, scan.messages[i] ?? [], messagePath(i), mask)),
  };
}

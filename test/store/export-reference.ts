/**
 * The redaction's whole search and masking over messages held in memory, all at once: the
 * reference the store's streamed export (every size) is held to in large-export.test.ts.
 */
import { KEY_PATH, messagePath, numberFindings, redactNumbered, TITLE_PATH, type Numbered } from '../../src/core/export/export-redact';
import type { PyValue } from '../../src/core/python/pyvalue';
import { runNow } from '../../src/store/analyze/event-loop';
import { maskFor } from '../../src/ui/session/export/scan';

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

/** The whole search at once. */
export function scanNow(title: string, key: string, messages: PyValue[]): Scan {
  return runNow(search(title, key, messages, empty()));
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

/**
 * One session file as every reader sees it, whatever its size: the store's single, normalised
 * surface over a session (as isomorphic-git's one `fs` is over every backend). A file's size picks
 * the implementation once, in `openSource` (open-source.ts): the whole document held in memory
 * (document-source.ts), or the file's line index with its lines read back by ranges or streamed
 * (indexed-source.ts). No caller asks again which one it has.
 *
 * Everything is async and answers codes and values, never sentences (the CLI and each UI language
 * word them); messages and lines come by ranges, and the answers too big to hold (a replay's
 * entries, a format's lines, a lens's messages) stream to a sink. nanobot's exceptions are values:
 * where its own `_load` raises, `load().raises` says so and every answer built on the load carries it.
 */
import type { Diagnostic } from '../../core/lens/document';
import type { LoadOutcome, NanobotSession } from '../../core/lens/load';
import type { EditChange, EditRefusal } from '../../core/edit/edits';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { PyError } from '../../core/python/pyjson';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import type { Fate, ReplayOptions, TokenCounter } from '../../core/replay/replay';
import type { EntrySink } from '../../core/replay/indexed-replay';
import type { SaveProgress } from '../save/atomic-save';
import type { ExportFormat, ExportHead } from '../../core/export/export';
import type { ExportFacts, ExportMask, ExportRunOptions, ExportScan } from './export-answers';
import type { FindUpdate } from './find-answers';
import type { LineIndex } from '../../core/index/line-index';
import type { IndexHealth } from '../../core/index/index-health';
import type { MessageTraces } from '../large/traces/trace-answers';
import type { ContextOverTime } from '../../core/replay/context-over-time';
import type { ReplayRun, ReplayView } from './replay/replay-answers';
import type { SourceConversation } from './conversation/rows';
import type { PlanDiff, TrimSpan } from '../save/edit-preview';

/** Which implementation answers: the whole document in memory, or the file's line index. */
export type SourceKind = 'document' | 'index';

/** What the file was when it was opened (a save is refused once it no longer is). */
export interface SourceStat {
  path: string;
  fileName: string;
  size: number;
  lastModified: number;
  version: NanobotVersion;
  kind: SourceKind;
  /** The other implementation the person may switch to for this file (the app's view switch), or null. */
  other: SourceKind | null;
}

/** A session without its messages: what a lens says of the session itself, and how many messages it holds. */
export type SessionHead = Omit<NanobotSession, 'messages' | 'messageLines'> & { count: number };

/**
 * nanobot's load (its `_load` under the key it would use) as a head and codes: `result` null when it
 * loads nothing; `error` the exception `_load` lets propagate (v0.3.0+: a RecursionError), where
 * nanobot's own `get_or_create` fails and no answer built on the load exists.
 */
export type SourceLoad = LoadOutcome<SessionHead> & { key: string };

/** The exception nanobot raises while answering (`during` says where), as values: what the CLI exits 1 on. */
export interface NanobotRaise {
  during: 'load' | 'replay';
  error: PyError;
  /** The message (0-based, in nanobot's lens) whose replay raised, and its 0-based file line. */
  message?: number;
  line?: number;
}

/** The last metadata record (the one nanobot reads): its line, value, and the key and title it gives. */
export interface SourceMeta {
  line: number;
  value: PyDict;
  /** Its stored key (a non-empty text), else null: nanobot then loads the file under its name's key. */
  key: string | null;
  /** nanobot's `metadata_title` of it ('' when none). */
  title: string;
}

/** Both lenses' counts and the recovered lens's diagnostics: what `check` and `load` report. */
export interface SourceHealth {
  load: SourceLoad;
  recovered: SessionHead;
  /** Lines in the file (the recovered lens's records). */
  lines: number;
  diagnostics: Diagnostic[];
}

/** Which lens a message range is read from: nanobot's load, or the recovered lens (every record that parses). */
export type Lens = 'nanobot' | 'recovered';

/** A run of messages of a lens: values and their 0-based file lines. */
export interface MessageRange {
  values: PyDict[];
  lines: number[];
}

/** A replay as nanobot's `get_history()` answers it, with every message's fate; null replay when nanobot loads nothing. */
export interface SourceReplay {
  load: SourceLoad;
  replay: {
    /** Messages of nanobot's lens. */
    count: number;
    lineOf(i: number): number;
    roleOf(i: number): string;
    fate(i: number): Fate;
    /** The kept entries (empty when they went to `emit`). */
    entries: PyDict[];
    tokens: number[] | null;
    error: (PyError & { message_index: number }) | null;
  } | null;
}

/** Each message's estimate (a number, or nanobot's estimator's exception as a value) and role. */
interface SourceTokens {
  load: SourceLoad;
  values: PyValue[];
  roles: string[];
}

/** Where dumped text goes: a piece (bytes of the file, valid only during the call, or text) and its message's place. */
export type PieceSink = (piece: Uint8Array | string, k: number) => void;

/** The edits a source plans and saves, each by both implementations (the index's with bounded memory). */
export type SourceEdit =
  | { kind: 'title'; title: string }
  | { kind: 'trim'; max: number; extendToUser: boolean }
  | { kind: 'repair' }
  | { kind: 'append'; role: string; content: PyValue }
  | { kind: 'last-consolidated'; upTo: number }
  | { kind: 'clear' }
  | { kind: 'remove-line'; line: number };

/**
 * A planned edit: what it changes, whether there is anything to write, and (said only when the
 * write is asked, as nanobot's save would raise then) the refusal the write gives.
 */
export interface SourcePlan {
  edit: SourceEdit;
  change: EditChange;
  /** False: nanobot would leave the file as it is. */
  writes: boolean;
  /** The write's refusal (a line nanobot's save cannot encode), thrown by `save` as a StoreError. */
  refusal: EditRefusal | null;
  /** A repair first keeps the file's bytes as a backup. */
  backup: boolean;
  /** The lines it removes, adds and rewrites (the first few listed): what its preview shows (edit-preview.ts). */
  diff: PlanDiff;
  /** A trim's: the messages it drops and the first it keeps. */
  trim?: TrimSpan;
}

/**
 * How a save is followed: its progress (the streamed save's slices), and a signal that stops it
 * where the store can (between slices, the file untouched: 'cancelled'; a whole document's one
 * write only before it starts).
 */
export interface SaveRun {
  signal?: AbortSignal;
  onProgress?: (p: SaveProgress) => void;
  /** Keep the file's bytes as a backup first (a repair's plan always does). */
  backup?: boolean;
  /** The tmp file's name (a `tmpFor` name the caller noted before the save began); else a fresh one. */
  tmpName?: string;
}

/** What a save did: bytes written, and the backup's path. */
interface SourceSaved {
  bytes: number;
  backup: string | null;
}

/** A fork ready to write (the same answer for a dry run and the write). */
export interface SourceFork {
  /** The key of the session forked (the one nanobot loads it under). */
  key: string;
  path: string;
  fileName: string;
  messages: number;
  /** The fork's `last_consolidated`, and the source's metadata keys it does not carry (the thread's own). */
  lastConsolidated: number;
  notCarried: string[];
}

/**
 * One session file, opened once. Every answer is nanobot's for the version the source was opened
 * at; a file that changes while it is read is refused with the store's 'conflict'.
 */
export interface SessionSource {
  readonly stat: SourceStat;
  /** The last metadata record (nanobot's), or null when the file has none. */
  meta(): Promise<SourceMeta | null>;
  /** nanobot's load, including a raise (`error`) with its Python exception type. */
  load(): Promise<SourceLoad>;
  /** Messages [from, to) of a lens (clamped to its count). */
  messages(lens: Lens, from: number, to: number): Promise<MessageRange>;
  /** The content bytes of file lines [from, to) (clamped), without their terminators. */
  lines(from: number, to: number): Promise<Uint8Array[]>;
  /** Both lenses' counts and the diagnostics. */
  health(): Promise<SourceHealth>;
  /**
   * The file's line index: each line's place, length, kind, terminator and problems (what the File
   * tab counts and lists, at every size); `onProgress` told the bytes and lines indexed while a page's worker builds it.
   */
  lineIndex(onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex>;
  /** The first `limit` bytes of each of `lines` (ascending), without terminators: rows read only as they come into view. */
  lineHeads(lines: ArrayLike<number>, limit: number): Promise<Uint8Array[]>;
  /** The line index's problems counted (once, in slices that yield; line-reads.ts), `onProgress` told the lines counted so far. */
  lineHealth(onProgress?: (lines: number) => void): Promise<IndexHealth>;
  /**
   * nanobot's replay. With `emit`, each kept entry goes there as it is made and none is held; the
   * replay is known not to raise before the first one goes (a raise comes back as `error`, nothing emitted).
   * `upto`: as of that many messages (the session then, `last_consolidated` clamped to them).
   */
  replay(opts: ReplayOptions, how?: { count?: TokenCounter; emit?: EntrySink; upto?: number }): Promise<SourceReplay>;
  /** Each message's estimate by `count` (its exception, as a value, where it raises). */
  tokens(count: (m: PyDict) => PyValue): Promise<SourceTokens>;
  /** The messages of a lens as json.dumps writes them, in order (a file's own bytes where the index knows they are). */
  dumped(lens: Lens, each: PieceSink): Promise<void>;
  /**
   * What nanobot's save would write, as pieces (its metadata line, then each message's line), or
   * the exception it raises (nothing is handed on then). Assumes nanobot loads something.
   */
  format(each: (piece: Uint8Array | string) => void): Promise<{ ok: true } | { ok: false; error: PyError }>;
  /** Plans an edit; `error` where nanobot's rules refuse it. `now`: nanobot's clock for it (else the one the source was opened with). */
  plan(edit: SourceEdit, now?: string): Promise<SourcePlan | { error: EditRefusal }>;
  /** Writes a plan atomically, refused ('conflict') when the file changed since it was opened; `run` follows and may stop it. */
  save(plan: SourcePlan, run?: SaveRun): Promise<SourceSaved>;
  /** Plans a fork before user turn `userIndex` (from 0) under `newKey`; throws the store's refusal. */
  planFork(userIndex: number, newKey: string, now?: string): Promise<SourceFork>;
  /** Writes that fork beside the file. */
  writeFork(userIndex: number, newKey: string, now?: string): Promise<SourceFork>;
  /** Deletes the file if it is still the one opened; `backup` keeps a copy first (its path answered). */
  remove(opts?: { backup?: boolean }): Promise<{ backup: string | null }>;
  /**
   * Finds `query` (literal, any case) in the recovered lens's messages' text and tool calls, in
   * order, at most `limit` matches, told as they are found (find-answers.ts); returns the stop.
   */
  find(query: string, limit: number, onUpdate: (u: FindUpdate) => void): () => void;
  /** What an export of the recovered lens states and holds (export-answers.ts). */
  exportFacts(): Promise<ExportFacts>;
  /** The redaction's search over the recovered lens: every finding counted, the first `listed` listed; its progress told, cancellable. */
  exportScan(title: string, key: string, listed: number, run?: ExportRunOptions): Promise<ExportScan>;
  /** The recovered lens's messages (its first `count`, for a preview) written as `format` with the findings masked, as a Blob of parts. */
  exportBlob(head: ExportHead, format: ExportFormat, mask: ExportMask, run?: ExportRunOptions, count?: number): Promise<Blob>;
  // Context tab
  /** What saving changed: each message of nanobot's load that carries a save trace (its place among them) with its traces; none when nanobot loads nothing (store/large/traces/trace-answers.ts). */
  traces(): Promise<MessageTraces[]>;
  // Replay tab
  /**
   * The Replay tab's answer under `opts` as of `upto` messages (null: all), every entry counted by
   * nanobot's estimate: from the token cache where the document is held, else off the page's thread
   * (replay/replay-answers.ts).
   */
  replayView(opts: ReplayOptions, upto: number | null, run?: ReplayRun): Promise<ReplayView>;
  /** Context over time under `opts` (the Replay tab's chart); null where only nanobot's exact path answers. */
  contextOverTime(opts: ReplayOptions, run?: ReplayRun): Promise<ContextOverTime | null>;
  // The Conversation tab
  /** The Conversation's rows in file order (at once), then the marker, the tool calls paired over the whole file and the corrupt lines' diagnostics (conversation/rows.ts); built once. */
  conversation(): Promise<SourceConversation>;
  // The Edit tab's (read-only, an edit is a download):
  /** The file a plan would write, as a Blob (the index's of the file's own slices); null where it would hold the file whole (the index's repair). */
  editBlob(plan: SourcePlan): Promise<Blob | null>;
  /** The fork's file as a Blob (the index's of the file's own slices and the few lines written anew); null where it would hold the file whole. */
  forkBlob(userIndex: number, newKey: string, now?: string): Promise<Blob | null>;
}

/** A source's find made when first asked (`make` loads its module then: a command that never finds never compiles it). */
export function lazyFind(make: () => Promise<SessionSource['find']>): SessionSource['find'] {
  let made: Promise<SessionSource['find']> | null = null;
  return (query, limit, onUpdate) => {
    let live = true;
    let stop: (() => void) | null = null;
    void (made ??= make()).then((find) => {
      if (live) stop = find(query, limit, onUpdate);
    });
    return () => {
      live = false;
      stop?.();
    };
  };
}

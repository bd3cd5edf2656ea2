/**
 * The CLI as a good citizen of pipes and terminals: a reader that closes the pipe early (`| head`)
 * ends the command quietly; Ctrl-C or a TERM during a save removes the save's tmp file before the
 * process exits; progress goes to stderr only on a terminal (and never with `--quiet`); colour goes
 * to stdout only on a terminal and never with NO_COLOR.
 */
import { fstatSync, rmSync, statSync, writeSync } from 'node:fs';
import type { StorageAdapter } from '../../store/adapter/adapter';
import type { SourceAdapter } from '../../store/source/source-adapter';
import { setTmpCreatedHook, tmpFilesInFlight } from '../../store/adapter/node-adapter';

/** Removes the tmp files of saves still being written: the originals are untouched until a rename. */
function removeTmpFiles(): void {
  for (const p of tmpFilesInFlight) {
    try {
      rmSync(p, { force: true });
    } catch {
      // Nothing more can be done in an exiting process; the tmp's name says what it is.
    }
  }
  tmpFilesInFlight.clear();
}

/** Exit codes as a shell reports a process ended by a signal: 128 + its number. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** A closed stdout or stderr: the reader has gone, nothing more can be said to it, so stop as `head`'s writers do. */
function readerGone(): never {
  removeTmpFiles();
  process.exit(0);
}

/**
 * Installs the process-wide handlers: a closed stdout (EPIPE) ends the process with status 0 and no
 * stack trace; SIGINT, SIGTERM and SIGHUP remove in-flight tmp files and exit with 128 + the signal.
 * With SESSION_LENS_TEST_HOLD_TMP set (tests only), a save says on stderr that its tmp file exists
 * and waits that many ms, so a test can interrupt it there.
 * `process.stdout` and `process.stderr` are Node streams made on first use (loading them costs every
 * run ~1.6 MiB and a few ms): the answer goes out through `writeStdout`, and their handler is added
 * only if some path makes them.
 */
export function installProcessGuards(): void {
  const closed = (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
    readerGone();
  };
  for (const name of ['stdout', 'stderr'] as const) {
    const d = Object.getOwnPropertyDescriptor(process, name);
    if (!d?.get || !d.configurable) {
      process[name].on('error', closed);
      continue;
    }
    const made = d.get;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: d.enumerable,
      get() {
        const stream = made.call(process) as NodeJS.WriteStream;
        Object.defineProperty(process, name, { configurable: true, enumerable: d.enumerable, writable: false, value: stream });
        stream.on('error', closed);
        return stream;
      },
    });
  }
  for (const sig of Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]) {
    process.on(sig, () => {
      removeTmpFiles();
      process.exit(SIGNAL_EXIT[sig]);
    });
  }
  const hold = Number(process.env.SESSION_LENS_TEST_HOLD_TMP);
  if (hold > 0) {
    setTmpCreatedHook(async (p) => {
      process.stderr.write(`session-lens: tmp ${p}\n`);
      await new Promise((r) => setTimeout(r, hold));
    });
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes to stdout (fd 1) at once, as Node's own stdout does on Linux for files, pipes and terminals,
 * without making its stream: the whole piece, in as many writes as it takes; a full non-blocking
 * pipe is waited on; a reader that has gone (EPIPE) ends the command quietly.
 */
export function writeStdout(data: string | Uint8Array): void {
  let bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') readerGone();
      if (code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 2);
    }
  }
}

/**
 * Whether fd 1 or 2 is a terminal, told without loading Node's tty and stream modules: a character
 * device other than /dev/null (where output is thrown away, as in the bench). On Windows, Node's own
 * answer.
 */
function isTerminal(fd: 1 | 2): boolean {
  if (process.platform === 'win32') return !!(fd === 1 ? process.stdout : process.stderr).isTTY;
  try {
    const s = fstatSync(fd);
    return s.isCharacterDevice() && s.rdev !== statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}

/** Colour on stdout: only on a terminal, never with NO_COLOR (any non-empty value); FORCE_COLOR forces it. */
export function colourOn(env: NodeJS.ProcessEnv = process.env, tty = isTerminal(1)): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return tty && env.TERM !== 'dumb';
}

export type Paint = (code: 'red' | 'yellow' | 'green' | 'dim', text: string) => string;

const SGR = { red: 31, yellow: 33, green: 32, dim: 2 } as const;

/** Wraps text in an SGR colour when colour is on, else leaves it as is. */
export function painter(on: boolean): Paint {
  return on ? (code, text) => `\x1b[${SGR[code]}m${text}\x1b[0m` : (_code, text) => text;
}

/** How often a progress line is redrawn, and how long work runs before the first one. */
const REDRAW_MS = 200;
const FIRST_AFTER_MS = 700;

/** A progress line on stderr, or nothing (piped, `--quiet`). */
export interface Progress {
  /** `done` of `total` (bytes or files); `what` names them. Throttled: cheap to call often. */
  update(done: number, total: number, what: 'bytes' | 'files'): void;
  /** Clears the line (call before the answer is printed, and at the end). */
  done(): void;
}

const SILENT: Progress = { update: () => undefined, done: () => undefined };

function mib(n: number): string {
  return `${(n / (1 << 20)).toFixed(n < 10 << 20 ? 1 : 0)} MiB`;
}

/**
 * Progress for this process: shown when stderr is a terminal and `quiet` is false, after the work
 * has run for a moment (short work says nothing). SESSION_LENS_PROGRESS=1 shows it from the start
 * wherever stderr goes (tests; logs that want it).
 */
export function progressFor(quiet: boolean, env: NodeJS.ProcessEnv = process.env, tty = isTerminal(2)): Progress {
  const forced = env.SESSION_LENS_PROGRESS === '1';
  if (quiet || (!tty && !forced)) return SILENT;
  const started = performance.now();
  let last = -Infinity;
  let shown = false;
  const firstAfter = forced ? 0 : FIRST_AFTER_MS;
  return {
    update(done, total, what) {
      const now = performance.now();
      if (now - started < firstAfter || now - last < REDRAW_MS) return;
      last = now;
      const elapsed = (now - started) / 1000;
      const left = done > 0 && total > done ? (elapsed * (total - done)) / done : 0;
      const amount = what === 'bytes' ? `read ${mib(done)} of ${mib(total)}` : `${done.toLocaleString('en')} of ${total.toLocaleString('en')} files`;
      const pct = total > 0 ? ` (${Math.min(100, Math.floor((100 * done) / total))}%)` : '';
      const eta = elapsed >= 1 && left >= 1 ? `, ~${Math.ceil(left)} s left` : '';
      process.stderr.write(`${tty ? '\r\x1b[K' : ''}session-lens: ${amount}${pct}${eta}${tty ? '' : '\n'}`);
      shown = true;
    },
    done() {
      if (shown && tty) process.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

let current: Progress = SILENT;

/** The process's progress line (silent until `useProgress`, and once stdout has been written to). */
export function progress(): Progress {
  return current;
}

/** Sets the process's progress line; `progress()` returns it from then on. */
export function useProgress(p: Progress): void {
  current = p;
}

/** Stops the progress line for good: the answer is being printed (on a terminal they share the screen). */
export function endProgress(): void {
  current.done();
  current = SILENT;
}

/**
 * An adapter whose streamed reads say how far they are: bytes of the file read in this pass, of
 * its size (a command reading a file twice shows each pass).
 */
export function withByteProgress(adapter: SourceAdapter): SourceAdapter {
  return {
    ...adapter,
    async *readChunks(path: string) {
      const total = (await adapter.stat(path)).size;
      let done = 0;
      for await (const c of adapter.readChunks(path)) {
        done += c.length;
        current.update(done, total, 'bytes');
        yield c;
      }
    },
  };
}

/**
 * An adapter whose head reads count files (a listing reads one head per file) of `total`, or, when
 * that is 0, of the `*.jsonl` files its folder listings found.
 */
export function withFileProgress(adapter: StorageAdapter, total: number): StorageAdapter {
  let done = 0;
  let listed = 0;
  const tick = () => current.update(++done, total || listed, 'files');
  const statHead = adapter.statHead?.bind(adapter);
  return {
    ...adapter,
    list: async (dir) => {
      const entries = await adapter.list(dir);
      for (const e of entries) if (e.kind === 'file' && e.name.endsWith('.jsonl')) listed++;
      return entries;
    },
    ...(statHead ? { statHead: (path: string, n: number, into?: Uint8Array) => (tick(), statHead(path, n, into)) } : {}),
    readHead: (path, n) => (tick(), adapter.readHead(path, n)),
  };
}

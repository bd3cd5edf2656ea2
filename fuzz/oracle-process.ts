/**
 * Spawns fuzz/oracle.py (nanobot's own code at one version) and talks to it: one JSON request a
 * line on stdin, one golden-format answer a line on stdout. nanobot runs with HOME set to a scratch
 * folder, so it never writes under the real ~/.nanobot; the environment is what
 * ../shared/nanobot/setup.sh prints (run here).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesOf, type NanobotVersion } from '../src/core/nanobot/nanobot-version';
import type { PyDict } from '../src/core/python/pyvalue';
import { parseGolden } from '../test/golden-values';

// From fuzz/ and from the bundle in .fuzz/ alike.
const ORACLE = fileURLToPath(new URL('../fuzz/oracle.py', import.meta.url));

/** nanobot's setup script: `$NANOBOT_SETUP`, else ../shared/nanobot/setup.sh beside the repository (from fuzz/ and .fuzz/ alike). */
const SETUP = process.env.NANOBOT_SETUP ?? fileURLToPath(new URL('../../shared/nanobot/setup.sh', import.meta.url));

/**
 * The variables nanobot's own environment needs at a version: runs ../shared/nanobot/setup.sh (it
 * unpacks the source and makes the venv once, then only prints) and keeps the lines it prints
 * (`export NAME='value'`), so the fuzzer needs no step of its own before it.
 */
export function nanobotEnv(version: string): Record<string, string> {
  if (!existsSync(SETUP)) throw new Error(`${SETUP} is missing: the fuzzer asks nanobot's own code, set up by that script (or set NANOBOT_SETUP)`);
  const r = spawnSync('bash', [SETUP, version], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${SETUP} ${version} failed (${r.status ?? r.signal}): ${(r.stderr ?? '').slice(-1500)}`);
  const env: Record<string, string> = {};
  for (const m of r.stdout.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]!] = m[2]!;
  if (!env.NANOBOT_PYTHON) throw new Error(`${SETUP} ${version} printed no NANOBOT_PYTHON`);
  return env;
}

/** The name setup.sh knows a version by: a pip release's git tag (`v0.2.1` for `0.2.1`), else the version's own name. */
export function setupName(version: NanobotVersion): string {
  return rulesOf(version).tag ?? version;
}

/** nanobot's answer on one file: the case (parsed) and its exact JSON text (for the fixture). */
export interface OracleAnswer {
  case: PyDict;
  text: string;
}

/** One `get_history` call of the big-file family (the CLI's `replay` flags say the same). */
export interface BigReplaySetting {
  max_messages: number;
  max_tokens: number;
  timestamps: boolean;
  extend_to_user: boolean;
  public: boolean;
}

type Raised = { error: { type: string; message: string } };

/** nanobot's answers on a big file; texts are Python's json.dumps of the value. */
export interface BigAnswer {
  /** The file name nanobot keeps the key's session in. */
  file: string;
  /** What the release's code lacks (fuzz/oracle.py's LACKS; empty for v0.2, v0.3.0 and main). */
  lacks?: string[];
  /** `_load` raised: every command that loads the session should report it. */
  raises?: { type: string; message: string };
  load?: { path: 'normal' | 'repair'; result: string };
  tokens?: (number | Raised)[];
  replay?: ({ entries: string } | Raised)[];
  format?: { sha256: string; bytes: number } | Raised;
  list: { rows: string } | Raised;
}

export class OracleError extends Error {}

export class Oracle {
  private child: ChildProcessWithoutNullStreams | null = null;
  private home = '';
  private buffer = '';
  /** Requests waiting for their answer, by id (an abandoned request's late answer finds no one). */
  private waiting = new Map<number, { resolve: (line: string) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private stderr = '';

  constructor(
    readonly version: NanobotVersion,
    /** Extra Python frames under each call into nanobot (recursion limits depend on the caller's depth). */
    private readonly frames = 0,
    private readonly timeoutMs = 60_000,
  ) {}

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    this.home = mkdtempSync(join(tmpdir(), 'nanobot-oracle-home-'));
    const nb = nanobotEnv(setupName(this.version));
    const env = { ...process.env, ...nb, HOME: this.home, TMPDIR: this.home, TZ: 'UTC', PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8' };
    const child = spawn(nb.NANOBOT_PYTHON!, [ORACLE, this.version, String(this.frames)], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (this.child !== child) return; // a stopped process's last words
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const id = Number(/^\{"id": (\d+)/.exec(line)?.[1]);
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        w?.resolve(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      const error = new OracleError(`oracle exited (${code ?? signal}): ${this.stderr.slice(-1500)}`);
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    });
    this.child = child;
    return child;
  }

  private request(req: Record<string, unknown>): Promise<string> {
    const child = this.start();
    const id = this.nextId++;
    return new Promise<string>((res, rej) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.stop();
        rej(new OracleError(`oracle timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, {
        resolve: (line) => {
          clearTimeout(timer);
          res(line);
        },
        reject: (e) => {
          clearTimeout(timer);
          rej(e);
        },
      });
      // JSON.stringify writes lone surrogates as `\udXXX` escapes, which Python's json.loads keeps.
      child.stdin.write(JSON.stringify({ id, ...req }) + '\n');
    });
  }

  /** nanobot's answers on one session file stored for `key` (file name: `fixture`, for the record). */
  async ask(key: string, bytes: Uint8Array, fixture: string): Promise<OracleAnswer> {
    const line = await this.request({ op: 'case', version: this.version, key, fixture, file_b64: Buffer.from(bytes).toString('base64') });
    const head = line.indexOf(', "case": ');
    if (head < 0) throw new OracleError(`oracle failed: ${line.slice(0, 4000)}`);
    const text = line.slice(head + ', "case": '.length, -1);
    return { case: parseGolden(text) as PyDict, text };
  }

  /** nanobot's `list_sessions()` over a folder holding these files (an `_listing.json` entry). */
  async askListing(files: { name: string; bytes: Uint8Array }[]): Promise<OracleAnswer> {
    const line = await this.request({ op: 'listing', files: files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString('base64') })) });
    const head = line.indexOf(', "listing": ');
    if (head < 0) throw new OracleError(`oracle failed: ${line.slice(0, 4000)}`);
    const text = line.slice(head + ', "listing": '.length, -1);
    return { case: parseGolden(text) as PyDict, text };
  }

  /** nanobot's answers to the CLI's read commands on one (big) file: see `run_big` in fuzz/oracle.py. */
  async askBig(key: string, bytes: Uint8Array, settings: BigReplaySetting[]): Promise<BigAnswer> {
    const line = await this.request({ op: 'big', key, file_b64: Buffer.from(bytes).toString('base64'), settings });
    const answer = (JSON.parse(line) as { big?: BigAnswer }).big;
    if (!answer) throw new OracleError(`oracle failed: ${line.slice(0, 4000)}`);
    return answer;
  }

  stop(): void {
    const child = this.child;
    this.child = null;
    if (child) child.kill('SIGKILL');
    const error = new OracleError('oracle stopped');
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
    if (this.home) rmSync(this.home, { recursive: true, force: true });
    this.home = '';
    this.buffer = '';
  }
}

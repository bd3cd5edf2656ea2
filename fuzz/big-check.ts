/**
 * The CLI's answers on a big file (its line-index path, as a user's run takes it) compared with
 * nanobot's own (`run_big` in fuzz/oracle.py): `load`, `tokens`, `replay` in four settings, `format`
 * and `list`, each run in this process through the CLI's `main`, its stdout, stderr and exit code kept.
 * A disagreement is named `<command>:<what>` (its kind), and each is run once more on the whole-file
 * path, which says whether the index path alone disagrees (`index path`) or both do (`both paths`).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/cli';
import { LINE_INDEX } from '../src/store/source/open-source';
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';
import type { BigAnswer, BigReplaySetting } from './oracle-process';
import { FROZEN_NOW } from './check';

/** The golden corpora's fixed file mtime (2002-02-27T09:06:07 UTC), which the oracle gives its files too. */
const MTIME_EPOCH = 1014800767;

export interface CliRun {
  code: number;
  out: Uint8Array;
  err: string;
}

export interface BigMismatch {
  kind: string;
  /**
   * Whether the whole-file path (the same command with the line index's threshold out of reach) disagrees
   * too: `both paths` (the same way), `index path` (it agrees), or `index path; whole file: <its kind>`.
   */
  paths: string;
  /** The whole-file path's own disagreement, where it differs. */
  whole?: string;
  detail: string;
}

/** One CLI invocation in this process: exit code, stdout bytes, stderr (a throw counts as exit 3, as the CLI's own handler gives). */
export async function runCli(argv: string[]): Promise<CliRun> {
  const pieces: Uint8Array[] = [];
  const err: string[] = [];
  const enc = new TextEncoder();
  const write = process.stderr.write;
  process.stderr.write = ((s: string | Uint8Array) => (err.push(String(s)), true)) as typeof process.stderr.write;
  let code: number;
  try {
    code = await main(argv, { log: (s) => pieces.push(enc.encode(s + '\n')), write: (s) => pieces.push(enc.encode(s)), bytes: (b) => pieces.push(new Uint8Array(b)) });
  } catch (e) {
    code = 3;
    err.push(`thrown: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  } finally {
    process.stderr.write = write;
  }
  return { code, out: Buffer.concat(pieces), err: err.join('') };
}

const text = (r: CliRun) => Buffer.from(r.out).toString('utf8');
const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Where the CLI's text first differs from nanobot's, with a little of each around it. */
function differs(want: string, got: string): string {
  let i = 0;
  while (i < want.length && want[i] === got[i]) i++;
  return `at char ${i} of ${want.length}: nanobot …${JSON.stringify(want.slice(Math.max(0, i - 40), i + 80))} / CLI …${JSON.stringify(got.slice(Math.max(0, i - 40), i + 80))}`;
}

/** The exception type an answer reports as JSON: an `error` object (top-level, or the nanobot lens's), else none. */
function reportedError(r: CliRun): string | null {
  const head = text(r).slice(0, 4000);
  // `{"error": {"code": "nanobot-raises", "during": …, "type": "KeyError", …}}`: the type among the error's values.
  return /"error": \{[^{}]*?"type": "(\w+)"/.exec(head)?.[1] ?? null;
}

/** A crash's first words, without names of variables or places (what sorts crashes into families). */
function crashCause(r: CliRun): string {
  const first = (r.err.trim() || text(r)).split('\n')[0]!.replace(/^thrown: |^session-lens: /, '');
  return first.replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N').slice(0, 60);
}

/** The CLI's flags for a replay setting. */
function replayFlags(s: BigReplaySetting): string[] {
  return ['--max-messages', String(s.max_messages), '--max-tokens', String(s.max_tokens), ...(s.timestamps ? ['--timestamps'] : []), ...(s.extend_to_user ? ['--extend-to-user'] : []), ...(s.public ? ['--public'] : [])];
}

const errorType = (v: unknown) => (typeof v === 'object' && v !== null && 'error' in v ? ((v as { error: { type?: string } }).error.type ?? null) : null);

type Verdict = { kind: string; detail: string } | null;

/**
 * One command's answer judged against nanobot's: a crash (exit 2 or 3) is a finding of its own; where
 * nanobot's `_load` raises, a command that loads the session must say so (exit 1 and the type). The
 * CLI prints Python's json.dumps form, so a value's text is compared with nanobot's as it is (values
 * nest past any parser's depth, and 1 and 1.0 stay apart).
 */
function judge(cmd: string, r: CliRun, g: BigAnswer): Verdict {
  if (r.code === 3 || r.code === 2) return { kind: `${cmd}:crash (${crashCause(r)})`, detail: `exit ${r.code}: ${short(r.err.trim() || text(r), 300)}` };
  const t = text(r);
  const said = reportedError(r);
  if (cmd !== 'list' && g.raises) {
    const told = cmd === 'format' ? t.includes(g.raises.type) || r.err.includes(g.raises.type) : said === g.raises.type;
    return told && r.code === 1 ? null : { kind: `${cmd}:load-raise-unreported`, detail: `nanobot's _load raises ${g.raises.type}; the CLI exits ${r.code} with ${short(t || r.err)}` };
  }
  if (cmd === 'load') {
    const path = /^\{"nanobot": \{"path": "(\w+)", "result": /.exec(t)?.[1];
    if (!path) return { kind: 'load:no-answer', detail: short(t || r.err) };
    if (path !== g.load!.path) return { kind: 'load:path', detail: `nanobot ${g.load!.path} / CLI ${path}` };
    const head = `{"nanobot": {"path": "${path}", "result": `;
    return t.startsWith(`${head}${g.load!.result}}, "recovered": `) ? null : { kind: 'load:result', detail: differs(g.load!.result, t.slice(head.length)) };
  }
  if (cmd === 'tokens') {
    let values: unknown[] | null = null;
    try {
      const body = t.trim();
      values = body.startsWith('{"values": ') ? (JSON.parse(body) as { values: unknown[] }).values : null;
    } catch {
      values = null;
    }
    const norm = (xs: unknown[]) => xs.map((x) => (typeof x === 'number' ? x : `raises ${errorType(x)}`));
    const want = norm(g.tokens!);
    const got = values ? norm(values) : null;
    if (JSON.stringify(got) === JSON.stringify(want)) return null;
    const i = got ? want.findIndex((w, k) => w !== got[k]) : -1;
    return { kind: 'tokens:values', detail: got ? `${want.length} / ${got.length} values; first difference at #${i}: nanobot ${String(want[i])} / CLI ${String(got[i])}` : short(t) };
  }
  if (cmd.startsWith('replay')) {
    const want = g.replay![Number(/\[(\d+)\]/.exec(cmd)![1])]!;
    if ('error' in want) return said === want.error.type ? null : { kind: `${cmd}:raise`, detail: `nanobot's get_history raises ${want.error.type}; the CLI exits ${r.code} with ${short(t)}` };
    if (said) return { kind: `${cmd}:raise`, detail: `nanobot replays; the CLI reports ${said}` };
    const head = '{"entries": ';
    return t.startsWith(`${head}${want.entries}, "fates": [`) ? null : { kind: `${cmd}:entries`, detail: differs(want.entries, t.slice(head.length)) };
  }
  if (cmd === 'format') {
    const f = g.format!;
    if ('error' in f) return r.code === 1 && (t + r.err).includes(f.error.type) ? null : { kind: 'format:raise', detail: `nanobot's save raises ${f.error.type}; the CLI exits ${r.code}` };
    const sha = createHash('sha256').update(r.out).digest('hex');
    return sha === f.sha256 ? null : { kind: 'format:bytes', detail: `nanobot writes ${f.bytes} bytes (sha256 ${f.sha256.slice(0, 12)}), the CLI prints ${r.out.length} (${sha.slice(0, 12)})` };
  }
  // list
  if ('error' in g.list) return said === g.list.error.type ? null : { kind: 'list:raise', detail: `nanobot's list_sessions raises ${g.list.error.type}; the CLI prints ${short(t)}` };
  const head = '{"rows": ';
  return t.startsWith(`${head}${g.list.rows}}`) ? null : { kind: 'list:rows', detail: differs(g.list.rows, t.slice(head.length)) };
}

/** Every command's answer on `bytes` (stored for `key` under nanobot's file name), checked against nanobot's. */
export async function checkBig(bytes: Uint8Array, key: string, version: NanobotVersion, g: BigAnswer, settings: BigReplaySetting[]): Promise<{ checks: number; mismatches: BigMismatch[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-big-'));
  const mismatches: BigMismatch[] = [];
  try {
    const file = join(dir, g.file);
    writeFileSync(file, bytes);
    utimesSync(file, MTIME_EPOCH, MTIME_EPOCH);
    const common = ['--nanobot', version, '--now', FROZEN_NOW];
    const onFile = (cmd: string, ...more: string[]) => [cmd, file, '--key', key, ...more, ...common];
    const commands: [string, string[]][] = [
      ['load', onFile('load', '--json')],
      // a release without `estimate_message_tokens` has no answer to compare (the CLI's estimate is the app's own)
      ...(g.lacks?.includes('estimate_message_tokens') ? [] : [['tokens', onFile('tokens', '--json')] as [string, string[]]]),
      ...settings.map((s, i): [string, string[]] => [`replay[${i}]`, onFile('replay', '--json', ...replayFlags(s))]),
      ['format', onFile('format')],
      ['list', ['list', dir, '--json', ...common]],
    ];
    for (const [cmd, argv] of commands) {
      const v = judge(cmd, await runCli(argv), g);
      if (!v) continue;
      // The same command on the whole-file path: does it disagree too?
      const from = LINE_INDEX.from;
      LINE_INDEX.from = Infinity;
      let whole: Verdict;
      try {
        whole = judge(cmd, await runCli(argv), g);
      } finally {
        LINE_INDEX.from = from;
      }
      if (!whole) mismatches.push({ ...v, paths: 'index path' });
      else if (whole.kind === v.kind) mismatches.push({ ...v, paths: 'both paths' });
      else mismatches.push({ ...v, paths: `index path; whole file: ${whole.kind}`, whole: whole.detail });
    }
    return { checks: commands.length, mismatches };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

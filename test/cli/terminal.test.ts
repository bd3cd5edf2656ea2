/**
 * The built CLI as a process, used as a person uses it in a shell: a pipe closed early, Ctrl-C
 * during a save, progress on stderr, colour. (The other CLI tests call `main` in-process; these
 * need the real stdout, signals and exit codes.)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root: string;
let cli: string;
let many: string;
let big: string;

/** A session file: metadata, then `n` messages in user/assistant pairs. */
function session(key: string, n: number, text = 'a message with a few words in it'): string {
  const lines = [JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: {}, last_consolidated: 0 })];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `${text} ${i}`, timestamp: '2026-01-01T00:00:00' }));
  return lines.join('\n') + '\n';
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-terminal-'));
  // LENS_CLI_UNDER_TEST runs these against another build (an older one, an installed package).
  const out = path.join(root, 'built');
  if (process.env.LENS_CLI_UNDER_TEST) cli = path.resolve(process.env.LENS_CLI_UNDER_TEST);
  else {
    const b = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { encoding: 'utf8', env: { ...process.env, CLI_OUT_DIR: out } });
    expect(b.status, b.stderr).toBe(0);
    cli = path.join(out, 'cli.js');
  }
  many = path.join(root, 'many', 'sessions');
  fs.mkdirSync(many, { recursive: true });
  for (let i = 0; i < 1500; i++) fs.writeFileSync(path.join(many, `cli_${i}.jsonl`), session(`cli:${i}`, 2, `hello number ${i}, with enough words to make a preview of a useful length`));
  big = path.join(root, 'big.jsonl');
  fs.writeFileSync(big, session('cli:big', 30_000));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs `node cli.js ARGS | head -c 100` in bash: the CLI's exit status and its stderr. */
function closedEarly(args: string[], env: NodeJS.ProcessEnv = {}): { status: number; stderr: string } {
  const quoted = args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const r = spawnSync('bash', ['-c', `'${process.execPath}' '${cli}' ${quoted} 2>"$ERR" | head -c 100 >/dev/null; exit \${PIPESTATUS[0]}`], { encoding: 'utf8', env: { ...process.env, ...env, ERR: path.join(root, 'stderr.txt') } });
  return { status: r.status!, stderr: fs.readFileSync(path.join(root, 'stderr.txt'), 'utf8') };
}

describe('a pipe closed early', () => {
  it.each([
    ['list --json', () => ['list', many, '--json', '--nanobot', 'main']],
    ['list', () => ['list', many, '--nanobot', 'main']],
    ['format (a streamed file)', () => ['format', big, '--nanobot', 'v0.2']],
    ['load --json (a streamed file)', () => ['load', big, '--json', '--nanobot', 'v0.2']],
    ['replay --json', () => ['replay', big, '--json', '--nanobot', 'main', '--max-messages', '20000']],
  ])('%s ends quietly: status 0 or 141, no stack trace', (_name, args) => {
    const r = closedEarly(args());
    expect([0, 141]).toContain(r.status);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
  });
});

/** Spawns a CLI run whose saves wait once their tmp file exists; resolves when one does. */
function heldSave(args: string[]) {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, SESSION_LENS_TEST_HOLD_TMP: '20000' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const tmpOpen = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /session-lens: tmp (.*)\n/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`the save ended (${code}) before its tmp file was said`)));
  });
  return { child, exited, tmpOpen, stderr: () => stderr };
}

describe('an interrupt during a write', () => {
  it.each([
    ['SIGINT', 130, 'trim (whole file)', 2],
    ['SIGTERM', 143, 'trim (whole file)', 2],
    ['SIGINT', 130, 'trim (streamed)', 30_000],
  ] as const)('%s leaves the original and no .tmp, exit %i: %s', async (signal, code, _name, n) => {
    const file = path.join(root, `edit-${signal}-${n}.jsonl`);
    const original = session('cli:edit', n === 2 ? 40 : n);
    fs.writeFileSync(file, original);
    const run = heldSave(['trim', file, '4', '--write', '--nanobot', 'v0.2']);
    const tmp = await run.tmpOpen;
    expect(fs.existsSync(tmp)).toBe(true);
    run.child.kill(signal);
    expect(await run.exited).toBe(code);
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
    expect(fs.readdirSync(root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(run.stderr()).not.toMatch(/Error|at /);
  });
});

describe('progress on stderr', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, SESSION_LENS_PROGRESS: '', ...env } });

  it('says nothing when stderr is not a terminal', () => {
    expect(run(['list', many, '--nanobot', 'main']).stderr).toBe('');
    expect(run(['format', big, '--nanobot', 'v0.2']).stderr).toBe('');
  });

  it('counts files listed, and bytes read of the size, where progress is shown', () => {
    const listed = run(['list', many, '--nanobot', 'main'], { SESSION_LENS_PROGRESS: '1' });
    expect(listed.stderr).toMatch(/^session-lens: [\d,]+ of 1,500 files \(\d+%\)/m);
    const read = run(['format', big, '--nanobot', 'v0.2'], { SESSION_LENS_PROGRESS: '1' });
    expect(read.stderr).toMatch(/^session-lens: read [\d.]+ MiB of [\d.]+ MiB \(\d+%\)/m);
    expect(read.stdout).toBe(run(['format', big, '--nanobot', 'v0.2']).stdout);
  });

  it('is silent with --quiet', () => {
    expect(run(['list', many, '--quiet', '--nanobot', 'main'], { SESSION_LENS_PROGRESS: '1' }).stderr).toBe('');
  });
});

describe('colour', () => {
  const folder = () => {
    const dir = path.join(root, 'colour', 'sessions');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cli_1.jsonl'), session('cli:1', 2) + '{not json\n');
    return dir;
  };
  const check = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, [cli, 'check', folder(), '--nanobot', 'v0.2'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } }).stdout;

  it('is off in a pipe, on where forced, and never with NO_COLOR', () => {
    expect(check({})).not.toContain('\x1b[');
    expect(check({ FORCE_COLOR: '1' })).toContain('\x1b[31merror\x1b[0m');
    expect(check({ FORCE_COLOR: '1', NO_COLOR: '1' })).not.toContain('\x1b[');
  });
});

describe('start-up cost', () => {
  /** Runs the CLI with a preload that writes, at exit, the Node modules it loaded. */
  const modulesLoaded = (args: string[], stdout: 'pipe' | 'ignore' | number): string[] => {
    const report = path.join(root, `modules-${Math.random().toString(36).slice(2)}.txt`);
    const preload = path.join(root, 'report-modules.cjs');
    fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join('\\n')));\n`);
    const r = spawnSync(process.execPath, ['--require', preload, cli, ...args], { stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return fs.readFileSync(report, 'utf8').split('\n');
  };
  const streamsLoaded = (args: string[], stdout: 'pipe' | 'ignore' | number) => modulesLoaded(args, stdout).includes('NativeModule stream');

  it('writes the answer to a pipe, a file or /dev/null without making Node’s stdout and stderr streams', () => {
    const file = fs.openSync(path.join(root, 'answer.txt'), 'w');
    const devNull = fs.openSync('/dev/null', 'w');
    try {
      expect(streamsLoaded(['list', many, '--json', '--nanobot', 'main'], 'pipe')).toBe(false);
      expect(streamsLoaded(['list', many, '--nanobot', 'v0.2'], file)).toBe(false);
      expect(streamsLoaded(['--version'], devNull)).toBe(false);
    } finally {
      fs.closeSync(file);
      fs.closeSync(devNull);
    }
    // The answer is all there, written at once.
    expect(fs.readFileSync(path.join(root, 'answer.txt'), 'utf8')).toMatch(/\n1,?500 sessions; read \d+ of \d+ bytes\n$/);
  });

  it('reads and lists through Node’s callback file API, never loading fs/promises (and the modules it pulls in)', () => {
    for (const args of [
      ['list', many, '--json', '--nanobot', 'main'],
      ['format', big, '--nanobot', 'v0.2'],
      ['load', big, '--json', '--nanobot', 'v0.2'],
    ]) {
      const loaded = modulesLoaded(args, 'ignore');
      expect(loaded, args[0]).not.toContain('NativeModule internal/fs/promises');
      expect(loaded, args[0]).not.toContain('NativeModule stream');
    }
  });

  it('a big file’s trim --write loads neither Node’s ES module loader nor its Web Crypto (each ~7 ms, up to 2 MiB a run)', () => {
    // (A small file's save hashes its snapshot with Web Crypto's SHA-256, the hash a conflict shows.)
    for (const version of ['v0.2', 'main']) {
      const copy = path.join(root, `save-${version}.jsonl`);
      fs.copyFileSync(big, copy);
      const loaded = modulesLoaded(['trim', copy, '10', '--write', '--nanobot', version], 'ignore');
      expect(loaded, version).not.toContain('NativeModule internal/modules/esm/module_job');
      expect(loaded, version).not.toContain('NativeModule internal/crypto/webcrypto');
      expect(fs.readFileSync(copy, 'utf8').trimEnd().split('\n')).toHaveLength(11);
    }
  });

  /** The CLI's own files a run loads (its entry and chunks). */
  const filesLoaded = (args: string[]): string[] => {
    const report = path.join(root, `files-${Math.random().toString(36).slice(2)}.txt`);
    const preload = path.join(root, 'report-files.cjs');
    fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, Object.keys(require.cache).join('\\n')));\n`);
    const r = spawnSync(process.execPath, ['--require', preload, cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return fs.readFileSync(report, 'utf8').split('\n').filter((f) => f !== preload);
  };

  it('a big file’s trim loads the line-index source, not the whole document’s; a small file’s read the other way round', () => {
    const copy = path.join(root, 'trim-big.jsonl');
    fs.copyFileSync(big, copy);
    const files = filesLoaded(['trim', copy, '10', '--nanobot', 'v0.2']).map((f) => path.basename(f));
    expect(files.some((f) => /^indexed-source-.*\.js$/.test(f))).toBe(true);
    expect(files.filter((f) => /^document-source-.*\.js$/.test(f))).toEqual([]);
    const small = path.join(root, 'small.jsonl');
    fs.writeFileSync(small, fs.readFileSync(big).subarray(0, 4096).toString('latin1').split('\n').slice(0, -1).join('\n') + '\n', 'latin1');
    const read = filesLoaded(['tokens', small, '--nanobot', 'v0.2']).map((f) => path.basename(f));
    expect(read.some((f) => /^document-source-.*\.js$/.test(f))).toBe(true);
    expect(read.filter((f) => /^indexed-source-.*\.js$/.test(f))).toEqual([]);
  });

  it('a small file’s commands never load the line index’s byte scanner; a big file’s do', () => {
    // The whole document's source indexes its lines only when the app's File tab asks; the scanner's
    // modules (its WebAssembly kernel, the byte facts, the index) are ~64 KB a small run compiled for nothing.
    const small = path.join(root, 'small-scan.jsonl');
    fs.writeFileSync(small, session('cli:small', 40));
    const scans = (files: string[]) => files.some((f) => fs.readFileSync(f, 'utf8').includes('WebAssembly.Module'));
    for (const args of [
      ['replay', small, '--json', '--nanobot', 'v0.2'],
      ['load', small, '--json', '--nanobot', 'main'],
      ['tokens', small, '--nanobot', 'main'],
      ['format', small, '--nanobot', 'v0.2'],
    ]) expect(scans(filesLoaded(args)), args.join(' ')).toBe(false);
    expect(scans(filesLoaded(['replay', big, '--json', '--nanobot', 'v0.2']))).toBe(true);
  });

  it('a command that counts no tokens never loads the counter’s code; one that counts does', () => {
    // The counter (the cl100k scanner, its merge, the shipped table's reader) is ~24 KB a run would
    // compile for nothing: a windowed replay, load and format count nothing.
    const counts = (files: string[]) => files.some((f) => fs.readFileSync(f, 'utf8').includes('cl100k.ranks'));
    for (const args of [
      ['replay', big, '--json', '--max-messages', '20', '--nanobot', 'main'],
      ['load', big, '--json', '--nanobot', 'v0.2'],
      ['format', big, '--nanobot', 'main'],
    ]) expect(counts(filesLoaded(args)), args.join(' ')).toBe(false);
    expect(counts(filesLoaded(['tokens', big, '--nanobot', 'v0.2']))).toBe(true);
    expect(counts(filesLoaded(['replay', big, '--json', '--max-tokens', '4000', '--nanobot', 'main']))).toBe(true);
  });

  it('the entry calls Node’s modules directly, not through copies whose every member is a getter', () => {
    // A namespace or default import of node:fs was bundled as such a copy (rolldown's __toESM), and every
    // fs call of a listing went through a getter; a dynamic import of a module in the entry made another.
    const entry = fs.readFileSync(cli, 'utf8');
    expect(entry).not.toMatch(/__toESM\(node_/);
    expect(entry).not.toMatch(/__exportAll\(/);
    expect(filesLoaded(['--version'])).toEqual([cli]);
  });
});

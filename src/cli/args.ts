/** Command-line parsing for the CLI: positionals, `--flag`, `--name value` / `--name=value`. */

/** A bad invocation: the CLI prints it on one line and exits 2. */
export class UsageError extends Error {}

const FLAGS = new Set(['json', 'timestamps', 'extend-to-user', 'write', 'help', 'version', 'public', 'quiet']);
const VALUES = new Set(['key', 'max-messages', 'max-tokens', 'now', 'nanobot', 'workspace', 'message', 'context-window']);

export interface Args {
  command: string | undefined;
  json: boolean;
  key: string | undefined;
  flag(name: string): boolean;
  string(name: string): string | undefined;
  int(name: string, fallback: number): number;
  positional(i: number, name: string): string;
  positionalInt(i: number, name: string): number;
  /** Refuses arguments beyond the first `n` a command takes (a typo must not pass silently). */
  noMoreThan(n: number): void;
}

function toInt(text: string, what: string): number {
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${what} must be a whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Parses argv (without node and the script path). */
export function parseArgs(argv: string[]): Args {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      if (FLAGS.has(name)) {
        if (eq >= 0) throw new UsageError(`--${name} takes no value`);
        flags.add(name);
      } else if (VALUES.has(name)) {
        const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
        if (v === undefined) throw new UsageError(`--${name} needs a value`);
        values.set(name, v);
      } else throw new UsageError(`unknown option --${name}`);
    } else if (a === '-h') flags.add('help');
    else positionals.push(a);
  }
  const [command, ...rest] = positionals;
  return {
    command,
    json: flags.has('json'),
    key: values.get('key'),
    flag: (n) => flags.has(n),
    string: (n) => values.get(n),
    int: (n, fallback) => (values.has(n) ? toInt(values.get(n)!, `--${n}`) : fallback),
    positional(i, name) {
      const v = rest[i];
      if (v === undefined) throw new UsageError(`${command}: missing ${name}`);
      return v;
    },
    positionalInt(i, name) {
      return toInt(this.positional(i, name), name);
    },
    noMoreThan(n) {
      if (rest.length > n) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(rest[n])}${n ? ` (it takes ${n})` : ''}`);
    },
  };
}

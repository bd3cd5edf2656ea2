#!/usr/bin/env node
/** Entry point of the `session-lens` command. */
import { setFlagsFromString } from 'node:v8';
import { parseArgs } from './args';
import { main } from './cli';

/**
 * Commands whose live data is one small row per file, kept to the end: as those rows survive, V8
 * grows its young generation to 16 MiB semi-spaces (~10 MiB of `list`'s peak RSS at 10,000 files).
 * Kept at its starting size, it scavenges more often at no measured cost in CPU time.
 */
const SMALL_YOUNG_GENERATION = new Set(['list']);

const argv = process.argv.slice(2);
let command: string | undefined;
try {
  command = parseArgs(argv).command;
} catch {
  // main() reports the bad arguments
}
if (command && SMALL_YOUNG_GENERATION.has(command)) setFlagsFromString('--semi-space-growth-factor=1');

main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`session-lens: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 3;
  },
);

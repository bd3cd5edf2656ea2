#!/usr/bin/env node
/** Entry point of the `session-lens` command. */
import { main } from './cli';
import { installProcessGuards } from './output/terminal';

installProcessGuards();

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`session-lens: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 3;
  },
);

/** The CLI run in-process at a fixed clock: stdout lines through `log`, stderr captured. */
import { vi } from 'vitest';
import { main } from '../../src/cli/cli';

export const NOW = ['--now', '2031-07-08T09:10:11.121314'];

/** Runs `session-lens argv… --now NOW`; its exit code, stdout and stderr. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const lines: string[] = [];
  let err = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = await main([...argv, ...NOW], { log: (s) => lines.push(s) });
    return { code, out: lines.join('\n'), err };
  } finally {
    spy.mockRestore();
  }
}

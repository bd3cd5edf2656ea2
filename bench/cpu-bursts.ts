/**
 * Which functions a page's long stretches of work ran, from a CPU profile (CDP Profiler): the samples
 * are cut into bursts of uninterrupted work (the page idle ends one), and each burst over `minMs` is
 * listed with the functions it spent most time in (self time). Printed by `BENCH_REOPEN_PROFILE=1`;
 * build the app unminified (BENCH_REOPEN_DIR) for names that say something.
 */
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Profiles `during` at 0.2 ms and returns one line per burst of work over `minMs`, with its top functions. */
export async function profileBursts(cdp: CDPSession, during: () => Promise<void>, minMs = 40): Promise<string[]> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  let profile: Profile;
  try {
    await during();
  } finally {
    profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const lines: string[] = [];
  let t = 0;
  let burst: { start: number; end: number; self: Map<string, number> } | null = null;
  const flush = () => {
    if (burst && burst.end - burst.start >= minMs * 1000) {
      const top = [...burst.self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`).join('; ');
      lines.push(`${((burst.end - burst.start) / 1000).toFixed(0)} ms of work: ${top}`);
    }
    burst = null;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    const f = byId.get(profile.samples[i]!)?.callFrame;
    const name = f?.functionName ?? '?';
    if (name === '(idle)') {
      flush();
      continue;
    }
    burst ??= { start: t, end: t, self: new Map() };
    burst.end = t;
    const label = `${name || '(anon)'}@${f?.url.replace(/^.*\//, '') ?? ''}:${(f?.lineNumber ?? 0) + 1}`;
    burst.self.set(label, (burst.self.get(label) ?? 0) + dt);
  }
  flush();
  return lines;
}

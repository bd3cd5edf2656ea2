/**
 * Where a page load's time goes, from Chromium's trace: the main thread's tasks from the navigation
 * on (what each spent its time in: HTML parse, a script's evaluation, a function call, style, layout,
 * paint, GC), with the page's own performance marks and the first paint between them, in ms since the
 * navigation began. Printed by `BENCH_REOPEN_TRACE=1 npm run bench -- reopen`.
 */
import type { CDPSession } from 'playwright-core';
import { traceMainEvents, type TraceEvent } from './trace';

const CATEGORIES = 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.gc,blink.user_timing,loading';
/** Events worth naming inside a task (the rest are summed under their task). */
const NAMED = new Set(['ParseHTML', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC', 'ParseAuthorStyleSheet', 'EventDispatch']);

const file = (url: string | undefined) => (url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') : '');

/** Traces `during` (a navigation) and returns one line per main-thread task over `minMs` and per mark, in time order. */
export async function traceLoad(cdp: CDPSession, during: () => Promise<void>, minMs = 2): Promise<string[]> {
  const events = await traceMainEvents(cdp, CATEGORIES, during);
  // The page's time origin: from a mark's own startTime (several navigationStart events are traced, some of no document).
  const mark = events.find((e) => (e.name.startsWith('lens:') || e.name.startsWith('bench:')) && typeof markStart(e) === 'number');
  const nav = mark ? mark.ts - markStart(mark)! * 1000 : undefined;
  if (nav === undefined) return ['no performance mark in the trace'];
  const at = (ts: number) => ((ts - nav) / 1000).toFixed(1);
  const lines: { ts: number; text: string }[] = [];
  for (const e of events) {
    if (e.ts < nav) continue;
    if (e.name === 'firstPaint' || e.name === 'firstContentfulPaint' || e.name.startsWith('lens:') || e.name.startsWith('bench:')) lines.push({ ts: e.ts, text: `${at(e.ts)} ms  · ${e.name}` });
  }
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.ts >= nav && (e.dur ?? 0) / 1000 >= minMs);
  const inner = events.filter((e) => e.ph === 'X' && NAMED.has(e.name));
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of inner) {
      if (e.ts < t.ts || e.ts >= end) continue;
      const label = e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' ? `${e.name}(${file(argUrl(e))})` : e.name === 'FunctionCall' ? `FunctionCall(${file(argUrl(e))})` : e.name;
      parts.set(label, (parts.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, d]) => `${n} ${d.toFixed(1)}`).join(', ');
    lines.push({ ts: t.ts, text: `${at(t.ts)}–${at(end)} ms  task ${((t.dur ?? 0) / 1000).toFixed(1)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(1)}): ${top}` });
  }
  return lines.sort((a, b) => a.ts - b.ts).map((l) => l.text);
}

/** A performance mark's startTime (ms since the page's time origin), as the trace records it. */
function markStart(e: TraceEvent): number | undefined {
  return (e.args as { data?: { startTime?: number } } | undefined)?.data?.startTime;
}

/** The script URL an event names (EvaluateScript: data.url; v8.compile: fileName; FunctionCall: data.url). */
function argUrl(e: TraceEvent): string | undefined {
  const a = e.args as { data?: { url?: string }; fileName?: string } | undefined;
  return a?.data?.url ?? a?.fileName;
}

/**
 * The workspace health report, as data: for each file, nanobot's verdict (how its own load and
 * listing treat the file) and every diagnostic of the recovered lens, worst files first.
 */
import type { Diagnostic, DiagnosticKind, Severity } from '../../core/document';
import type { SessionSummary } from '../../store/sessions';
import { plural } from '../format';
import type { LeftoverInfo } from './model';
import type { FileScan } from './scan';

export type Verdict = { tone: 'danger' | 'warn' | 'ok' | 'pending'; label: string; text: string };

export interface FileHealth {
  summary: SessionSummary;
  scan: FileScan | undefined;
  skipped?: string;
  verdicts: Verdict[];
  diagnostics: Diagnostic[];
  leftovers: LeftoverInfo[];
  /** 0 worst … 3 fine: for sorting and the summary. */
  rank: number;
}

/** Diagnostics about the whole file rather than one line (linked without a line number). */
export const FILE_LEVEL: ReadonlySet<DiagnosticKind> = new Set(['line-ending', 'missing-metadata']);

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** What nanobot's load and list make of a file, in sentences. */
export function verdictsFor(s: SessionSummary, scan: FileScan | undefined, skipped?: string): Verdict[] {
  const out: Verdict[] = [];
  if (!s.row) out.push({ tone: 'warn', label: 'Listing', text: `Not in nanobot’s session list: ${s.skipReason ?? 'its first line is not a metadata record'}.` });
  else if (s.flags.damaged) out.push({ tone: 'warn', label: 'Listing', text: 'nanobot’s session list reads this file through its repair pass (its first lines cannot be read as written), so it shows fallback times and key.' });
  if (!scan) {
    out.push(skipped ? { tone: 'pending', label: 'Not checked', text: `${skipped}.` } : { tone: 'pending', label: 'Pending', text: 'Checking the whole file…' });
    return out;
  }
  const n = scan.nanobot;
  if (n.empty) {
    const err = n.repairError ?? n.strictError;
    out.push({
      tone: 'danger',
      label: 'Loading',
      text: `nanobot loads nothing from this file (${err ? `${err.type}: ${err.message}` : 'no messages and no metadata'}). It would start an empty session, and its next save would destroy the whole file.`,
    });
  } else if (n.path === 'repair') {
    const skippedLines = n.skipped ? `, skipping ${plural(n.skipped, 'line')} it cannot parse` : '';
    out.push({
      tone: 'danger',
      label: 'Loading',
      text: `nanobot’s strict load fails (${n.strictError?.type}: ${n.strictError?.message}); its repair pass recovers ${plural(n.messages, 'message')}${skippedLines}. Its next save writes only what it recovered.`,
    });
  } else {
    out.push({ tone: 'ok', label: 'Loading', text: `nanobot loads ${plural(n.messages, 'message')}${n.lastConsolidated ? `, ${plural(n.lastConsolidated, 'already archived', 'already archived')} (last_consolidated ${n.lastConsolidated})` : ''}.` });
  }
  return out;
}

/** One entry per file, worst first; `withInfo` keeps info-level notes (blank lines, line endings). */
export function healthReport(
  summaries: readonly SessionSummary[],
  scans: ReadonlyMap<string, FileScan>,
  skipped: ReadonlyMap<string, string>,
  lefts: readonly LeftoverInfo[],
  withInfo: boolean,
): FileHealth[] {
  const out = summaries.map((s) => {
    const scan = scans.get(s.path);
    const diagnostics = (scan?.diagnostics ?? []).filter((d) => withInfo || d.severity !== 'info');
    const verdicts = verdictsFor(s, scan, skipped.get(s.path));
    const leftovers = lefts.filter((l) => l.target === s.fileName);
    const worstDiag = Math.min(3, ...diagnostics.map((d) => SEVERITY_RANK[d.severity]));
    const worstVerdict = Math.min(3, ...verdicts.map((v) => (v.tone === 'danger' ? 0 : v.tone === 'warn' ? 1 : 3)));
    const rank = Math.min(worstDiag, worstVerdict, leftovers.length ? 1 : 3);
    return { summary: s, scan, ...(skipped.has(s.path) ? { skipped: skipped.get(s.path) } : {}), verdicts, diagnostics, leftovers, rank };
  });
  return out.sort((a, b) => a.rank - b.rank);
}

/** Whether a file has anything to report. */
export function hasProblems(h: FileHealth): boolean {
  return h.rank < 3;
}

/**
 * The workspace health report, as data: for each file, nanobot's verdict (how its own load and
 * listing treat the file) and every diagnostic of the recovered lens, worst files first.
 */
import type { Diagnostic, DiagnosticKind, Severity } from '../../../core/lens/document';
import type { SessionSummary } from '../../../store/listing/session-list';
import type { LeftoverInfo } from '../model';
import { SCAN_MAX_BYTES, TOO_BIG } from '../scan/scanner';
import type { FileScan } from '../scan/scan';
import { problemIds, type BadgeId } from '../rows';
import { pg, ui } from '../../i18n/text';
import { skipOf } from '../../shell/status';

/** `label` and `text` are read when shown (the health page's words load with it, in the language on screen). */
export type Verdict = { tone: 'danger' | 'warn' | 'ok' | 'pending'; readonly label: string; readonly text: string };

type LabelKey = 'listing' | 'loading' | 'notChecked' | 'pending';
type HealthText = ReturnType<typeof pg>['health'];

/** A verdict whose words are looked up on reading, so the workspace's problem count never needs the pages' words. */
function said(tone: Verdict['tone'], label: LabelKey, text: (h: HealthText) => string): Verdict {
  return {
    tone,
    get label() {
      return pg().health.label[label];
    },
    get text() {
      return text(pg().health);
    },
  };
}

const pyError = (e: { type: string; message: string } | null | undefined) => (e ? `${e.type}: ${e.message}` : null);

export interface FileHealth {
  summary: SessionSummary;
  scan: FileScan | undefined;
  skipped?: string;
  verdicts: Verdict[];
  diagnostics: Diagnostic[];
  leftovers: LeftoverInfo[];
  /** 0 worst … 3 fine: for sorting and the summary. */
  rank: number;
  /** The file's problems as the list badges them (rows.ts problemIds). */
  problems: BadgeId[];
}

/** Diagnostics about the whole file rather than one line (linked without a line number). */
export const FILE_LEVEL: ReadonlySet<DiagnosticKind> = new Set(['line-ending', 'missing-metadata']);

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** What nanobot's load and list make of a file, in sentences. */
export function verdictsFor(s: SessionSummary, scan: FileScan | undefined, skipped?: string): Verdict[] {
  const out: Verdict[] = [];
  const reason = skipOf(s);
  if (!s.row) out.push(said('warn', 'listing', (h) => h.notInList(reason ? ui().workspace.skip(reason) : ui().workspace.noMetadata)));
  else if (s.flags.damaged) out.push(said('warn', 'listing', (h) => h.listRepaired));
  if (!scan) {
    const tooBig = skipped === TOO_BIG;
    out.push(skipped ? said('pending', 'notChecked', (h) => h.skipped(tooBig ? h.tooBig(SCAN_MAX_BYTES / 1024 / 1024) : skipped)) : said('pending', 'pending', (h) => h.pendingText));
    return out;
  }
  const n = scan.nanobot;
  if (n.empty) out.push(said('danger', 'loading', (h) => h.loadsNothing(pyError(n.repairError ?? n.strictError))));
  else if (n.path === 'repair') out.push(said('danger', 'loading', (h) => h.repairs(`${n.strictError?.type}: ${n.strictError?.message}`, n.messages, n.skipped)));
  else out.push(said('ok', 'loading', (h) => h.loads(n.messages, n.lastConsolidated)));
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
  const targets = new Set(lefts.map((l) => l.target));
  const out = summaries.map((s) => {
    const scan = scans.get(s.path);
    const problems = problemIds(s, scan, targets);
    const diagnostics = (scan?.diagnostics ?? []).filter((d) => withInfo || d.severity !== 'info');
    const verdicts = verdictsFor(s, scan, skipped.get(s.path));
    const leftovers = lefts.filter((l) => l.target === s.fileName);
    const worstDiag = Math.min(3, ...diagnostics.map((d) => SEVERITY_RANK[d.severity]));
    const worstVerdict = Math.min(3, ...verdicts.map((v) => (v.tone === 'danger' ? 0 : v.tone === 'warn' ? 1 : 3)));
    const rank = Math.min(worstDiag, worstVerdict, leftovers.length || problems.length ? 1 : 3);
    return { summary: s, scan, ...(skipped.has(s.path) ? { skipped: skipped.get(s.path) } : {}), verdicts, diagnostics, leftovers, rank, problems };
  });
  return out.sort((a, b) => a.rank - b.rank);
}

/** How many files have a problem (rows.ts problemIds: the list's badges and "Only problems" count the same files). */
export function problemCount(summaries: readonly SessionSummary[], scans: ReadonlyMap<string, FileScan>, lefts: readonly LeftoverInfo[]): number {
  const targets = new Set(lefts.map((l) => l.target));
  let n = 0;
  for (const s of summaries) if (problemIds(s, scans.get(s.path), targets).length > 0) n++;
  return n;
}

/** Whether a file has anything to report: a problem (problemIds), or anything worse than info on its page. */
export function hasProblems(h: FileHealth): boolean {
  return h.problems.length > 0;
}

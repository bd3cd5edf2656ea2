/**
 * `session-lens check PATH`: a health report over one session file or a whole folder (any layout
 * Session Lens understands). Exit code 1 when something would lose data or break nanobot.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pyDumps } from '../../core/python/pyjson';
import { dictFrom, type PyValue } from '../../core/python/pyvalue';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { StorageAdapter } from '../../store/adapter/adapter';
import { detectLayout } from '../../store/listing/layout';
import { createNodeAdapter } from '../../store/adapter/node-adapter';
import { joinPath } from '../../store/adapter/paths';
import { openSource } from '../../store/source/open-source';
import { normalised } from '../../store/source/source-adapter';
import type { SourceHealth } from '../../store/source/session-source';
import { UsageError } from '../args';
import { recognisedVersion } from '../version';
import { Printer } from '../output/printer';
import { colourOn, painter, progress, withByteProgress } from '../output/terminal';
import { diagnosticText, diagnosticValues, plural, raiseText, storeErrorText } from '../output/text';
import { isStoreError, storeErrorData } from '../../store/adapter/errors';

interface Finding {
  file: string;
  line?: number;
  severity: 'error' | 'warning' | 'info';
  kind: string;
  message: string;
  /** The diagnostic's values, for `--json` readers who word it themselves. */
  values?: Record<string, PyValue>;
}

/** What is wrong with one opened session, in nanobot's terms first. */
export function sessionFindings(s: SourceHealth, label: string): Finding[] {
  const out: Finding[] = [];
  const n = s.load;
  if (n.error) {
    out.push({ file: label, severity: 'error', kind: 'nanobot-raises', message: raiseText({ during: 'load', error: n.error }), values: { type: n.error.type, message: n.error.message } });
  } else if (!n.result) {
    const e = n.repairError ?? n.strictError;
    out.push({ file: label, severity: 'error', kind: 'nanobot-loads-nothing', message: `nanobot loads nothing${e ? ` (${e.type}: ${e.message})` : ''}: it starts an empty session and its next save replaces this file.` });
  } else if (n.path === 'repair') {
    out.push({ file: label, severity: 'error', kind: 'nanobot-repair-path', message: `nanobot's strict load fails (${n.strictError!.type}: ${n.strictError!.message}); its repair pass keeps ${plural(n.result.count, 'message')} and skips ${plural(n.skipped, 'line')}.` });
  }
  for (const d of s.diagnostics) out.push({ file: label, line: d.line + 1, severity: d.severity, kind: d.kind, message: diagnosticText(d), ...(d.values ? { values: diagnosticValues(d) } : {}) });
  return out;
}

/** Both lenses as the check needs them, through the file's SessionSource. */
async function readChecked(adapter: StorageAdapter, p: string, now: string, version: NanobotVersion): Promise<SourceHealth> {
  return (await openSource(adapter, p, { now, version })).health();
}

async function checkFolder(adapter: StorageAdapter, root: string, now: string, override: NanobotVersion | undefined): Promise<Finding[]> {
  const layout = await detectLayout(adapter, path.basename(root));
  const findings: Finding[] = [];
  if (layout.kind === 'none' && layout.folders.every((f) => f.sessions.length === 0)) {
    findings.push({ file: root, severity: 'warning', kind: 'no-sessions', message: 'No nanobot sessions found here (no sessions/ folder and no session-like *.jsonl files).' });
  }
  const total = layout.folders.reduce((a, f) => a + f.sessions.length, 0);
  let done = 0;
  for (const folder of layout.folders) {
    const version = override ?? (await recognisedVersion(adapter, layout, folder)).version;
    for (const l of folder.leftovers) {
      findings.push({ file: joinPath(folder.path, l.name), severity: 'warning', kind: 'leftover', message: `Leftover of an interrupted save${l.target ? ` of ${l.target}` : ''}; nanobot ignores it. Inspect it, then remove it.` });
    }
    for (const name of folder.sessions) {
      const p = joinPath(folder.path, name);
      try {
        findings.push(...sessionFindings(await readChecked(adapter, p, now, version), p));
      } catch (e) {
        findings.push(isStoreError(e) ? { file: p, severity: 'error', kind: 'unreadable', message: storeErrorText(e), values: storeErrorData(e) as unknown as Record<string, PyValue> } : { file: p, severity: 'error', kind: 'unreadable', message: (e as Error).message });
      }
      progress().update(++done, total, 'files');
    }
  }
  return findings;
}

/** Runs the check and prints the report; 1 when any error-level finding exists. */
export async function checkHealth(target: string, now: string, out: { log: (s: string) => void }, json: boolean, override?: NanobotVersion): Promise<number> {
  const abs = path.resolve(target);
  let isDir: boolean;
  try {
    isDir = statSync(abs).isDirectory();
  } catch (e) {
    throw new UsageError(`cannot read ${target}: ${(e as Error).message}`);
  }
  let findings: Finding[];
  if (isDir) findings = await checkFolder(createNodeAdapter(abs), target, now, override);
  else {
    const adapter = withByteProgress(normalised(createNodeAdapter(path.dirname(abs))));
    const layout = await detectLayout(adapter, path.basename(path.dirname(abs)));
    const folder = layout.folders.find((f) => f.path === '') ?? layout.folders[0];
    const version = override ?? (await recognisedVersion(adapter, layout, folder)).version;
    const s = await readChecked(adapter, path.basename(abs), now, version);
    findings = sessionFindings(s, target);
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const p = new Printer(out);
  if (json) {
    // `{"ok": …, "findings": [...]}` a finding at a time: a folder's findings are never one string.
    p.write(`{"ok": ${errors === 0 ? 'true' : 'false'}, "findings": [`);
    findings.forEach((f, i) => p.write((i ? ', ' : '') + pyDumps(dictFrom([['file', f.file], ...(f.line ? [['line', f.line] as const] : []), ['severity', f.severity], ['kind', f.kind], ['message', f.message], ...(f.values ? [['values', dictFrom(Object.entries(f.values))] as const] : [])]))));
    p.line(']}');
  } else {
    const paint = painter(colourOn());
    const SEVERITY_COLOUR = { error: 'red', warning: 'yellow', info: 'dim' } as const;
    for (const f of findings) p.line(`${f.file}${f.line ? `:${f.line}` : ''}: ${paint(SEVERITY_COLOUR[f.severity], f.severity)}: ${f.message}`);
    p.line(errors ? `${plural(errors, 'problem')} that lose${errors === 1 ? 's' : ''} data or break${errors === 1 ? 's' : ''} nanobot; ${plural(findings.length - errors, 'other note')}.` : `OK: nothing that loses data or breaks nanobot (${plural(findings.length, 'note')}).`);
  }
  p.flush();
  return errors ? 1 : 0;
}

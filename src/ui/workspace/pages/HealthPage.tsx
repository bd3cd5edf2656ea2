/**
 * Workspace health: every problem in every file — nanobot's verdict on it and each diagnostic of
 * the recovered lens — each linking to its line in the session's file view.
 */
import { useComputed, useSignal } from '@preact/signals';
import { groupDigits } from '../../i18n/numbers';
import { pg } from '../../i18n/text';
import { activeVersion, folder, folderIndex, leftovers, listing, scanning, scans, scanSkipped } from '../model';
import { FILE_LEVEL, hasProblems, healthReport, type FileHealth } from './health';
import type { SessionTab } from '../../shell/router';
import { rowHref } from '../rows';
import { iso, showControls, visible } from '../../parts/iso';

function FileEntry({ h, href }: { h: FileHealth; href: (tab?: SessionTab, line?: number) => string }) {
  const s = h.summary;
  const title = s.row?.title;
  const t = pg().health;
  return (
    <li class={`health-file rank-${h.rank}`}>
      <h3>
        <a href={href()}>{iso(visible(s.fileName))}</a>
        <span class="muted"> · {iso(s.key)}</span>
        {title ? <span class="muted"> · “{iso(title)}”</span> : null}
      </h3>
      <ul class="verdicts">
        {h.verdicts.map((v, i) => (
          <li key={i} class={`verdict tone-${v.tone}`}>
            <span class="verdict-label">
              {v.label}
              {t.colon}
            </span> {v.text}
          </li>
        ))}
        {h.leftovers.map((l) => (
          <li key={l.name} class="verdict tone-warn">
            <span class="verdict-label">{t.leftover}</span> <code>{l.name}</code>
            {t.leftoverIs}
          </li>
        ))}
      </ul>
      {h.diagnostics.length > 0 && (
        <ol class="diagnostics" aria-label={t.problemsIn(s.fileName)}>
          {h.diagnostics.map((d, i) => {
            const fileLevel = FILE_LEVEL.has(d.kind);
            return (
              <li key={i} class={`diag sev-${d.severity}`}>
                <a class="diag-where" href={fileLevel ? href('file') : href('file', d.line + 1)}>
                  {fileLevel ? t.wholeFile : t.line(d.line + 1, d.column ? String(d.column) : '')}
                </a>
                <span class={`sev sev-${d.severity}`}>{t.sev[d.severity]}</span>
                <span class="diag-message">{showControls(t.message(d))}</span>
                {d.raw && <code class="diag-raw">{d.raw.length > 160 ? `${d.raw.slice(0, 160)}…` : d.raw}</code>}
              </li>
            );
          })}
          {h.scan && h.scan.moreDiagnostics > 0 && <li class="muted">{t.more(h.scan.moreDiagnostics)}</li>}
        </ol>
      )}
      {h.rank < 2 && (
        <p class="health-actions">
          <a href={href('file')}>{t.compare}</a>
          <span aria-hidden="true"> · </span>
          <a href={href('edit')}>{t.repair}</a>
        </p>
      )}
    </li>
  );
}

export function HealthPage() {
  const withInfo = useSignal(false);
  const report = useComputed(() => healthReport(listing.value?.summaries ?? [], scans.value, scanSkipped.value, leftovers.value, withInfo.value));
  const f = folder.value;
  const all = listing.value?.summaries ?? [];
  const bad = report.value.filter(hasProblems);
  const ok = report.value.filter((h) => !hasProblems(h));
  const pending = all.length - all.filter((s) => scans.value.has(s.path) || scanSkipped.value.has(s.path)).length;
  const count = (pred: (h: FileHealth) => boolean) => report.value.filter(pred).length;
  const folderParam = folderIndex.value > 0 && f ? f.path : null;
  const sortError = listing.value?.sortError;
  const t = pg().health;
  // The summary's counts: files nanobot loads empty, loads only by its repair pass, leaves out of its list.
  const tallies = [
    { n: count((h) => !!h.scan?.nanobot.empty), tone: 'tone-danger', label: t.empty },
    { n: count((h) => h.scan?.nanobot.path === 'repair' && !h.scan.nanobot.empty), tone: 'tone-danger', label: t.damaged },
    { n: count((h) => !h.summary.row), tone: 'tone-warn', label: t.unlisted },
  ];

  return (
    <section class="health-page" aria-labelledby="health-title">
      <h2 id="health-title">{t.title}</h2>
      <ul class="health-summary" aria-label={t.summary}>
        {tallies.map(({ n, tone, label }) => (
          <li key={tone + label} class={n ? tone : ''}>
            <strong>{groupDigits(n)}</strong>
            {label}
          </li>
        ))}
        <li class={leftovers.value.length ? 'tone-warn' : ''}>
          <strong>{groupDigits(leftovers.value.length)}</strong> <a href="#/w/leftovers">{t.leftovers}</a>
        </li>
      </ul>
      {sortError && (
        <p class="notice danger" role="alert">
          {t.sortError(`${sortError.type}: ${sortError.message}`)}
        </p>
      )}
      <p class="muted small" aria-live="polite">
        {pending > 0 && scanning.value ? t.checking(all.length - pending, all.length) : ''}
        {t.tally(bad.length, ok.length)}
      </p>
      <label class="check">
        <input type="checkbox" checked={withInfo.value} onChange={(e) => (withInfo.value = e.currentTarget.checked)} />
        <span>{t.notes}</span>
      </label>
      {bad.length > 0 ? (
        <ul class="health-files">
          {bad.map((h) => (
            <FileEntry
              key={h.summary.path}
              h={h}
              href={(tab, line) => rowHref(h.summary, activeVersion.value, all, folderParam, tab, line ? { line: String(line) } : {})}
            />
          ))}
        </ul>
      ) : (
        <p class="empty-state">{pending > 0 ? t.noneYet : t.none}</p>
      )}
      {ok.length > 0 && (
        <details class="health-ok">
          <summary>{t.fine(ok.length)}</summary>
          <ul>
            {ok.map((h) => (
              <li key={h.summary.path}>
                <a href={rowHref(h.summary, activeVersion.value, all, folderParam)}>{iso(visible(h.summary.fileName))}</a> — {h.verdicts.map((v) => v.text).join(' ')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

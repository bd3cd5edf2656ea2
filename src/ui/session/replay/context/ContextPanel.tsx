/**
 * "Context over time" in the Replay tab: the chart, what it assumes, and its data table. Loaded with
 * the tab; the same panel at every size (over the session held, or the context worker's answer).
 */
import './context.css';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { PyDict, PyValue } from '../../../../core/python/pyvalue';
import { pg } from '../../../i18n/text';
import { ContextChart } from './ContextChart';
import { ContextTable } from './ContextTable';
import { isAgentLoop, settingsLine, type ReplaySettings } from '../settings';
import { useContextOverTime, type ContextState } from './useContextOverTime';
import { useIndexContextOverTime } from './useIndexContextOverTime';
import type { IndexLoad } from '../../../../core/index/index-load';
import type { LineIndex } from '../../../../core/index/line-index';

export interface ContextPanelProps {
  messages: PyDict[];
  lastConsolidated: number;
  /** What nanobot slices with where it differs from `lastConsolidated` (replayLastConsolidated: a stored value 0.2.1 left unchecked). */
  sliceWith?: PyValue;
  version: NanobotVersion;
  /** The turn shown now (`upto`), or null for the whole session. */
  current: number | null;
  /** The Replay tab's controls: the chart is drawn under them, and says so. */
  settings: ReplaySettings;
  onPick: (upto: number) => void;
}

/** The panel over a session held whole. */
export function ContextPanel(p: ContextPanelProps) {
  const s = useContextOverTime(p.messages, p.sliceWith ?? p.lastConsolidated, p.version, p.settings);
  return <ContextPanelView {...p} s={s} />;
}

/** The panel over a file read on its line index (the context worker computes it). */
export function IndexContextPanel({ file, index, load, ...p }: Omit<ContextPanelProps, 'messages' | 'lastConsolidated' | 'sliceWith'> & { file: Blob; index: LineIndex; load: IndexLoad }) {
  const s = useIndexContextOverTime(file, index, load, p.version, p.settings);
  return <ContextPanelView {...p} lastConsolidated={load.lastConsolidated} s={s} />;
}

/** Heading, caveat, chart and table; a short status while tokens are counted: at every size. */
function ContextPanelView(p: Omit<ContextPanelProps, 'messages' | 'sliceWith'> & { s: ContextState }) {
  const s = p.s;
  const loop = isAgentLoop(p.settings, p.version);
  const t = pg().context;
  return (
    <section class="sl-ctx-panel" aria-labelledby="sl-ctx-h">
      <h3 id="sl-ctx-h">{t.heading}</h3>
      <p class="sl-muted sl-small">
        {t.caveat(loop)}
        <code>last_consolidated</code>
        {t.caveatEnd(p.lastConsolidated)}
      </p>
      <p class="sl-small" data-settings>
        {t.settings}
        <code>{settingsLine(p.settings, p.version)}</code>
      </p>
      {s.state === 'loading' && <p class="sl-muted" aria-busy="true">{t.counting}</p>}
      {s.state === 'failed' && <p class="sl-banner sl-warn">{t.failed}</p>}
      {s.state === 'exact' && <p class="sl-banner sl-warn">{t.exactOnly}</p>}
      {s.state === 'ready' && s.data.points.length === 0 && <p class="sl-muted">{t.noTurns}</p>}
      {s.state === 'ready' && s.data.points.length > 0 && (
        <>
          <ContextChart data={s.data} shape={s.shape} current={p.current} onPick={p.onPick} />
          {s.data.slowPath && <p class="sl-small sl-muted">{t.slowPath}</p>}
          <p class="sl-small sl-muted" data-ms={s.ms.toFixed(1)} aria-busy={s.updating ? 'true' : undefined}>{s.updating ? t.redrawing : t.computed(s.ms.toFixed(0))}</p>
          <ContextTable data={s.data} onPick={p.onPick} />
        </>
      )}
    </section>
  );
}

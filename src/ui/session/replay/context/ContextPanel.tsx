/**
 * "Context over time" in the Replay tab: the chart, what it assumes, and its data table. Loaded with
 * the tab; the same panel at every size, through the session's source.
 */
import './context.css';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { SessionSource } from '../../../../store/source/session-source';
import { pg } from '../../../i18n/text';
import { ContextChart } from './ContextChart';
import { ContextTable } from './ContextTable';
import { isAgentLoop, settingsLine, type ReplaySettings } from '../settings';
import { useContextOverTime, type ContextState } from './useContextOverTime';

export interface ContextPanelProps {
  source: SessionSource;
  /** The session's last_consolidated, as the caveat says it. */
  lastConsolidated: number;
  version: NanobotVersion;
  /** The turn shown now (`upto`), or null for the whole session. */
  current: number | null;
  /** The Replay tab's controls: the chart is drawn under them, and says so. */
  settings: ReplaySettings;
  onPick: (upto: number) => void;
}

/** The panel over the session's source, at every size. */
export function ContextPanel(p: ContextPanelProps) {
  const s = useContextOverTime(p.source, p.settings);
  return <ContextPanelView {...p} s={s} />;
}

/** Heading, caveat, chart and table; a short status while tokens are counted: at every size. */
function ContextPanelView(p: ContextPanelProps & { s: ContextState }) {
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

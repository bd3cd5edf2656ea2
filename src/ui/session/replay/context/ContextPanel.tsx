/** "Context over time" in the Replay tab: the chart, what it assumes, and its data table. Loaded with the tab. */
import './context.css';
import type { NanobotVersion } from '../../../../core/nanobot-version';
import type { PyDict } from '../../../../core/pyvalue';
import { ContextChart } from './ContextChart';
import { ContextTable } from './ContextTable';
import { isAgentLoop, settingsLine, type ReplaySettings } from '../settings';
import { useContextOverTime } from './useContextOverTime';

export interface ContextPanelProps {
  messages: PyDict[];
  lastConsolidated: number;
  version: NanobotVersion;
  /** The turn shown now (`upto`), or null for the whole session. */
  current: number | null;
  /** The Replay tab's controls: the chart is drawn under them, and says so. */
  settings: ReplaySettings;
  onPick: (upto: number) => void;
}

/** Heading, caveat, chart and table; a short status while tokens are counted. */
export function ContextPanel(p: ContextPanelProps) {
  const s = useContextOverTime(p.messages, p.lastConsolidated, p.version, p.settings);
  const loop = isAgentLoop(p.settings, p.version);
  return (
    <section class="sl-ctx-panel" aria-labelledby="sl-ctx-h">
      <h4 id="sl-ctx-h">Context over time</h4>
      <p class="sl-muted sl-small">
        What nanobot would send at each user turn under the settings above ({loop ? 'the agent loop’s' : 'not the agent loop’s'}): the replay of the session up to that message. The file keeps
        only today’s <code>last_consolidated</code> ({p.lastConsolidated}), not where it stood at each turn, so every turn uses today’s value (at most
        that turn’s length).
      </p>
      <p class="sl-small" data-settings>
        Settings: <code>{settingsLine(p.settings, p.version)}</code>
      </p>
      {s.state === 'loading' && <p class="sl-muted" aria-busy="true">Counting tokens for every turn…</p>}
      {s.state === 'failed' && <p class="sl-banner sl-warn">The token counter could not load, so the chart cannot be drawn.</p>}
      {s.state === 'ready' && s.data.points.length === 0 && <p class="sl-muted">No user turns in this session.</p>}
      {s.state === 'ready' && s.data.points.length > 0 && (
        <>
          <ContextChart data={s.data} current={p.current} onPick={p.onPick} />
          {s.data.slowPath && <p class="sl-small sl-muted">nanobot raises on this file at some turns; each turn was replayed one by one.</p>}
          <p class="sl-small sl-muted" data-ms={s.ms.toFixed(1)} aria-busy={s.updating ? 'true' : undefined}>{s.updating ? 'Redrawing for the new settings…' : `Computed in ${s.ms.toFixed(0)} ms.`}</p>
          <ContextTable data={s.data} onPick={p.onPick} />
        </>
      )}
    </section>
  );
}

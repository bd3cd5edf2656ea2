/**
 * The replay's answer in sentences: how much is sent against the budget, why it is not a plain
 * messages[-N:] slice, what include_timestamps does, and where nanobot would raise.
 */
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { Fate } from '../../../core/replay/replay';
import type { ReplayView } from '../../../store/source/replay/replay-answers';
import { pg } from '../../i18n/text';
import { fateCounts, fateText, FATE_ORDER } from './strip/fates';
import type { ReplaySettings } from './settings';

export interface ReplaySummaryProps {
  view: ReplayView;
  fates: Fate[];
  s: ReplaySettings;
  version: NanobotVersion;
  total: number;
  lastConsolidated: number;
  tokenState: 'loading' | 'counting' | 'ready' | 'failed';
  /** 'recovered' when nanobot loads nothing from the file: the replay is then only what a repair would give. */
  lens?: 'nanobot' | 'recovered';
  progress: number;
  onMessage: (message: number) => void;
}

/** Headline, budget meter and the short explanations that make the fates readable. */
export function ReplaySummary(p: ReplaySummaryProps) {
  const { view: result, fates, s } = p;
  const rules = rulesOf(p.version);
  const tokens = result.tokens ? result.tokens.reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0) : null;
  const counts = fateCounts(fates);
  const maxMessages = s.maxMessages <= 0 ? rules.nonPositiveMaxMessages : s.maxMessages;
  const sliceStart = maxMessages === null ? 0 : Math.max(0, p.total - maxMessages);
  const archivedReplayed = result.changes.filter((c) => c.includes('archived')).length;
  const firstKept = result.sources[0];
  const stamped = result.changes.filter((c) => c.includes('timestamp')).length;
  const t = pg().replay.summary;
  return (
    <div class="sl-replay-summary">
      {result.error && (
        <p class="sl-banner sl-danger" role="alert">
          {t.raises}<code>{result.error.type}: {result.error.message}</code>
          {/* No message when the slice by an unchecked stored last_consolidated raises (message_index -1). */}
          {result.error.message_index >= 0 && (
            <>
              {t.raisesOn}
              <button type="button" class="sl-link" onClick={() => p.onMessage(result.error!.message_index)}>
                {t.message(result.error.message_index + 1)}
              </button>
            </>
          )}
          {t.raisesThen}
        </p>
      )}
      <p class="sl-headline">
        {t.sends}<strong>{p.lens === 'recovered' ? t.nothing : t.sent(result.texts.length)}</strong>{p.lens === 'recovered' ? t.afterRepair(result.texts.length, p.total) : t.of(p.total)}
        {tokens !== null && (
          <>
            {' '}— <strong>{t.tokens(tokens)}</strong>
            {s.maxTokens > 0 ? t.ofBudget(s.maxTokens) : t.noBudget}
          </>
        )}
      </p>
      {tokens !== null && s.maxTokens > 0 && (
        <>
          <meter class="sl-meter" min={0} max={s.maxTokens} value={Math.min(tokens, s.maxTokens)} aria-label={t.meter} />
          {tokens > s.maxTokens && <p class="sl-warn-text">{t.over}</p>}
        </>
      )}
      {p.tokenState !== 'ready' && (
        <p class="sl-muted" role="status">
          {p.tokenState === 'failed' ? t.tokenizerFailed : t.counting(p.tokenState === 'counting' ? Math.round(p.progress * 100) + '%' : '')}
          {p.tokenState !== 'failed' && s.maxTokens > 0 ? t.budgetLater : ''}
        </p>
      )}
      <ul class="sl-counts" aria-label={t.perFate}>
        {FATE_ORDER.filter((k) => counts.get(k)).map((k) => (
          <li key={k}>
            <span class={`sl-swatch sl-fate-${k}`} aria-hidden="true" /> {t.fateCount(counts.get(k)!, fateText(k, p.version))}
          </li>
        ))}
      </ul>
      {(counts.get('budget-cut') ?? 0) > 0 && (
        <p class="sl-muted sl-small">{t.budgetCut}</p>
      )}
      <details class="sl-why" open>
        <summary>{t.whyTitle(maxMessages, rules.label)}</summary>
        <ul>
          <li>{t.why(maxMessages === null ? null : sliceStart + 1, firstKept === undefined ? null : firstKept + 1, p.lastConsolidated, rules.label, rules.archivedReplayTail)}</li>
          {archivedReplayed > 0 && <li>{t.archivedAgain(archivedReplayed, rules.archivedReplayTail)}</li>}
          <li>{!rules.timestamps ? t.noStamps(rules.label) : s.includeTimestamps ? t.stamped(stamped) : t.stampsOff}</li>
          {rules.runtimeContext && <li>{s.includeRuntimeContext ? t.runtimeKept : t.runtimePublic}</li>}
          <li>{t.lcChecked}</li>
        </ul>
      </details>
    </div>
  );
}

/**
 * The replay's answer in sentences: how much is sent against the budget, why it is not a plain
 * messages[-N:] slice, what include_timestamps does, and where nanobot would raise.
 */
import { rulesOf, type NanobotVersion } from '../../../core/nanobot-version';
import type { ReplayResult } from '../../../core/replay';
import { count, plural } from '../text';
import { fateCounts, fateText, FATE_ORDER } from './fates';
import type { ReplaySettings } from './settings';

export interface ReplaySummaryProps {
  result: ReplayResult;
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
  const { result, s } = p;
  const rules = rulesOf(p.version);
  const tokens = result.tokens ? result.tokens.reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0) : null;
  const counts = fateCounts(result.fates);
  const maxMessages = s.maxMessages <= 0 ? rules.nonPositiveMaxMessages : s.maxMessages;
  const sliceStart = maxMessages === null ? 0 : Math.max(0, p.total - maxMessages);
  const archivedReplayed = result.fates.filter((f) => f.kept && f.changes.includes('archived')).length;
  const firstKept = result.sources[0];
  const stamped = result.fates.filter((f) => f.kept && f.changes.includes('timestamp')).length;
  return (
    <div class="sl-replay-summary">
      {result.error && (
        <p class="sl-banner sl-danger" role="alert">
          nanobot raises <code>{result.error.type}: {result.error.message}</code> on{' '}
          <button type="button" class="sl-link" onClick={() => p.onMessage(result.error!.message_index)}>
            message #{result.error.message_index + 1}
          </button>
          : get_history fails, so the agent cannot build its prompt for this session.
        </p>
      )}
      <p class="sl-headline">
        {p.lens === 'recovered' ? (
          <>
            nanobot sends <strong>nothing</strong>: it loads nothing from this file. After a repair it would send {plural(result.entries.length, 'message')} of {count(p.total)}
          </>
        ) : (
          <>
            nanobot sends <strong>{plural(result.entries.length, 'message')}</strong> of {count(p.total)}
          </>
        )}
        {tokens !== null && (
          <>
            {' '}— <strong>{count(tokens)} tokens</strong>
            {s.maxTokens > 0 ? ` of a ${count(s.maxTokens)}-token budget` : ' (no budget)'}
          </>
        )}
      </p>
      {tokens !== null && s.maxTokens > 0 && (
        <>
          <meter class="sl-meter" min={0} max={s.maxTokens} value={Math.min(tokens, s.maxTokens)} aria-label="Tokens used of the budget" />
          {tokens > s.maxTokens && <p class="sl-warn-text">Over the budget: nanobot always keeps the last user turn, even when it alone exceeds the budget.</p>}
        </>
      )}
      {p.tokenState !== 'ready' && (
        <p class="sl-muted" role="status">
          {p.tokenState === 'failed' ? 'The tokenizer could not be loaded: token estimates and the budget are not applied.' : `counting tokens… ${p.tokenState === 'counting' ? Math.round(p.progress * 100) + '%' : ''}`}
          {p.tokenState !== 'failed' && s.maxTokens > 0 ? ' (the budget applies once counts are ready)' : ''}
        </p>
      )}
      <ul class="sl-counts" aria-label="Messages per fate">
        {FATE_ORDER.filter((k) => counts.get(k)).map((k) => (
          <li key={k}>
            <span class={`sl-swatch sl-fate-${k}`} aria-hidden="true" /> {count(counts.get(k)!)} {fateText(k, p.version)}
          </li>
        ))}
      </ul>
      {(counts.get('budget-cut') ?? 0) > 0 && (
        <p class="sl-muted sl-small">
          After walking back from the newest message until the budget is full, nanobot cuts what fits to start on a user turn (and at a legal
          start again), so some messages that fit are left out too.
        </p>
      )}
      <details class="sl-why" open>
        <summary>Why this is not just {maxMessages === null ? 'the whole file' : `messages[-${maxMessages}:]`} ({rules.label})</summary>
        <ul>
          <li>
            {maxMessages === null ? 'With no count window, a plain read would send every message' : `A plain slice would start at message #${count(sliceStart + 1)}`}
            {firstKept !== undefined ? `; nanobot starts at #${count(firstKept + 1)}` : '; nanobot sends nothing'}. Replay begins after the
            archived prefix (last_consolidated = {p.lastConsolidated}
            {rules.archivedReplayTail ? `, but ${rules.label} replays the last ${rules.archivedReplayTail} messages again even when archived, moved back to a user turn` : ''}), starts on a user turn, never opens with a tool result whose call was cut
            off (providers reject that), leaves out command rows and blank assistant turns, and then fits the token budget.
          </li>
          {archivedReplayed > 0 && <li>{plural(archivedReplayed, 'archived message')} replayed again: within the last {rules.archivedReplayTail}.</li>}
          <li>
            {!rules.timestamps
              ? `${rules.label} adds no “[Message Time: …]” prefixes (its get_history has no include_timestamps).`
              : s.includeTimestamps
                ? `include_timestamps put “[Message Time: …]” in front of ${plural(stamped, 'user message')} — only user messages: a model imitates its own past turns, so stamps on assistant messages would leak into its replies.`
                : 'include_timestamps is off: no “[Message Time: …]” prefixes (the agent loop turns it on, for user messages only).'}
          </li>
          {rules.runtimeContext && (
            <li>
              {s.includeRuntimeContext
                ? 'User turns keep their runtime-context suffix (what the agent loop sends); turned off, the public view removes it and its marker.'
                : 'Public view: each runtime-context suffix and its _runtime_context marker are removed, as the WebUI shows the history.'}
            </li>
          )}
          <li>last_consolidated is range-checked when the file is loaded: a value that is not a whole number from 0 to the message count is reset to 0, so a corrupt offset cannot hide the history.</li>
        </ul>
      </details>
    </div>
  );
}

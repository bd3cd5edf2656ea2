/** The get_history parameters as labelled controls; every change applies at once. */
import { useMemo, useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { CONTEXT_WINDOWS, DEFAULT_GENERATION_MAX_TOKENS, budgetFormula, historyBudget, isAgentLoop, type ReplaySettings } from './settings';
import { Check } from '../parts/Check';
import { agentLoopOptions } from '../../../core/replay/budget';

export interface ReplayControlsProps {
  s: ReplaySettings;
  onChange: (s: ReplaySettings) => void;
  /** The controls are this version's get_history parameters. */
  version: NanobotVersion;
}

type Mode = 'default' | 'none' | 'custom' | `w${number}`;

function modeOf(tokens: number, gen: number, loopTokens: number): Mode {
  if (tokens === loopTokens) return 'default';
  if (tokens === 0) return 'none';
  const w = CONTEXT_WINDOWS.find((c) => historyBudget(c.tokens, gen) === tokens);
  return w ? `w${w.tokens}` : 'custom';
}

function num(e: Event): number {
  const v = Number((e.currentTarget as HTMLInputElement).value);
  return Number.isFinite(v) ? Math.trunc(v) : 0;
}

/**
 * The version's get_history parameters: max_messages, max_tokens (presets from context windows,
 * none, custom), include_timestamps (v0.2), extend_to_user, include_runtime_context (v0.3.0+).
 */
export function ReplayControls({ s, onChange, version }: ReplayControlsProps) {
  const rules = rulesOf(version);
  const loop = agentLoopOptions(version);
  const [gen, setGen] = useState(DEFAULT_GENERATION_MAX_TOKENS);
  const [forced, setForced] = useState<Mode | null>(null);
  const mode = forced ?? modeOf(s.maxTokens, gen, loop.maxTokens);
  const windowTokens = mode.startsWith('w') ? Number(mode.slice(1)) : null;
  const set = (patch: Partial<ReplaySettings>) => onChange({ ...s, ...patch });
  const pick = (m: Mode, g = gen) => {
    setForced(m === 'custom' ? 'custom' : null);
    if (m === 'default') set({ maxTokens: loop.maxTokens });
    else if (m === 'none') set({ maxTokens: 0 });
    else if (m.startsWith('w')) set({ maxTokens: historyBudget(Number(m.slice(1)), g) });
  };
  const t = pg().replay.controls;
  // Formatting the budgets is the dearest part of this render, and they change only with `gen` (and the language).
  const windowOptions = useMemo(
    () =>
      CONTEXT_WINDOWS.map((c) => (
        <option key={c.tokens} value={`w${c.tokens}`}>
          {t.windowBudget(c.label, historyBudget(c.tokens, gen))}
        </option>
      )),
    [gen, t],
  );
  const atLoop = isAgentLoop(s, version);
  return (
    <fieldset class="sl-controls">
      <legend>{t.legend(rules.label)}</legend>
      <label class="sl-field">
        <span>max_messages</span>
        <input type="number" min={0} step={1} value={s.maxMessages} onInput={(e) => set({ maxMessages: num(e) })} />
        <small class="sl-muted">{s.maxMessages <= 0 ? (rules.nonPositiveMaxMessages === null ? t.noWindow : t.nonPositive(rules.nonPositiveMaxMessages)) : t.windowHint}</small>
      </label>
      <label class="sl-field">
        <span>{t.budget}</span>
        <select value={mode} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value as Mode)}>
          <option value="default">{t.defaultBudget}</option>
          {windowOptions}
          <option value="none">{t.noBudget}</option>
          <option value="custom">{t.custom}</option>
        </select>
      </label>
      {windowTokens !== null && (
        <label class="sl-field">
          <span>{t.generation}</span>
          <input type="number" min={0} value={gen} onInput={(e) => { const g = num(e); setGen(g); pick(mode, g); }} />
          <small class="sl-muted">{t.budgetIs(budgetFormula(windowTokens, gen))}</small>
        </label>
      )}
      {mode === 'custom' && (
        <label class="sl-field">
          <span>{t.customBudget}</span>
          <input type="number" min={0} value={s.maxTokens} onInput={(e) => set({ maxTokens: Math.max(0, num(e)) })} />
        </label>
      )}
      {mode === 'default' && <small class="sl-muted sl-field">{t.defaultFormula(budgetFormula(200_000, 8_192))}</small>}
      {rules.timestamps && <Check checked={s.includeTimestamps} onChange={(on) => set({ includeTimestamps: on })} label="include_timestamps" hint={t.timestampsHint} />}
      {rules.runtimeContext && <Check checked={s.includeRuntimeContext} onChange={(on) => set({ includeRuntimeContext: on })} label="include_runtime_context" hint={t.runtimeHint} />}
      <Check checked={s.extendToUser} onChange={(on) => set({ extendToUser: on })} label="extend_to_user" hint={t.extendHint} />
      <p class="sl-muted">
        {atLoop ? t.atLoop(rules.label) : t.notLoop}
        {!atLoop && (
          <button type="button" class="sl-link" onClick={() => { setForced(null); onChange(loop); }}>
            {t.reset}
          </button>
        )}
      </p>
    </fieldset>
  );
}

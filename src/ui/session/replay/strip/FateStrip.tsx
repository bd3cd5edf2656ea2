/**
 * Every message of the session as one mark, coloured by its fate, on a <canvas> (50,000 messages
 * are bucketed into the strip's pixels). Clicking picks the message; the runs are also listed as text.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { Fate } from '../../../../core/replay/replay';
import { language, pg } from '../../../i18n/text';
import { count } from '../../text';
import { fateRuns, fateText, type FateKey, type FateRun } from './fates';
import { FATE_COLOURS, messageAt, stripColumns, stripRects } from './strip';

export interface FateStripProps {
  fates: Fate[];
  onPick: (message: number) => void;
  /** The fates are named in this version's terms (main words its archive differently); v0.2 when not given. */
  version: NanobotVersion;
}

function colour(style: CSSStyleDeclaration, k: FateKey): string {
  const [v, fallback] = FATE_COLOURS[k];
  return style.getPropertyValue(v).trim() || fallback;
}

/** Runs named in words (the list and the strip's label): more would drown a screen reader. */
const SHOWN = 40;

/** The runs as text: the first 40, then how many more. */
function RunsCaption({ runs, onPick, version }: { runs: FateRun[]; onPick: (message: number) => void; version: NanobotVersion }) {
  const t = pg().replay.strip;
  return (
    <figcaption>
      <ol class="sl-runs" aria-label={t.runs}>
        {runs.slice(0, SHOWN).map((r) => (
          <li key={r.from}>
            <span class={`sl-swatch sl-fate-${r.key}`} aria-hidden="true" />
            <button type="button" class="sl-link" onClick={() => onPick(r.from)}>
              #{count(r.from + 1)}
              {r.to > r.from ? `–${count(r.to + 1)}` : ''}
            </button>{' '}
            {fateText(r.key, version)}
          </li>
        ))}
        {runs.length > SHOWN && <li class="sl-muted">{t.more(runs.length - SHOWN)}</li>}
      </ol>
    </figcaption>
  );
}

/** The strip and, below it, the same information as a list of runs (for screen readers and reading). */
export function FateStrip({ fates, onPick, version }: FateStripProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const runs = fateRuns(fates);
  // Equal runs mean an equal strip: a replay change that leaves every fate as it was neither
  // redraws the canvas nor re-renders the runs.
  const sig = `${fates.length}:${runs.map((r) => `${r.key} ${r.from}`).join()}`;
  const t = pg().replay.strip;
  const label = runs.slice(0, SHOWN).map((r) => t.run(r.from + 1, r.to + 1, fateText(r.key, version))).join('; ') + (runs.length > SHOWN ? t.andMore(runs.length - SHOWN) : '');
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const lang = language.value;
  const caption = useMemo(() => <RunsCaption runs={runs} onPick={(m) => pickRef.current(m)} version={version} />, [sig, lang, version]);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round((c.clientWidth || 600) * dpr));
    const height = Math.round(28 * dpr);
    // Resizing a canvas reallocates its bitmap: only when the size changed, else clear it.
    if (c.width !== width || c.height !== height) [c.width, c.height] = [width, height];
    else ctx.clearRect(0, 0, width, height);
    const style = getComputedStyle(c);
    const fills = new Map<FateKey, string>();
    for (const r of stripRects(stripColumns(fates, width), width)) {
      let fill = fills.get(r.key);
      if (!fill) fills.set(r.key, (fill = colour(style, r.key)));
      ctx.fillStyle = fill;
      ctx.fillRect(r.x, 0, r.width, height);
    }
  }, [sig]);
  return (
    <figure class="sl-strip">
      <canvas
        ref={ref}
        class="sl-strip-canvas"
        role="img"
        aria-label={t.label(label)}
        onClick={(e) => {
          const r = (e.currentTarget as HTMLCanvasElement).getBoundingClientRect();
          if (r.width > 0) onPick(messageAt((e.clientX - r.left) / r.width, fates.length));
        }}
      />
      {caption}
    </figure>
  );
}

/**
 * Every message of the session as one mark, coloured by its fate, on a <canvas> (50,000 messages
 * are bucketed into the strip's pixels). Clicking picks the message; the runs are also listed as text.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Fate } from '../../../core/replay';
import { count } from '../text';
import { fateRuns, fateText, type FateKey } from './fates';
import { FATE_COLOURS, messageAt, stripColumns } from './strip';

export interface FateStripProps {
  fates: Fate[];
  onPick: (message: number) => void;
}

function colour(el: Element, k: FateKey): string {
  const [v, fallback] = FATE_COLOURS[k];
  return getComputedStyle(el).getPropertyValue(v).trim() || fallback;
}

/** The strip and, below it, the same information as a list of runs (for screen readers and reading). */
export function FateStrip({ fates, onPick }: FateStripProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round((c.clientWidth || 600) * dpr));
    const height = Math.round(28 * dpr);
    c.width = width;
    c.height = height;
    const cols = stripColumns(fates, width);
    const w = width / Math.max(1, cols.length);
    const cache = new Map<FateKey, string>();
    cols.forEach((k, i) => {
      let fill = cache.get(k);
      if (!fill) cache.set(k, (fill = colour(c, k)));
      ctx.fillStyle = fill;
      ctx.fillRect(Math.floor(i * w), 0, Math.max(1, Math.ceil(w - (w > 3 ? 1 : 0))), height);
    });
  }, [fates]);
  const runs = fateRuns(fates);
  const label = runs.map((r) => `messages ${r.from + 1}–${r.to + 1}: ${fateText(r.key)}`).join('; ');
  return (
    <figure class="sl-strip">
      <canvas
        ref={ref}
        class="sl-strip-canvas"
        role="img"
        aria-label={`Fate of each message: ${label}`}
        onClick={(e) => {
          const r = (e.currentTarget as HTMLCanvasElement).getBoundingClientRect();
          if (r.width > 0) onPick(messageAt((e.clientX - r.left) / r.width, fates.length));
        }}
      />
      <figcaption>
        <ol class="sl-runs" aria-label="Runs of messages with the same fate">
          {runs.slice(0, 40).map((r) => (
            <li key={r.from}>
              <span class={`sl-swatch sl-fate-${r.key}`} aria-hidden="true" />
              <button type="button" class="sl-link" onClick={() => onPick(r.from)}>
                #{count(r.from + 1)}
                {r.to > r.from ? `–${count(r.to + 1)}` : ''}
              </button>{' '}
              {fateText(r.key)}
            </li>
          ))}
          {runs.length > 40 && <li class="sl-muted">… and {count(runs.length - 40)} more runs</li>}
        </ol>
      </figcaption>
    </figure>
  );
}

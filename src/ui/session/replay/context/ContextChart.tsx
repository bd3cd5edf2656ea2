/**
 * Tokens nanobot would send at each user turn, against the budget, as plain SVG: a line over every
 * turn, dots when there are few enough to point at, markers where last_consolidated is in force and
 * where the count window starts cutting. Hover names a turn; a click opens that turn's replay.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ContextOverTime, TurnPoint } from '../../../../core/replay/context-over-time';
import { runNow } from '../../../../store/analyze/event-loop';
import { budgetOnScale, chartShapeSteps, drawnTokens, H, PAD, TICK_PX, W, xOf, yOf, yTicks, type ChartShape } from './chart-shape';
import { pg } from '../../../i18n/text';
import { count } from '../../text';

export interface ContextChartProps {
  data: ContextOverTime;
  /** The `upto` shown now, highlighted. */
  current?: number | null;
  onPick: (upto: number) => void;
  /** `data`'s shape when already built (in slices, with the data); else built here, once per `data`. */
  shape?: ChartShape;
}

/** Above this many turns, dots are left out: the line and the hover guide carry the data. */
export const MAX_DOTS = 400;

/** "Turn 12 (message #45): 12,345 tokens in 80 messages": what a point means, in one line (read during render). */
function pointLabel(p: TurnPoint): string {
  const t = pg().context.chart;
  if (p.error) return t.pointRaises(p.turn + 1, p.index);
  return t.point(p.turn + 1, p.index, p.tokens, p.messages, p.windowCut, p.budgetCut);
}

/**
 * ViewBox units per CSS pixel as the chart is drawn now (the SVG scales with its box): labels are
 * sized by it, so they read at the same size on a phone as on a wide screen.
 */
function useUnitsPerPixel(svg: { current: SVGSVGElement | null }): number {
  const [units, setUnits] = useState(1);
  useEffect(() => {
    const el = svg.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (w > 0 && h > 0) setUnits(Math.max(W / w, H / h));
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, []);
  return units;
}

/** A tick's label: the whole number when it fits left of the axis, else the language's short form. */
function tickLabel(v: number, font: number): string {
  const full = count(v);
  return full.length * font * 0.62 <= PAD.l - 6 ? full : pg().context.chart.short(v);
}

/** The SVG chart; pointer position picks the nearest turn, so 2,000 turns need no 2,000 targets. */
export function ContextChart({ data, current, onPick, shape }: ContextChartProps) {
  const [hover, setHover] = useState<number | null>(null);
  const pts = data.points;
  const n = pts.length;
  const { most, top, line } = useMemo(() => shape ?? runNow(chartShapeSteps(data)), [data, shape]);
  const x = (k: number) => xOf(k, n);
  const y = (t: number) => yOf(t, top);
  const nearest = (e: MouseEvent): number | null => {
    const r = (e.currentTarget as SVGElement).getBoundingClientRect();
    if (!r.width || n === 0) return null;
    const vx = ((e.clientX - r.left) / r.width) * W;
    const k = n <= 1 ? 0 : Math.round(((vx - PAD.l) / (W - PAD.l - PAD.r)) * (n - 1));
    return Math.max(0, Math.min(n - 1, k));
  };
  const h = hover !== null ? pts[hover] : undefined;
  const cur = current == null ? -1 : pts.findIndex((p) => p.upto === current);
  const t = pg().context.chart;
  const svg = useRef<SVGSVGElement>(null);
  const font = TICK_PX * useUnitsPerPixel(svg);
  const ticks = yTicks(top, most, font);
  return (
    <figure class="sl-ctx">
      <svg
        ref={svg}
        class="sl-ctx-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="sl-ctx-title sl-ctx-desc"
        onMouseMove={(e) => setHover(nearest(e))}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          const k = (e.target as Element).getAttribute('data-k') ?? nearest(e);
          if (k !== null) onPick(pts[Number(k)]!.upto);
        }}
      >
        <title id="sl-ctx-title">{t.title}</title>
        <desc id="sl-ctx-desc">
          {t.desc(n, most, data.budget, data.windowStarts.map((k) => k + 1).join(', '), data.lastConsolidated, data.consolidatedAt === null ? null : data.consolidatedAt + 1)}
        </desc>
        <line class="sl-ctx-axis" x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} />
        {most > 0 && ticks.includes(most) && most !== Math.round(top / 1.05) && <line class="sl-ctx-grid" x1={PAD.l} x2={W - PAD.r} y1={y(most)} y2={y(most)} />}
        {ticks.map((v) => (
          <text key={v} class="sl-ctx-tick" x={PAD.l - 4} y={v === 0 ? y(0) : y(v) + font / 3} text-anchor="end" font-size={font}>
            {tickLabel(v, font)}
          </text>
        ))}
        {budgetOnScale(data.budget, most) && <line class="sl-ctx-budget" x1={PAD.l} x2={W - PAD.r} y1={y(data.budget)} y2={y(data.budget)} data-marker="budget" />}
        {data.consolidatedAt !== null && <line class="sl-ctx-lc" x1={x(data.consolidatedAt)} x2={x(data.consolidatedAt)} y1={PAD.t} y2={y(0)} data-marker="last-consolidated" />}
        {data.windowStarts.map((k) => (
          <line key={k} class="sl-ctx-window" x1={x(k)} x2={x(k)} y1={PAD.t} y2={y(0)} data-marker="window" />
        ))}
        <path class="sl-ctx-line" d={line} />
        {n <= MAX_DOTS &&
          pts.map((p, k) => (
            <circle key={k} data-k={k} class={`sl-ctx-dot${p.budgetCut ? ' sl-ctx-cut' : ''}`} cx={x(k)} cy={y(drawnTokens(p))} r={3} />
          ))}
        {cur >= 0 && <circle class="sl-ctx-current" cx={x(cur)} cy={y(drawnTokens(pts[cur]!))} r={5} />}
        {h && <line class="sl-ctx-guide" x1={x(hover!)} x2={x(hover!)} y1={PAD.t} y2={y(0)} />}
        <text class="sl-ctx-tick" x={PAD.l} y={H - 8} font-size={font}>{t.firstTurn}</text>
        <text class="sl-ctx-tick" x={W - PAD.r} y={H - 8} text-anchor="end" font-size={font}>{t.lastTurn(n)}</text>
      </svg>
      <figcaption class="sl-small" aria-live="polite">
        {h ? pointLabel(h) : t.hint}
      </figcaption>
      <p class="sl-small sl-ctx-legend">
        <span class="sl-ctx-key sl-ctx-key-line" />
        {t.sent}
        {budgetOnScale(data.budget, most) ? <><span class="sl-ctx-key sl-ctx-key-budget" />{t.budget(data.budget)}</> : data.budget > 0 && <span class="sl-ctx-off">{t.budgetOff(data.budget)}</span>}
        {data.windowStarts.length > 0 && <><span class="sl-ctx-key sl-ctx-key-window" />{t.windowCuts}</>}
        {data.consolidatedAt !== null && <><span class="sl-ctx-key sl-ctx-key-lc" />{t.consolidated(data.lastConsolidated)}</>}
      </p>
    </figure>
  );
}

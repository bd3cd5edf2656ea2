/** The chart's data as a table (collapsed; built only when opened), one row per user turn, each with a way to open its replay. */
import { useState } from 'preact/hooks';
import type { ContextOverTime } from '../../../../core/context-over-time';
import { count } from '../../text';

/** A `<details>` whose table is rendered once opened: 2,000 rows cost nothing until asked for. */
export function ContextTable({ data, onPick }: { data: ContextOverTime; onPick: (upto: number) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="sl-ctx-table" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>The chart as a table ({count(data.points.length)} user turns)</summary>
      {open && (
        <table class="sl-table">
          <thead>
            <tr><th scope="col">turn</th><th scope="col">user message</th><th scope="col">tokens sent</th><th scope="col">messages sent</th><th scope="col">window cuts</th><th scope="col">budget cuts</th><th scope="col" /></tr>
          </thead>
          <tbody>
            {data.points.map((p) => (
              <tr key={p.turn}>
                <td>{p.turn + 1}</td>
                <td>#{p.index}</td>
                <td>{p.error ? 'nanobot raises' : count(p.tokens)}</td>
                <td>{count(p.messages)}</td>
                <td>{p.windowCut ? 'yes' : ''}</td>
                <td>{p.budgetCut ? 'yes' : ''}</td>
                <td><button type="button" class="sl-link" onClick={() => onPick(p.upto)}>replay as of this turn</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

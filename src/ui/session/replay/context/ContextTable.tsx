/** The chart's data as a table (collapsed; built only when opened), one row per user turn, each with a way to open its replay. */
import { useState } from 'preact/hooks';
import type { ContextOverTime } from '../../../../core/replay/context-over-time';
import { pg } from '../../../i18n/text';
import { count } from '../../text';

/** A `<details>` whose table is rendered once opened: 2,000 rows cost nothing until asked for. */
export function ContextTable({ data, onPick }: { data: ContextOverTime; onPick: (upto: number) => void }) {
  const [open, setOpen] = useState(false);
  const t = pg().context.table;
  return (
    <details class="sl-ctx-table" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t.summary(data.points.length)}</summary>
      {open && (
        <table class="sl-table">
          <thead>
            <tr><th scope="col">{t.turn}</th><th scope="col">{t.userMessage}</th><th scope="col">{t.tokens}</th><th scope="col">{t.messages}</th><th scope="col">{t.windowCuts}</th><th scope="col">{t.budgetCuts}</th><th scope="col" /></tr>
          </thead>
          <tbody>
            {data.points.map((p) => (
              <tr key={p.turn}>
                <td>{p.turn + 1}</td>
                <td>#{p.index}</td>
                <td>{p.error ? t.raises : count(p.tokens)}</td>
                <td>{count(p.messages)}</td>
                <td>{p.windowCut ? t.yes : ''}</td>
                <td>{p.budgetCut ? t.yes : ''}</td>
                <td><button type="button" class="sl-link" onClick={() => onPick(p.upto)}>{t.open}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

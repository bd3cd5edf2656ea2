/** Every message of the session with its fate in words, the changes replay made, and its token estimate. */
import { useState } from 'preact/hooks';
import { messagePreview } from '../../../core/preview';
import { pyDumps } from '../../../core/pyjson';
import { dictGet, type PyDict } from '../../../core/pyvalue';
import type { ReplayResult } from '../../../core/replay';
import { Fold } from '../Fold';
import { count } from '../text';
import { VirtualList } from '../VirtualList';
import { fateKey, fateText } from './fates';

export interface FateListProps {
  messages: PyDict[];
  lines: number[];
  result: ReplayResult;
  scrollTo: number | null;
  nonce: number;
  onOpenLine: (line: number) => void;
}

const CHANGE_TEXT = { sanitized: 'sanitized', breadcrumbs: 'breadcrumbs added', timestamp: 'timestamp added' } as const;

/** One row per message; a kept row opens to show the exact provider entry. */
export function FateList(p: FateListProps) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (i: number) => {
    const next = new Set(open);
    if (!next.delete(i)) next.add(i);
    setOpen(next);
  };
  return (
    <VirtualList
      label="Fate of every message"
      count={p.messages.length}
      estimateSize={(i) => (open.has(i) ? 220 : 64)}
      scrollTo={p.scrollTo}
      scrollNonce={p.nonce}
      render={(i) => {
        const f = p.result.fates[i]!;
        const m = p.messages[i]!;
        const role = dictGet(m, 'role');
        const k = fateKey(f);
        const tokens = f.kept && p.result.tokens ? p.result.tokens[f.entry] : undefined;
        const raised = p.result.error?.message_index === i;
        return (
          <div class={`sl-fate-row ${f.kept ? 'sl-kept' : 'sl-dropped'} ${raised ? 'sl-hl' : ''}`} data-message={i}>
            <div class="sl-fate-head">
              <span class={`sl-swatch sl-fate-${k}`} aria-hidden="true" />
              <span class="sl-muted">#{count(i + 1)}</span>
              <span class="sl-role">{typeof role === 'string' ? role : role === undefined ? 'no role' : pyDumps(role)}</span>
              <span class={f.kept ? 'sl-ok-text' : 'sl-muted'}>{f.kept ? `kept (entry ${f.entry + 1})` : `dropped: ${fateText(k)}`}</span>
              {f.kept && f.changes.map((c) => <span key={c} class="sl-tag">{CHANGE_TEXT[c]}</span>)}
              {tokens !== undefined && <span class="sl-tokens">{count(tokens)} tokens</span>}
              {raised && <span class="sl-tag sl-tag-danger">nanobot raises here</span>}
              <button type="button" class="sl-link" onClick={() => p.onOpenLine(p.lines[i]!)}>line {p.lines[i]! + 1}</button>
              {f.kept && (
                <button type="button" class="sl-link" aria-expanded={open.has(i)} onClick={() => toggle(i)}>
                  {open.has(i) ? 'hide entry' : 'entry'}
                </button>
              )}
            </div>
            <div class="sl-fate-preview">{messagePreview(m) || <span class="sl-muted">(no text)</span>}</div>
            {f.kept && open.has(i) && <Fold text={pyDumps(p.result.entries[f.entry]!)} class="sl-code" limit={3000} />}
          </div>
        );
      }}
    />
  );
}

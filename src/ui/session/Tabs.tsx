/** The ARIA tab pattern: a tablist with roving focus (arrow keys, Home, End) over labelled panels. */
import type { ComponentChildren } from 'preact';

export interface TabDef {
  id: string;
  label: string;
  /** Extra words for screen readers and the badge (e.g. "3 problems"). */
  badge?: string;
}

export interface TabsProps {
  tabs: TabDef[];
  active: string;
  onSelect: (id: string) => void;
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
  label: string;
  children: ComponentChildren;
}

/** Tab id → DOM id of its tab button and its panel. */
function tabIds(prefix: string, id: string): { tab: string; panel: string } {
  return { tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel-${id}` };
}

/** A tablist; the active panel is the child passed in. Arrow keys move and select (automatic activation). */
export function Tabs(props: TabsProps) {
  const onKey = (e: KeyboardEvent) => {
    const i = props.tabs.findIndex((t) => t.id === props.active);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (i + 1) % props.tabs.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (i - 1 + props.tabs.length) % props.tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = props.tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const id = props.tabs[next]!.id;
    props.onSelect(id);
    queueMicrotask(() => document.getElementById(tabIds(props.idPrefix, id).tab)?.focus());
  };
  const ids = tabIds(props.idPrefix, props.active);
  return (
    <div class="sl-tabs">
      <div role="tablist" aria-label={props.label} class="sl-tablist" onKeyDown={onKey}>
        {props.tabs.map((t) => {
          const on = t.id === props.active;
          const { tab, panel } = tabIds(props.idPrefix, t.id);
          return (
            <button key={t.id} type="button" role="tab" id={tab} aria-selected={on} aria-controls={panel} tabIndex={on ? 0 : -1} class="sl-tab" onClick={() => props.onSelect(t.id)}>
              {t.label}
              {t.badge && <span class="sl-tab-badge">{t.badge}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} class="sl-tabpanel" tabIndex={0}>
        {props.children}
      </div>
    </div>
  );
}

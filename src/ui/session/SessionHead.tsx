/**
 * The top of the session page at every size: the title with the export button, and the facts (key,
 * file, size, messages, nanobot's rules, what the tab shows). The full view's header (Header.tsx) and
 * large-file mode's (large/LargeSession.tsx) each add their banners below it as children.
 */
import type { ComponentChildren } from 'preact';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { pg } from '../i18n/text';
import { iso, visible } from '../parts/iso';

export interface SessionHeadProps {
  /** nanobot's title; '' for none (said as "no title"). */
  title: string;
  sessionKey: string;
  fileName: string;
  size: number;
  /** The messages fact as shown (absent while not known yet). */
  messages?: string;
  version: NanobotVersion;
  /** Which lens the active tab shows. */
  lens: string;
  onExport: () => void;
  class?: string;
  children?: ComponentChildren;
}

/** Title row, facts, then the caller's banners. */
export function SessionHead(p: SessionHeadProps) {
  const t = pg().session;
  return (
    <header class={`sl-header${p.class ? ` ${p.class}` : ''}`}>
      <div class="sl-title-row">
        <h1 class="sl-title">{p.title ? iso(visible(p.title)) : <span class="sl-muted">{t.noTitle}</span>}</h1>
        <button type="button" class="sl-export-open" onClick={p.onExport}>{t.exportOpen}</button>
      </div>
      <dl class="sl-facts">
        <div><dt>{t.facts.key}</dt><dd><code>{iso(visible(p.sessionKey))}</code></dd></div>
        {/* The crumbs above name the file and its size: a phone leaves these two out (session.css). */}
        <div class="sl-fact-file"><dt>{t.facts.file}</dt><dd><code>{iso(visible(p.fileName))}</code></dd></div>
        <div class="sl-fact-size"><dt>{t.facts.size}</dt><dd>{t.bytes(p.size)}</dd></div>
        {p.messages !== undefined && <div><dt>{t.facts.messages}</dt><dd>{p.messages}</dd></div>}
        <div><dt>{t.facts.rules}</dt><dd class="sl-version">{rulesOf(p.version).label}</dd></div>
        {/* What the tab shows changes with the tab: one line of its own, cut with its whole text as a tooltip, so the tab bar below never moves. */}
        <div class="sl-fact-lens"><dt>{t.facts.showing}</dt><dd title={p.lens}>{p.lens}</dd></div>
      </dl>
      {p.children}
    </header>
  );
}

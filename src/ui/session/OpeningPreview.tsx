/**
 * What a big session shows while the worker is still parsing it: the first messages of the file
 * (sent ahead by the worker) and how far the parse has come, so the page is never blank for seconds.
 */
import { useMemo } from 'preact/hooks';
import { pyDumps } from '../../core/python/pyjson';
import { dictGet, type PyDict } from '../../core/python/pyvalue';
import { Content } from './conversation/Content';
import { pg } from '../i18n/text';
import './session.css';

/** At most this many preview messages are laid out: enough to fill a screen, cheap to render. */
const SHOWN = 30;

export interface OpeningPreviewProps {
  messages: PyDict[];
  /** Records received of all, once the worker has sent its first batch. */
  progress: [done: number, total: number] | null;
}

/** The first messages as read-only cards (text only: no numbers, pairing or raw line until the whole file is in). */
export function OpeningPreview({ messages, progress }: OpeningPreviewProps) {
  // The same vnodes on every progress update: Preact skips them, so only the status line changes.
  const t = pg().session;
  const cards = useMemo(() => messages.slice(0, SHOWN).map((m, i) => card(m, i, t)), [messages, t]);
  return (
    <section class="sl-conversation sl-opening" aria-busy="true" aria-labelledby="sl-opening-h">
      <h2 id="sl-opening-h" class="sl-h">{t.firstMessages}</h2>
      <p class="sl-muted sl-opening-progress" role="status">
        {progress ? t.received(progress[0], progress[1]) : t.parsing} {t.fullViews}
      </p>
      {cards}
    </section>
  );
}

function card(m: PyDict, i: number, t: ReturnType<typeof pg>['session']) {
  const role = dictGet(m, 'role');
  const roleText = role === undefined ? t.noRole : typeof role === 'string' ? role : pyDumps(role);
  return (
    <article key={i} class={`sl-msg sl-role-${typeof role === 'string' ? role.replace(/[^a-z]/gi, '') : 'x'}`} aria-label={t.firstMessage(roleText)}>
      <header class="sl-msg-head">
        <span class="sl-role">{roleText}</span>
      </header>
      <Content value={dictGet(m, 'content')} id={`preview:${i}`} plain code={role === 'tool'} />
    </article>
  );
}

/** A warning shown whole until its "Got it", then as one line that opens it again. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { isRead, setRead } from '../open/read-notes';
import { ui } from '../i18n/text';

export interface ReadOnceProps {
  /** Workspace name: what is read is remembered per workspace. */
  ws: string;
  id: string;
  /** The one line shown once read. */
  summary: ComponentChildren;
  class: string;
  role?: 'note' | 'alert';
  children: ComponentChildren;
}

/** The note, whole or folded to its summary line; the choice is remembered per workspace. */
export function ReadOnce(p: ReadOnceProps) {
  const [read, setReadState] = useState(() => isRead(p.ws, p.id));
  const flip = (next: boolean) => {
    setRead(p.ws, p.id, next);
    setReadState(next);
  };
  if (read) {
    return (
      <p class={`${p.class} read-once folded`} data-note={p.id}>
        {p.summary}{' '}
        <button type="button" class="link-btn sl-link" aria-expanded={false} onClick={() => flip(false)}>{ui().start.details}</button>
      </p>
    );
  }
  return (
    <div class={`${p.class} read-once`} role={p.role} data-note={p.id}>
      {p.children}{' '}
      <button type="button" class="link-btn sl-link" onClick={() => flip(true)}>{ui().start.gotIt}</button>
    </div>
  );
}

/**
 * The step before anything is destroyed or replaced: it takes focus (on Cancel, the safe choice, so
 * a stray Enter destroys nothing), announces itself (role="alertdialog", named by its question), and
 * Escape cancels it. The caller puts focus back where the step was opened from.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { ui } from '../i18n/text';

export interface ConfirmProps {
  /** The question, naming what will be lost. */
  question: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** Extra choices shown with the question (a backup checkbox). */
  children?: ComponentChildren;
  class?: string;
  questionClass?: string;
  confirmClass?: string;
  cancelClass?: string;
}

/** An inline confirm step (not modal: the rest of the page stays usable). */
export function Confirm(p: ConfirmProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || p.busy) return;
    e.preventDefault();
    e.stopPropagation();
    p.onCancel();
  };
  return (
    <div class={p.class} role="alertdialog" aria-modal="false" aria-labelledby={`${id}-q`} onKeyDown={onKeyDown}>
      <p id={`${id}-q`} class={p.questionClass}>
        {p.question}
      </p>
      {p.children}
      <button type="button" class={p.confirmClass} disabled={p.busy} onClick={p.onConfirm}>
        {p.confirmLabel}
      </button>{' '}
      <button type="button" ref={cancel} class={p.cancelClass} disabled={p.busy} onClick={p.onCancel}>
        {ui().start.cancel}
      </button>
    </div>
  );
}

/** The app's checkbox line (`sl-check`): a box, its label, and a muted hint under it. */
import type { ComponentChildren } from 'preact';

/** A labelled checkbox; `onChange` gets whether it is now checked. */
export function Check({ checked, onChange, label, hint }: { checked: boolean; onChange: (checked: boolean) => void; label: ComponentChildren; hint?: ComponentChildren }) {
  return (
    <label class="sl-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
      <span>{label}</span>
      {hint !== undefined && <small class="sl-muted">{hint}</small>}
    </label>
  );
}

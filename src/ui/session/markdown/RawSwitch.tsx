/**
 * The "raw text everywhere" switch of the Conversation tab, at every file size: turning it forgets
 * the per-message choices, so every message then follows it.
 */
import { pg } from '../../i18n/text';
import { rawEverywhere, setRawEverywhere, type RawOverrides } from './prefs';

/** The checkbox; `overrides` are the open session's per-message choices. */
export function RawSwitch({ overrides }: { overrides: RawOverrides }) {
  return (
    <label class="sl-raw-all">
      <input
        type="checkbox"
        checked={rawEverywhere.value}
        onChange={(e) => {
          setRawEverywhere(e.currentTarget.checked);
          overrides.value = new Map();
        }}
      />{' '}
      {pg().conversation.rawAll}
    </label>
  );
}

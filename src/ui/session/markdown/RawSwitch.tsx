/**
 * The "raw text everywhere" switch of the Conversation tab, at every file size: turning it forgets
 * the per-message choices, so every message then follows it. A phone shows its short words, so it
 * shares the jump bar's row and the first message stays in the upper half of the screen.
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
      <span class="sl-raw-long">{pg().conversation.rawAll}</span>
      <span class="sl-raw-short">{pg().conversation.rawAllShort}</span>
    </label>
  );
}

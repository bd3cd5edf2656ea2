/** The parts of a message around its content: reasoning (collapsed), attachments as breadcrumbs, internal flags. */
import { pyDumps } from '../../../core/python/pyjson';
import { pyStr } from '../../../core/python/pyrepr';
import { dictGet, dictKeys, isDict, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import { Fold } from '../parts/Fold';
import { messageFlag, SHOWN_KEYS } from '../parts/flags';
import { pg } from '../../i18n/text';
import { iso } from '../../parts/iso';

/** `reasoning_content` and `thinking_blocks`, folded away in <details>. */
export function Reasoning({ m }: { m: PyDict }) {
  const rc = dictGet(m, 'reasoning_content');
  const tb = dictGet(m, 'thinking_blocks');
  if (rc === undefined && tb === undefined) return null;
  const t = pg().conversation;
  return (
    <details class="sl-reasoning">
      <summary>
        {t.reasoning}{typeof rc === 'string' ? t.reasoningChars(rc.length) : ''}
        {Array.isArray(tb) ? t.thinkingBlocks(tb.length) : ''}
      </summary>
      {rc !== undefined && (typeof rc === 'string' ? <Fold text={rc || t.empty} /> : <Fold text={pyDumps(rc)} class="sl-code" />)}
      {Array.isArray(tb)
        ? tb.map((b, i) => <Fold key={i} text={isDict(b) && typeof dictGet(b, 'thinking') === 'string' ? (dictGet(b, 'thinking') as string) : pyDumps(b)} />)
        : tb !== undefined && <Fold text={pyDumps(tb)} class="sl-code" />}
    </details>
  );
}

function names(v: PyValue | undefined, unnamed: string): string[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => (isDict(x) ? pyStr(dictGet(x, 'name') ?? unnamed) : pyStr(x)));
}

/** media / cli_apps / mcp_presets as breadcrumbs: what replay appends to the user's text. */
export function Attachments({ m }: { m: PyDict }) {
  const t = pg().conversation;
  const media = dictGet(m, 'media');
  const apps = names(dictGet(m, 'cli_apps'), t.unnamed);
  const presets = names(dictGet(m, 'mcp_presets'), t.unnamed);
  const paths = Array.isArray(media) ? media.map((p) => (typeof p === 'string' ? p : pyDumps(p))) : [];
  if (!paths.length && !apps.length && !presets.length) return null;
  return (
    <ul class="sl-crumbs" aria-label={t.attachments}>
      {paths.map((p, i) => <li key={`m${i}`} class="sl-crumb">{t.image}{p}</li>)}
      {apps.map((n, i) => <li key={`a${i}`} class="sl-crumb">{t.cliApp}{n}</li>)}
      {presets.map((n, i) => <li key={`p${i}`} class="sl-crumb">{t.mcpPreset}{n}</li>)}
    </ul>
  );
}

function short(v: PyValue): string {
  const s = typeof v === 'string' ? v : pyDumps(v);
  return s.length > 60 ? s.slice(0, 59) + '…' : s;
}

/** nanobot's internal message keys as small tags (explained on hover), other unknown keys too. */
export function Flags({ m }: { m: PyDict }) {
  const keys = dictKeys(m).filter((k) => !SHOWN_KEYS.has(k));
  if (!keys.length) return null;
  return (
    <ul class="sl-flags" aria-label={pg().conversation.internalKeys}>
      {keys.map((k) => {
        const v = m[k]!;
        const known = messageFlag(k);
        return (
          <li key={k} class={`sl-tag ${known ? 'sl-tag-internal' : ''}`} title={known ?? pg().conversation.unknownKey}>
            {iso(k)}
            {v === true ? '' : <>={iso(short(v))}</>}
          </li>
        );
      })}
    </ul>
  );
}

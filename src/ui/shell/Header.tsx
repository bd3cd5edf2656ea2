/** The app header: name, the open workspace and its mode, main navigation, language and theme. */
import { cycleTheme, theme } from './theme';
import { route } from './router';
import { workspace } from '../workspace/model';
import { noSessionsHere } from '../workspace/version/layout-text';
import { language, setLanguage, ui } from '../i18n/text';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/language';

function modeChip(): { cls: string; text: string } | null {
  const ws = workspace.value;
  const h = ui().header;
  if (!ws || noSessionsHere(ws.layout)) return null;
  if (ws.kind === 'demo') return { cls: 'demo', text: h.modeDemo };
  return ws.writable ? { cls: 'editable', text: h.modeEditable } : { cls: 'read-only', text: h.modeReadOnly };
}

export function Header() {
  const ws = workspace.value;
  const r = route.value;
  const h = ui().header;
  const inWorkspace = r.view === 'workspace' || r.view === 'session';
  const chip = modeChip();
  return (
    <header class="app-header">
      <a class="brand" href={ws ? '#/w' : '#/'}>
        <img src="./icons/icon.svg" alt="" width={24} height={24} />
        <span>Session Lens</span>
      </a>
      {ws && (
        <span class="header-ws" title={ws.adapter.label}>
          <span class="header-ws-name">{ws.name}</span>
          {chip && <span class={`chip mode-${chip.cls}`}>{chip.text}</span>}
        </span>
      )}
      <nav class="header-nav" aria-label={h.nav}>
        {ws && (
          <a href="#/w" aria-current={inWorkspace ? 'page' : undefined}>
            {h.workspace}
          </a>
        )}
        <a href="#/" aria-current={r.view === 'start' ? 'page' : undefined}>
          {h.open}
        </a>
        <a href="#/guide" aria-current={r.view === 'guide' ? 'page' : undefined}>
          {h.guide}
        </a>
      </nav>
      {/* The language switcher: each language named in itself; the choice is remembered. */}
      <select class="lang-picker" aria-label={ui().common.language} value={language.value} onChange={(e) => void setLanguage((e.currentTarget as HTMLSelectElement).value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="button" class="btn subtle theme-toggle" onClick={cycleTheme} aria-label={h.themeLabel(h.theme[theme.value])}>
        <span aria-hidden="true">{theme.value === 'dark' ? '☾' : theme.value === 'light' ? '☀' : '◐'}</span>
        <span class="theme-label">{h.theme[theme.value]}</span>
      </button>
    </header>
  );
}

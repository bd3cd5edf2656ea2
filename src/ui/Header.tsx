/** The app header: name, the open workspace and its mode, main navigation, theme toggle. */
import { cycleTheme, theme } from './theme';
import { route } from './router';
import { workspace } from './workspace/model';

const THEME_LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;

function modeChip(): string | null {
  const ws = workspace.value;
  if (!ws) return null;
  if (ws.kind === 'demo') return 'demo';
  return ws.writable ? 'editable' : 'read-only';
}

export function Header() {
  const ws = workspace.value;
  const r = route.value;
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
          {chip && <span class={`chip mode-${chip}`}>{chip}</span>}
        </span>
      )}
      <nav class="header-nav" aria-label="Main">
        {ws && (
          <a href="#/w" aria-current={inWorkspace ? 'page' : undefined}>
            Workspace
          </a>
        )}
        <a href="#/" aria-current={r.view === 'start' ? 'page' : undefined}>
          Open
        </a>
        <a href="#/guide" aria-current={r.view === 'guide' ? 'page' : undefined}>
          Guide
        </a>
      </nav>
      <button type="button" class="btn subtle theme-toggle" onClick={cycleTheme} aria-label={`${THEME_LABEL[theme.value]} (click to change)`}>
        <span aria-hidden="true">{theme.value === 'dark' ? '☾' : theme.value === 'light' ? '☀' : '◐'}</span>
        <span class="theme-label">{theme.value}</span>
      </button>
    </header>
  );
}

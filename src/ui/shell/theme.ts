/** Light and dark themes: follow the system (prefers-color-scheme) unless the user picked one. */
import { signal } from '@preact/signals';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'session-lens:theme';

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export const theme = signal<ThemeChoice>(typeof localStorage === 'undefined' ? 'system' : stored());

/** Put the choice on <html data-theme> (the CSS reads it); 'system' leaves it to the media query. */
export function applyTheme(choice: ThemeChoice = theme.value): void {
  const el = document.documentElement;
  if (choice === 'system') delete el.dataset.theme;
  else el.dataset.theme = choice;
}

/** Cycle system → light → dark → system, remembering the choice. */
export function cycleTheme(): void {
  const order: ThemeChoice[] = ['system', 'light', 'dark'];
  theme.value = order[(order.indexOf(theme.value) + 1) % order.length]!;
  try {
    if (theme.value === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme.value);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyTheme();
}

/**
 * English, part one: the words of the start page, the workspace and the header (loaded before the
 * first render). Every other language's `shell.ts` has exactly these keys (the type checks it).
 * Words that nanobot or Python wrote (exception texts, file content, key names) are never here: they
 * are shown as they are.
 */
import { groupDigits } from '../numbers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

const shell = {
  // ── common: numbers, dates and the nouns every part counts ──
  common: {
    locale: 'en-US',
    count: groupDigits,
    messages: (n: number) => plural(n, 'message'),
    lines: (n: number) => plural(n, 'line'),
    sessions: (n: number) => plural(n, 'session'),
    tokens: (n: number) => plural(n, 'token'),
    /** nanobot's naive local time (already split into numbers) as `2 Jun 2026, 09:14`. */
    naiveTime: (y: string, mo: number, d: number, h: string, mi: string) => `${d} ${MONTHS[mo - 1]} ${y}, ${h}:${mi}`,
    loading: 'Loading…',
    language: 'Language',
  },
  // ── header ──
  header: {
    nav: 'Main',
    workspace: 'Workspace',
    open: 'Open',
    guide: 'Guide',
    modeDemo: 'demo',
    modeEditable: 'editable',
    modeReadOnly: 'read-only',
    theme: { system: 'system', light: 'light', dark: 'dark' },
    themeLabel: (name: string) => `Theme: ${name} (click to change)`,
  },
  // ── start ──
  start: {},
  // ── workspace ──
  workspace: {},

  // ── listing cache (rows shown from the last visit) ──
  cache: {},
};

export type ShellText = typeof shell;
export default shell;

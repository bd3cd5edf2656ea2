/**
 * A session, or the replay nanobot sends, as a file to share: Markdown, one self-contained HTML
 * page (inline styles, no script, a CSP that forbids every fetch) or JSON (the messages exactly).
 * Built from data already redacted; every piece of text in the HTML is escaped. Each file is an
 * opening, one piece per message and a closing, so a file too big to hold (large-file mode) is
 * written piece by piece with the very bytes of the whole one.
 */
import { exportMessage, type ExportBlock, type ExportMessage, type ExportWords } from './export-parts';
import { pyDumps } from '../python/pyjson';
import type { PyValue } from '../python/pyvalue';

export type ExportFormat = 'md' | 'html' | 'json';

/** What an export says before its messages. */
export interface ExportHead {
  /** The session's title ('' for none). */
  title: string;
  key: string;
  /** What the messages are, in words ("Session as stored", "Replay: what nanobot sends to the model"). */
  what: string;
  /** Further facts, one line each (replay settings, the export time). */
  notes: string[];
  /** How many messages follow. */
  count: number;
  /** The words around the data, in the caller's language. */
  words: ExportWords;
}

/** The CSP of an exported page: nothing may load or connect; only its own inline styles apply. */
export const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; media-src 'none'; connect-src 'none'; frame-src 'none'; object-src 'none'; form-action 'none'; base-uri 'none'";

/** Each format's MIME type. */
export const EXPORT_MIME: Record<ExportFormat, string> = { md: 'text/markdown;charset=utf-8', html: 'text/html;charset=utf-8', json: 'application/json' };

/** The text before the first message (the header; for JSON the list's bracket). */
export function exportOpening(head: ExportHead, format: ExportFormat): string {
  if (format === 'md') return markdownHead(head);
  if (format === 'html') return htmlHead(head);
  return '[';
}

/** Message `i` (0-based) with what separates it from the one before: the files are the pieces joined. */
export function exportPiece(m: PyValue, i: number, format: ExportFormat, words: ExportWords): string {
  if (format === 'md') return '\n\n---\n\n' + mdMessage(exportMessage(m, i + 1, words));
  if (format === 'html') return (i ? '\n' : '') + htmlMessage(exportMessage(m, i + 1, words));
  return (i ? ', ' : '') + pyDumps(m);
}

/** The text after the last message. */
export function exportClosing(format: ExportFormat): string {
  if (format === 'md') return '\n';
  if (format === 'html') return ['</main>', '</body>', '</html>', ''].join('\n');
  return ']';
}

// --- Markdown -------------------------------------------------------------------------------

/** A fence longer than any backtick run inside `text`. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

/** Text for a Markdown heading or list line: no line breaks, Markdown punctuation escaped. */
function mdInline(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_{}[\]()<>#~&]/g, '\\$&');
}

function mdBlock(b: ExportBlock): string {
  const label = b.label ? `*${mdInline(b.label)}*\n\n` : '';
  if (b.kind === 'text') return label + b.text;
  return label + fenced(b.text, b.kind === 'json' ? 'json' : '');
}

function mdMessage(m: ExportMessage): string {
  const head = `## ${m.n}. ${mdInline(m.role)}${m.facts.length ? ` · ${m.facts.map(mdInline).join(' · ')}` : ''}`;
  return [head, ...m.blocks.map(mdBlock)].join('\n\n');
}

function markdownHead(doc: ExportHead): string {
  const w = doc.words;
  return [
    `# ${mdInline(doc.title || w.untitled)}`,
    '',
    `- ${mdInline(w.sessionKey)}${w.colon}${mdInline(doc.key)}`,
    `- ${mdInline(doc.what)}${w.colon}${mdInline(w.messages(doc.count))}`,
    ...doc.notes.map((n) => `- ${mdInline(n)}`),
  ].join('\n');
}

// --- HTML -----------------------------------------------------------------------------------

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe anywhere in HTML content or a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESC[c]!);
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1d1f23; --bg: #fff; --muted: #666b73; --border: #d6d8dc; --soft: #f3f4f6; --accent: #3b6fd1; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e6ea; --bg: #16181c; --muted: #9aa0a8; --border: #353a42; --soft: #1f2227; --accent: #7aa2f7; } }
body { margin: 0 auto; max-width: 60rem; padding: 1rem 1.25rem 3rem; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.4rem; margin: 0 0 0.4rem; overflow-wrap: anywhere; }
.facts { color: var(--muted); margin: 0 0 1rem; padding-left: 1.2rem; }
article { border: 1px solid var(--border); border-left: 4px solid var(--muted); border-radius: 6px; padding: 0.5rem 0.8rem; margin: 0.7rem 0; }
article.user { border-left-color: var(--accent); } article.assistant { border-left-color: #23854b; } article.tool { border-left-color: #b87310; }
h2 { font-size: 0.95rem; margin: 0 0 0.3rem; font-weight: 600; overflow-wrap: anywhere; }
h2 .facts-inline { color: var(--muted); font-weight: normal; }
.label { color: var(--muted); font-size: 0.85em; margin: 0.4rem 0 0.1rem; }
.text, pre { white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0.2rem 0; }
pre { font: 0.85em/1.45 ui-monospace, Menlo, Consolas, monospace; background: var(--soft); padding: 0.4rem 0.6rem; border-radius: 4px; }
bdi { unicode-bidi: isolate; }
`;

function htmlBlock(b: ExportBlock): string {
  const label = b.label ? `<p class="label">${escapeHtml(b.label)}</p>` : '';
  return label + (b.kind === 'text' ? `<div class="text">${escapeHtml(b.text)}</div>` : `<pre>${escapeHtml(b.text)}</pre>`);
}

function htmlMessage(m: ExportMessage): string {
  const cls = /^[a-z]+$/.test(m.role) ? ` class="${m.role}"` : '';
  const facts = m.facts.map((f) => ` · <bdi>${escapeHtml(f)}</bdi>`).join('');
  return `<article${cls}><h2>${m.n}. <bdi>${escapeHtml(m.role)}</bdi><span class="facts-inline">${facts}</span></h2>${m.blocks.map(htmlBlock).join('')}</article>`;
}

function htmlHead(doc: ExportHead): string {
  const w = doc.words;
  const title = doc.title || w.untitled;
  const colon = escapeHtml(w.colon);
  const notes = [`${escapeHtml(w.sessionKey)}${colon}<bdi>${escapeHtml(doc.key)}</bdi>`, `${escapeHtml(doc.what)}${colon}${escapeHtml(w.messages(doc.count))}`, ...doc.notes.map(escapeHtml)];
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(w.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header><h1><bdi>${escapeHtml(title)}</bdi></h1><ul class="facts">${notes.map((n) => `<li>${n}</li>`).join('')}</ul></header>`,
    '<main>',
  ].join('\n');
}

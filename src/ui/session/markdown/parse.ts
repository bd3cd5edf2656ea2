/**
 * The Markdown parser (markdown-it), configured for untrusted text: raw HTML is never recognised
 * (it stays text), links are only http(s)/mailto, nesting is capped. Loaded lazily with ./render.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { isSafeHref } from './links';

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: true, maxNesting: 20 });
// markdown-it's own check refuses javascript:, vbscript:, file: and some data:; ours admits only the allow-list.
md.validateLink = isSafeHref;

/**
 * markdown-it's block tokens (inline ones as children) for `text`. U+2028 and U+2029 (line and
 * paragraph separators) are read as the line breaks they stand for: a browser draws them as nothing,
 * so "a\u2029b" would read "ab". One character for one, so offsets into the text stay put.
 */
export function parseMarkdown(text: string): Token[] {
  return md.parse(text.replace(/[\u2028\u2029]/g, '\n'), {});
}

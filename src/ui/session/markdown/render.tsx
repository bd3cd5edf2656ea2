/**
 * markdown-it tokens to Preact elements (never an HTML string): only the elements listed here are
 * made, every piece of text is bidi-isolated text, links go through the allow-list again, and
 * images become links (nothing is ever fetched). Loaded lazily, with the parser.
 */
import type { Token } from 'markdown-it';
import type { ComponentChildren, VNode } from 'preact';
import { iso } from '../../parts/iso';
import { Hl } from '../find/Hl';
import { CodeBlock } from './CodeBlock';
import { isSafeHref, LINK_ATTRS } from './links';
import { parseMarkdown } from './parse';
import { pg } from '../../i18n/text';

export { parseMarkdown };

/** Block-level containers: token tag → element made (headings sit below the tab's own h2). */
const BLOCKS: Record<string, string> = {
  p: 'p', blockquote: 'blockquote', ul: 'ul', ol: 'ol', li: 'li',
  table: 'table', thead: 'thead', tbody: 'tbody', tr: 'tr', th: 'th', td: 'td',
  h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6',
};
const INLINE: Record<string, string> = { em: 'em', strong: 'strong', s: 's' };

/** The index of the token closing the one opened at `open` (same level, nesting -1). */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    depth += tokens[i]!.nesting;
    if (depth === 0) return i;
  }
  return tokens.length;
}

function align(t: Token): string | undefined {
  const m = /text-align:(left|center|right)/.exec(String(t.attrGet('style') ?? ''));
  return m ? `sl-md-${m[1]}` : undefined;
}

function blockElement(t: Token, children: ComponentChildren, key: number): VNode | ComponentChildren {
  if (t.hidden) return children; // paragraphs of tight lists
  const Tag = (BLOCKS[t.tag] ?? 'div') as 'div';
  const props: Record<string, unknown> = { key, class: align(t) };
  if (t.tag === 'ol') {
    const start = t.attrGet('start');
    if (start !== null && Number.isSafeInteger(Number(start))) props.start = Number(start);
  }
  if (t.tag === 'table') return <div key={key} class="sl-md-table"><table>{children}</table></div>;
  return <Tag {...props}>{children}</Tag>;
}

/** Block tokens [from, to) as elements. */
function blocks(tokens: Token[], from = 0, to = tokens.length): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.nesting === 1) {
      const end = closing(tokens, i);
      out.push(blockElement(t, blocks(tokens, i + 1, end), i));
      i = end;
    } else if (t.type === 'inline') out.push(inline(t.children ?? []));
    else if (t.type === 'fence' || t.type === 'code_block') out.push(<CodeBlock key={i} code={t.content} info={t.type === 'fence' ? t.info : ''} />);
    else if (t.type === 'hr') out.push(<hr key={i} />);
    else if (t.content) out.push(<p key={i}><Hl text={t.content} /></p>); // html_block and anything unknown: its text
  }
  return out;
}

function link(href: string, children: ComponentChildren, key: number, cls?: string): VNode {
  return (
    <a key={key} href={href} title={href} class={cls} {...LINK_ATTRS}>
      {children}
    </a>
  );
}

/** Inline tokens [from, to) as elements and text. */
function inline(tokens: Token[], from = 0, to = tokens.length): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.nesting === 1) {
      const end = closing(tokens, i);
      const inner = inline(tokens, i + 1, end);
      const href = String(t.attrGet('href') ?? '');
      if (t.type === 'link_open') out.push(isSafeHref(href) ? link(href, inner, i) : <span key={i}>{inner}</span>);
      else {
        const Tag = (INLINE[t.tag] ?? 'span') as 'span';
        out.push(<Tag key={i}>{inner}</Tag>);
      }
      i = end;
    } else if (t.type === 'text' || t.type === 'html_inline') out.push(<Hl key={i} text={t.content} />);
    else if (t.type === 'code_inline') out.push(<code key={i}><Hl text={t.content} /></code>);
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out.push(<br key={i} />);
    else if (t.type === 'image') {
      // Never an <img>: the picture would be fetched from wherever the text points.
      const src = String(t.attrGet('src') ?? '');
      const label = <>{pg().markdown.image}{iso(t.content || src)}</>;
      out.push(isSafeHref(src) ? link(src, label, i, 'sl-md-img') : <span key={i} class="sl-md-img">{label}</span>);
    } else if (t.content) out.push(<Hl key={i} text={t.content} />);
  }
  return out;
}

/** Parsed texts, most recent last: rows of the virtual list mount again as they scroll back in. */
const parsed = new Map<string, Token[]>();
const KEEP = 64;

function tokensOf(text: string): Token[] {
  let t = parsed.get(text);
  if (t) parsed.delete(text);
  else t = parseMarkdown(text);
  parsed.set(text, t);
  if (parsed.size > KEEP) parsed.delete(parsed.keys().next().value!);
  return t;
}

/** The Markdown of `text` as Preact elements, inside a `.sl-md` block. */
export function renderMarkdown(text: string): VNode {
  return <div class="sl-md">{blocks(tokensOf(text))}</div>;
}

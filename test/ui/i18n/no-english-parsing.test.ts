/**
 * No catalog reads words back out of English (issue 26): the core and the store hand codes with
 * values, so a regular expression in src/ui/i18n has no English to match. Every regular expression
 * there (a literal or `RegExp(…)`) is found with the build's own parser (oxc, through Vite); none may hold a word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../../src/ui/i18n');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Every regular expression in a source: a literal's `/pattern/flags`, a `RegExp(…)`'s first argument as written. */
function regexesIn(source: string, name = 'x.ts'): string[] {
  const { program, errors } = parseSync(name, source, { lang: name.endsWith('.tsx') ? 'tsx' : 'ts' });
  expect(errors).toEqual([]);
  const found: string[] = [];
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== 'object') return;
    const node = n as { type?: string; regex?: { pattern: string; flags: string }; callee?: { type: string; name?: string }; arguments?: { start: number; end: number }[] };
    if (node.type === 'Literal' && node.regex) found.push(`/${node.regex.pattern}/${node.regex.flags}`);
    if ((node.type === 'NewExpression' || node.type === 'CallExpression') && node.callee?.type === 'Identifier' && node.callee.name === 'RegExp') {
      const a = node.arguments?.[0];
      found.push(a ? source.slice(a.start, a.end) : '');
    }
    for (const v of Object.values(node)) if (v && typeof v === 'object') visit(v);
  };
  visit(program);
  return found;
}

/** A word in a pattern: two ASCII letters in a row that are not an escape (`\d`, `\B`, `\p{…}`'s name aside). */
function words(pattern: string): string[] {
  const bare = pattern.replace(/\\p\{[^}]*\}/g, ' ').replace(/\\./g, ' ');
  return bare.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('the catalogs parse no English', () => {
  it('finds the regular expressions it looks for', () => {
    expect(regexesIn("const a = /^Not valid JSON: (.*)$/; const b = new RegExp('Drops (\\\\d+)'); const c = x.replace(/\\B(?=(\\d{3})+$)/g, ',');")).toEqual([
      '/^Not valid JSON: (.*)$/',
      "'Drops (\\\\d+)'",
      '/\\B(?=(\\d{3})+$)/g',
    ]);
    expect(words('/^Not valid JSON: (.*)$/').length).toBeGreaterThan(0);
    expect(words('/\\B(?=(\\d{3})+$)/g')).toEqual([]);
  });

  it.each(files(ROOT).map((f) => [f.slice(ROOT.length + 1), f] as const))('%s holds no regular expression over words', (_name, f) => {
    const found = regexesIn(readFileSync(f, 'utf8'), f).filter((p) => words(p.replace(/\/[a-z]*$/, '/')).length > 0);
    expect(found).toEqual([]);
  });
});

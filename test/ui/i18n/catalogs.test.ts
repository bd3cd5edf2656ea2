import { describe, expect, it } from 'vitest';
import enShell from '../../../src/ui/i18n/en/shell';
import enPages from '../../../src/ui/i18n/en/pages';
import zhShell from '../../../src/ui/i18n/zh/shell';
import zhPages from '../../../src/ui/i18n/zh/pages';
import enErrors from '../../../src/ui/i18n/en/errors';
import zhErrors from '../../../src/ui/i18n/zh/errors';

type Tree = { [k: string]: unknown };

/** Every leaf path of a catalog with its kind ('string', 'function'). */
function leaves(t: Tree, at = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(t)) {
    const p = at ? `${at}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [q, w] of leaves(v as Tree, p)) out.set(q, w);
    else out.set(p, v);
  }
  return out;
}

/** Arguments for the functions that word a code (the others get a number and strings). */
const CODE_ARGS: Record<string, unknown[]> = {
  'health.message': [{ line: 0, kind: 'missing-role', severity: 'warning', raw: '' }],
  'file.diagnostic': [{ line: 0, kind: 'bad-json', severity: 'error', values: { error: 'Expecting value' }, raw: '' }],
  'file.contract': [{ key: 'goal_state', path: ['status'], found: 'number' }],
  'upgrade.note': [{ code: 'moved-at-startup' }],
  'workspace.skip': [{ code: 'blank-first' }],
  'workspace.layout.label': [{ code: 'legacy' }],
  'workspace.layout.note': [{ code: 'not-nanobot-folder' }],
  'workspace.evidence': [{ kind: 'provider-state', points: ['main'], count: 3 }],
  'workspace.reasons': [{ why: { code: 'nothing-tells' }, evidence: [] }],
  storeError: [{ code: 'not-found' }, 'sessions/a.jsonl'],
  snapshotChange: [{ code: 'deleted' }],
  nameProblem: [{ code: 'forbidden', cp: 'U+003A', shown: ':' }],
  droppedFolders: [[{ code: 'not-a-folder-record', id: 'b', at: 2, field: 'handle', problem: 'Invalid input' }, { code: 'not-a-folder-record', id: null, at: 3, field: '', problem: 'Invalid input' }]],
  'edit.change': [{ code: 'trim', total: 4, dropped: 2, archived: 0, kept: 2 }],
  'edit.refusal': [{ code: 'no-line', line: 9 }],
  'replay.dropReason': ['consolidated', 8],
  'replay.change': ['archived', 8],
};

/** Strings that are the same in both languages on purpose (names, symbols). */
const SAME = new Set<string>([]);

describe.each([
  ['shell', enShell, zhShell],
  ['pages', enPages, zhPages],
  ['errors', enErrors, zhErrors],
] as const)('the %s catalogs', (_name, en, zh) => {
  const e = leaves(en as Tree);
  const z = leaves(zh as Tree);
  it('have the same keys with the same kinds of value', () => {
    expect([...z.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [k, v] of e) expect(`${k}: ${typeof z.get(k)}`).toBe(`${k}: ${typeof v}`);
  });
  it('translate every string (none is left in English unless it is a name)', () => {
    const untranslated = [...e].filter(([k, v]) => typeof v === 'string' && z.get(k) === v && !SAME.has(k) && !k.endsWith('.locale')).map(([k]) => k);
    expect(untranslated).toEqual([]);
  });
  it('give every function a Chinese answer for the same arguments', () => {
    for (const [k, v] of e) {
      if (typeof v !== 'function') continue;
      const f = z.get(k) as (...a: unknown[]) => unknown;
      const args = CODE_ARGS[k] ?? Array.from({ length: v.length }, (_, i) => (i === 0 ? 3 : 'x'));
      const out = f(...args);
      if (typeof out === 'string' && out.length > 0) expect(`${k}: ${/[\u3000-\u9fff\uff00-\uffef]/.test(out) || /^[\d,.\s\-x:%]*$/.test(out)}`).toBe(`${k}: true`);
    }
  });
});

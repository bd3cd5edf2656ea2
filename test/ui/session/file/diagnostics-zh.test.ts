/**
 * The Chinese catalog's diagnostics and metadata-contract sentences: every kind the core reports is
 * translated (none falls back to the core's English), and what the sentence quotes (Python's
 * exception text, a value, a file name) appears verbatim. The English catalog is the core's text.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument, type Diagnostic, type DiagnosticKind } from '../../../../src/core/document';
import { contractProblem } from '../../../../src/core/metadata-contracts';
import { pyLoads } from '../../../../src/core/pyjson';
import en from '../../../../src/ui/i18n/en/pages';
import zh from '../../../../src/ui/i18n/zh/pages';

const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
const USER = '{"role": "user", "content": "a"}';

function diags(text: string | Uint8Array, fileName?: string): Diagnostic[] {
  return parseDocument(typeof text === 'string' ? enc(text) : text, { fileName, version: 'v0.2' }).diagnostics;
}

const bad = new Uint8Array([...enc(`${META}\n{"role": "user", "content": "`), 0xff, ...enc('"}\n')]);
const cases: Diagnostic[] = [
  ...diags(bad),
  ...diags(`${META}\n\ufeff${USER}\n`),
  ...diags(`${META}\n{"role": "user", "content": \n`),
  ...diags(`${META}\n${'['.repeat(5000)}${']'.repeat(5000)}\n`),
  ...diags(`${META}\n[1, 2]\n`),
  ...diags(`${META}\n\n${USER}\n`),
  ...diags(`${META}\n\f${USER}\n`),
  ...diags(`${META}\r\n${USER}\n`),
  ...diags(`${META}\n${USER}`),
  ...diags(`${USER}\n`),
  ...diags(`${USER}\n${META}\n`),
  ...diags(`\n${META}\n${USER}\n`),
  ...diags(`${META}\n${META}\n${USER}\n`),
  ...diags(`${META.replace('"created_at": "2026-06-01T10:00:00"', '"created_at": "yesterday"')}\n${USER}\n`),
  ...diags(`${META.replace('"last_consolidated": 0', '"last_consolidated": 99')}\n${USER}\n`),
  ...diags(`${META}\n${USER}\n`, 'other.jsonl'),
  ...diags(`${META}\n{"content": "no role"}\n`),
];
const CJK = /[\u4e00-\u9fff]/;
const loads = (text: string) => {
  const r = pyLoads(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('diagnostics in Chinese', () => {
  it('translate every kind the core reports, never falling back to its English', () => {
    const kinds = new Set<DiagnosticKind>(cases.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(
      ['bad-json', 'bad-last-consolidated', 'bad-time', 'blank-line', 'bom', 'duplicate-metadata', 'invalid-utf8', 'key-mismatch', 'line-ending', 'metadata-not-first', 'missing-metadata', 'missing-role', 'no-final-newline', 'not-object', 'padded-line', 'too-deep'].sort(),
    );
    for (const d of cases) {
      const z = zh.file.diagnostic(d.kind, d.message);
      expect(z, d.message).not.toBe(d.message);
      expect(CJK.test(z), z).toBe(true);
      expect(en.file.diagnostic(d.kind, d.message)).toBe(d.message);
    }
  });

  it('quote Python’s text, the values and the file names verbatim', () => {
    const zhOf = (k: DiagnosticKind) => cases.filter((d) => d.kind === k).map((d) => zh.file.diagnostic(d.kind, d.message));
    expect(zhOf('invalid-utf8')[0]).toMatch(/^不是合法的 UTF-8（'utf-8' codec can't decode byte 0xff in byte \d+ of the line: invalid start byte）：/);
    expect(zhOf('bad-json')[0]).toBe('不是合法的 JSON：Expecting value: line 1 column 28 (char 27)');
    expect(zhOf('too-deep')[0]).toMatch(/^嵌套过深，Python 无法解析：maximum recursion depth exceeded/);
    expect(zhOf('not-object')[0]).toMatch(/^是 JSON 数组，不是对象：nanobot 遇到它会抛出 AttributeError/);
    expect(zhOf('line-ending')[0]).toBe('换行符为 "\\r\\n"、"\\n"：nanobot 都能读取，保存时一律写成 "\\n"。');
    expect(zhOf('bad-time')[0]).toMatch(/^created_at 不是 nanobot 能读取的 ISO 日期（ValueError: Invalid isoformat string: 'yesterday'）：/);
    expect(zhOf('bad-last-consolidated')[0]).toMatch(/^last_consolidated 99 不是 0 到 1 之间的整数：/);
    expect(zhOf('key-mismatch')[0]).toMatch(/^存储的键 "cli:direct" 应当在 cli_direct\.jsonl 中，而不是 other\.jsonl：/);
    expect(zhOf('metadata-not-first')).toEqual([
      '元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行，因此不会列出这个文件，除非读取第 1 行失败（那里是无效的 JSON，或前 8 KiB 中有不是 UTF-8 的字节：此时它会列出修复流程恢复的内容）。',
      '元数据记录不在第 1 行：nanobot 不会列出第一行为空行的文件。',
    ]);
  });

  it('an unknown kind or a sentence the core no longer words that way is shown as the core wrote it', () => {
    expect(zh.file.diagnostic('lone-surrogate', 'A lone surrogate')).toBe('A lone surrogate');
    expect(zh.file.diagnostic('bad-json', 'Some new wording')).toBe('Some new wording');
  });
});

describe('metadata contracts in Chinese', () => {
  const say = (key: string, v: unknown) => zh.file.contract(contractProblem(key, v as never)!);
  it('name the key, the field and what it holds', () => {
    expect(say('goal_state', 'done')).toBe('goal_state 不是 nanobot 写入的格式：值是字符串。');
    expect(say('goal_state', loads('{"status": "x"}'))).toBe('goal_state 不是 nanobot 写入的格式：objective 缺失。');
    expect(say('goal_state', loads('{"status": 1}'))).toBe('goal_state 不是 nanobot 写入的格式：status 是数字。');
    expect(say('_last_summary', loads('{"text": true, "last_active": "x"}'))).toBe('_last_summary 不是 nanobot 写入的格式：text 是布尔值（true）。');
    expect(en.file.contract(contractProblem('goal_state', 'done' as never)!)).toBe('goal_state is not what nanobot writes: the value is a string.');
  });
});

/**
 * Diagnostics and metadata-contract problems in words: the core hands a code and values, and each
 * catalog words every kind; what a sentence quotes (Python's exception text, a value, a file name)
 * appears verbatim.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument, type Diagnostic, type DiagnosticKind } from '../../../../src/core/lens/document';
import { contractProblem } from '../../../../src/core/nanobot/metadata-contracts';
import { pyLoads } from '../../../../src/core/python/pyjson';
import type { VisibilityNote } from '../../../../src/core/nanobot/upgrade';
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

describe('diagnostics in each language', () => {
  it('every kind the core reports is worded in Chinese and English from its code and values', () => {
    const kinds = new Set<DiagnosticKind>(cases.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(
      ['bad-json', 'bad-last-consolidated', 'bad-time', 'blank-line', 'bom', 'duplicate-metadata', 'invalid-utf8', 'key-mismatch', 'line-ending', 'metadata-not-first', 'missing-metadata', 'missing-role', 'no-final-newline', 'not-object', 'padded-line', 'too-deep'].sort(),
    );
    for (const d of cases) {
      expect(Object.keys(d)).not.toContain('message');
      const z = zh.file.diagnostic(d);
      const e = en.file.diagnostic(d);
      expect(CJK.test(z), z).toBe(true);
      expect(CJK.test(e), e).toBe(false);
      expect(zh.health.message(d)).toBe(z);
      expect(en.health.message(d)).toBe(e);
    }
  });

  it('quote Python’s text, the values and the file names verbatim', () => {
    const zhOf = (k: DiagnosticKind) => cases.filter((d) => d.kind === k).map((d) => zh.file.diagnostic(d));
    expect(zhOf('invalid-utf8')[0]).toMatch(/^不是合法的 UTF-8（'utf-8' codec can't decode byte 0xff in position 29: invalid start byte；该行第 30 个字节）：/);
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
    const enOf = (k: DiagnosticKind) => cases.filter((d) => d.kind === k).map((d) => en.file.diagnostic(d));
    expect(enOf('key-mismatch')[0]).toBe('The stored key "cli:direct" belongs in cli_direct.jsonl, not other.jsonl: nanobot loads this file under a different key, or never.');
    expect(enOf('line-ending')[0]).toBe('Line endings "\\r\\n" and "\\n": nanobot reads them all, and writes "\\n" when it saves.');
  });

  it('the core hands values, not words', () => {
    const byKind = (k: DiagnosticKind) => cases.find((d) => d.kind === k)!;
    expect(byKind('key-mismatch').values).toEqual({ key: 'cli:direct', expected: 'cli_direct.jsonl', fileName: 'other.jsonl' });
    expect(byKind('bad-last-consolidated').values).toEqual({ value: '99', max: 1 });
    expect(byKind('not-object').values).toEqual({ type: 'array' });
    expect(byKind('invalid-utf8').values).toEqual({ error: "'utf-8' codec can't decode byte 0xff in position 29: invalid start byte", byte: 30 });
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

describe('upgrade notes in each language', () => {
  const notes: VisibilityNote[] = [
    { code: 'not-in-namespace', version: 'v0.3.0' },
    { code: 'name-not-base64url' },
    { code: 'startup-raises', error: 'RecursionError' },
    { code: 'left-in-workspace', stay: { code: 'not-json', line: 6, error: 'Expecting value: line 1 column 1 (char 0)' } },
    { code: 'left-in-workspace', stay: { code: 'not-utf8', line: 2 } },
    { code: 'left-in-workspace', stay: { code: 'not-object', line: 3 } },
    { code: 'left-in-workspace', stay: { code: 'bad-updated-at', line: 1 } },
    { code: 'left-in-workspace', stay: { code: 'no-record' } },
    { code: 'left-in-workspace', stay: { code: 'no-timestamp', line: 1, error: 'year 0 is out of range' } },
    { code: 'left-in-workspace', stay: { code: 'tmp-name-too-long', error: "OSError: [Errno 36] File name too long" } },
    { code: 'moved-name-not-base64url' },
    { code: 'moved-at-startup' },
    { code: 'load-raises', error: 'KeyError' },
    { code: 'loads-nothing' },
  ];
  it('word every code, quoting the exception and the version label as they are', () => {
    for (const n of notes) {
      expect(CJK.test(zh.upgrade.note(n)), zh.upgrade.note(n)).toBe(true);
      expect(CJK.test(en.upgrade.note(n))).toBe(false);
    }
    expect(en.upgrade.note(notes[0]!)).toBe("nanobot v0.3.0 never looks in main's session namespace");
    expect(zh.upgrade.note(notes[3]!)).toBe('main 启动时的迁移把它留在工作区中（第 6 行不是 JSON（Expecting value: line 1 column 1 (char 0)）），而 main 从不查看那里');
  });
});

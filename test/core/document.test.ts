/** The recovered lens: every line kept, problems as diagnostics, untouched bytes written back exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageRecords, parseDocument, serializeDocument } from '../../src/core/lens/document';
import { recoveredSession } from '../../src/core/lens/recovered';
import { appendMessage, clearMessages, removeLine, repairDocument, setLastConsolidated, setTitle, trimToLegalSuffix } from '../../src/core/edit/edits';
import { loadNanobot } from '../../src/core/lens/load';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const NOW = '2031-07-08T09:10:11.121314';
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
const U = (c: string) => `{"role": "user", "content": "${c}", "timestamp": "2024-05-01T09:00:01"}`;
const A = (c: string) => `{"role": "assistant", "content": "${c}"}`;

describe('parseDocument', () => {
  it('keeps every line and says what is wrong with each, in order', () => {
    const text = `\ufeff${META}\r\n${U('hi')}\n\nnot json\n[1, 2]\n${A('ok')}\r{"role": "user", "content": "cut`;
    const doc = parseDocument(enc(text), { fileName: 'cli_direct.jsonl', version: 'v0.2' });
    expect(doc.records.map((r) => r.kind)).toEqual(['metadata', 'message', 'blank', 'corrupt', 'corrupt', 'message', 'corrupt']);
    const kinds = doc.diagnostics.map((d) => `${d.line}:${d.kind}`);
    expect(kinds).toEqual(expect.arrayContaining(['0:bom', '2:blank-line', '3:bad-json', '4:not-object', '6:bad-json', '6:no-final-newline', '0:line-ending']));
    expect(doc.diagnostics.find((d) => d.kind === 'bad-json' && d.line === 3)!.column).toBe(1);
    expect(serializeDocument(doc)).toEqual(enc(text));
  });

  it('shows invalid UTF-8 as a corrupt line and keeps its bytes', () => {
    const bytes = new Uint8Array([...enc(META + '\n' + U('a') + '\n'), 0x7b, 0xff, 0x7d, 0x0a, ...enc(A('b') + '\n')]);
    const doc = parseDocument(bytes, { version: 'v0.2' });
    expect(doc.records[2]!.kind).toBe('corrupt');
    expect(doc.diagnostics.some((d) => d.kind === 'invalid-utf8' && d.line === 2 && d.column === 2)).toBe(true);
    expect(messageRecords(doc)).toEqual([1, 3]);
    expect(serializeDocument(doc)).toEqual(bytes);
    expect(loadNanobot(bytes, 'k', NOW, 'v0.2').result).toBeNull();
  });

  it('flags a stored key that does not belong to the file name, and a last_consolidated nanobot resets', () => {
    const doc = parseDocument(enc(META.replace('"last_consolidated": 0', '"last_consolidated": 1.0') + '\n' + U('a') + '\n'), { fileName: 'other.jsonl', version: 'v0.2' });
    expect(doc.diagnostics.map((d) => d.kind)).toEqual(expect.arrayContaining(['key-mismatch', 'bad-last-consolidated']));
  });

  it('round-trips any file byte for byte (property)', () => {
    const line = fc.oneof(fc.constant(META), fc.constant(U('x')), fc.string(), fc.constant(''), fc.constant('\ufeff' + A('y')), fc.constant('  '));
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, eol)), fc.boolean(), (lines, finalEol) => {
        let text = lines.map(([l, e]) => l + e).join('');
        if (!finalEol && lines.length) text = text.slice(0, -lines[lines.length - 1]![1].length);
        const bytes = enc(text);
        expect(serializeDocument(parseDocument(bytes, { version: 'v0.2' }))).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('edits keep what they do not touch', () => {
  const text = `${META}\n${U('u1')}\n${A('a1')}\ngarbage here\n${U('u2')}\r\n${A('a2')}\n`;
  const doc = parseDocument(enc(text), { version: 'v0.2' });

  it('setTitle rewrites only the metadata line, marking the title as a person’s', () => {
    const r = setTitle(doc, 'cli:direct', 'Trip plans', NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const out = dec(serializeDocument(r.doc)).split('\n');
    expect(out[0]).toBe('{"_type": "metadata", "key": "cli:direct", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {"title": "Trip plans", "title_user_edited": true}, "last_consolidated": 0}');
    expect(out.slice(1).join('\n')).toBe(text.split('\n').slice(1).join('\n'));
  });

  it('appendMessage adds nanobot’s add_message record and sets updated_at', () => {
    const r = appendMessage(doc, 'cli:direct', 'user', 'more', NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const out = dec(serializeDocument(r.doc));
    expect(out.endsWith(`${A('a2')}\n{"role": "user", "content": "more", "timestamp": "${NOW}"}\n`)).toBe(true);
    expect(out).toContain('garbage here\n');
    expect(loadNanobot(serializeDocument(r.doc), 'cli:direct', NOW, 'v0.2').result).not.toBeNull();
  });

  it('setLastConsolidated accepts only what nanobot keeps', () => {
    expect(setLastConsolidated(doc, 'k', 5, NOW).ok).toBe(false);
    expect(setLastConsolidated(doc, 'k', 1.5, NOW).ok).toBe(false);
    const r = setLastConsolidated(doc, 'k', 2, NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const saved = serializeDocument(r.doc);
    expect(recoveredSession(parseDocument(saved, { version: 'v0.2' }), 'k', NOW).lastConsolidated).toBe(2);
  });

  it('trim drops a legal prefix, keeps the corrupt line, and says how many were never archived', () => {
    const r = trimToLegalSuffix(doc, 'cli:direct', 2, false, NOW, 'v0.2');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.dropped).toEqual([0, 1]);
    expect(r.unarchived).toBe(2);
    const out = dec(serializeDocument(r.doc));
    expect(out).toContain('garbage here\n');
    expect(out).toContain(U('u2') + '\r\n');
    expect(out).not.toContain('"u1"');
  });

  it('clear removes the messages only; removeLine drops a corrupt line on request', () => {
    const c = clearMessages(doc, 'cli:direct', NOW);
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    expect(messageRecords(c.doc)).toEqual([]);
    expect(dec(serializeDocument(c.doc))).toContain('garbage here');
    const r = removeLine(doc, 3);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(dec(serializeDocument(r.doc))).toBe(text.replace('garbage here\n', ''));
  });

  it('repair writes what nanobot would load on its normal path, without the corrupt line', () => {
    const bom = parseDocument(enc('\ufeff' + text), { version: 'v0.2' });
    const r = repairDocument(bom, 'cli_direct', NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.removed).toBe(1);
    const bytes = serializeDocument(r.doc);
    const load = loadNanobot(bytes, 'cli:direct', NOW, 'v0.2');
    expect(load.path).toBe('normal');
    expect(load.result!.messages).toHaveLength(4);
    expect(load.result!.createdAt).toBe('2024-05-01T09:00:00');
  });
});

/**
 * Large-file mode's export equals the full view's, byte for byte, on every fixture of the three
 * golden corpora: each format, with every finding masked, none, or every other one unmasked (the
 * choice turns fixture by fixture, so each corpus meets all three).
 * The full view's side is the Export tab's own steps (scan.ts, buildExport); the large side reads
 * the file through its index in small slices (export-head.ts, large-export.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../src/core/export/export';
import { buildExport } from '../core/export-build';
import { exportKey, exportTitle, titleLine } from '../../src/core/export/export-head';
import type { Numbered } from '../../src/core/export/export-redact';
import { loadLarge } from './large-load';
import { lastMetadataLine } from '../../src/core/edit/large-edit';
import { indexBytes } from '../index-bytes';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict } from '../../src/core/python/pyvalue';
import { KIND } from '../../src/core/index/record-facts';
import { sessionTitle } from '../../src/core/listing/title';
import { buildExportBlob, fileFeed, scanExport } from '../../src/store/large/export/large-export';
import { readRecords } from '../../src/store/large/read/large-records';
import { openFromBytes } from '../open-bytes';
import { keyForFile } from '../../src/core/nanobot/keys';
import { maskFor } from '../../src/ui/session/export/scan';
import { redactAll, scanNow } from './export-reference';
import { replaySession } from '../../src/ui/session/lens';
import { pg } from '../../src/ui/i18n/text';
import { fixturesInTurn } from '../corpora';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';

const NOW = '2026-12-04T12:00:00';
const FORMATS: ExportFormat[] = ['md', 'html', 'json'];
/** Which findings a user unmasked: none, all, every other one. */
const CHOICES: [string, (id: number) => boolean][] = [
  ['all masked', () => false],
  ['none masked', () => true],
  ['every other unmasked', (id) => id % 2 === 1],
];

/** The full view's export of `bytes` (the Export tab's session source): its findings, and the file per format and choice. */
function fullExport(name: string, bytes: Uint8Array, version: NanobotVersion) {
  const opened = openFromBytes(name, bytes, { path: name, size: bytes.length, lastModified: 0, sha256: '' }, { now: NOW, version });
  const title = sessionTitle(replaySession(opened).session.metadata);
  const messages = opened.recovered.messages;
  const scan = scanNow(title, opened.key, messages);
  return {
    findings: scan.all.length,
    build: (format: ExportFormat, unmasked: (id: number) => boolean) => {
      const unmask = new Set(scan.all.filter((n) => unmasked(n.id)).map((n) => n.id));
      const r = redactAll(title, opened.key, messages, scan, unmask);
      return buildExport({ title: r.title, key: r.key, what: 'Session as stored', notes: [], messages: r.messages, words: pg().export.doc() }, format).text;
    },
  };
}

/** Large-file mode's export of the same bytes: an index, the two records it decodes, the messages read in slices of `slice` bytes. */
async function largeExport(name: string, bytes: Uint8Array, version: NanobotVersion, slice: number) {
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const ix = indexBytes(bytes, version);
  const metas = new Map<number, PyDict>();
  for (let i = 0; i < ix.count; i++) if (ix.kind[i] === KIND.metadata) metas.set(i, (await readRecords(file, ix, [i]))[0] ?? {});
  const load = await loadLarge(file, ix, version, NOW, name);
  const title = exportTitle(metas.get(titleLine(ix, load)) ?? null);
  const key = exportKey(metas.get(lastMetadataLine(ix)) ?? null, keyForFile(name, version));
  const scan = await scanExport(title, key, fileFeed(file, ix, slice), Infinity);
  return {
    findings: scan.total,
    build: async (format: ExportFormat, unmasked: (id: number) => boolean) => {
      const mask = (n: Numbered) => (unmasked(n.id) ? null : maskFor(n));
      const blob = await buildExportBlob({ title, key, what: 'Session as stored', notes: [], count: ix.messageCount, words: pg().export.doc() }, format, fileFeed(file, ix, slice), mask);
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}

const enc = new TextEncoder();

describe('large-file mode’s export equals the full view’s', () => {
  const corpora = ['golden', 'golden-v0.3', 'golden-main'];
  for (const corpus of corpora) {
    it(`on every fixture of ${corpus}, the formats and the choices in turn`, async () => {
      const dir = corpusDir(corpus);
      const version = corpusVersion(dir);
      const names = readdirSync(resolve(dir, 'fixtures')).filter((n) => n.endsWith('.jsonl'));
      expect(names.length).toBeGreaterThan(300);
      // What an export writes of the messages is the same at every version; the version decides only its head
      // (the title and key nanobot's load gives) and so its findings. The fixtures the three corpora share are
      // written in every format and choice by one of them in turn (corpora.ts); by the others, in one format.
      const whole = new Set(fixturesInTurn(corpus, corpora).map((f) => basename(f)));
      let withFindings = 0;
      for (const [k, name] of names.entries()) {
        const bytes = new Uint8Array(readFileSync(resolve(dir, 'fixtures', name)));
        // Slices of one line at a time for some small files (each slice is a yield to the event loop), of many lines for the rest.
        const large = await largeExport(name, bytes, version, k % 3 === 1 && bytes.length < 8192 ? 1 : 1 << 16);
        const full = fullExport(name, bytes, version);
        expect(large.findings, `${name} findings`).toBe(full.findings);
        // Without findings the choices make the same file; with them, one choice a fixture, in turn.
        for (const [choice, unmasked] of full.findings ? [CHOICES[withFindings % CHOICES.length]!] : CHOICES.slice(0, 1)) {
          // Every format on fixtures with findings; one format a fixture, in turn, on the rest.
          for (const format of full.findings && whole.has(name) ? FORMATS : [FORMATS[k % FORMATS.length]!]) {
            const got = await large.build(format, unmasked);
            expect(Buffer.from(got).equals(Buffer.from(enc.encode(full.build(format, unmasked)))), `${name} ${format} ${choice}`).toBe(true);
          }
        }
        if (large.findings > 0) withFindings++;
      }
      expect(withFindings).toBeGreaterThan(0);
    }, 600_000);
  }

  it('on hand-made files where the title and key come from different records', async () => {
    const meta = (title: string, key?: string) => JSON.stringify({ _type: 'metadata', ...(key ? { key } : {}), created_at: null, updated_at: null, metadata: { title }, last_consolidated: 0 });
    const msg = (i: number) => JSON.stringify({ role: 'user', content: `hello ${i} from ann@corp.example` });
    const files: [string, string][] = [
      // nanobot's repair pass skips the later metadata line (a byte-order mark): its title is the first one's; the key is the last record's.
      ['cli_a.jsonl', [meta('First', 'cli:first'), msg(0), '\ufeff' + meta('Second', 'cli:second'), msg(1)].join('\n') + '\n'],
      // No message: nanobot's repair pass keeps the first title (the second line fails its json.loads).
      ['cli_b.jsonl', [meta('Only'), '\ufeff' + meta('With BOM')].join('\n') + '\n'],
      // No key stored: the file name's.
      ['telegram_42.jsonl', [meta('T'), msg(0), msg(1), 'not json', msg(2)].join('\r\n')],
    ];
    for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
      for (const [name, text] of files) {
        const bytes = enc.encode(text);
        const large = await largeExport(name, bytes, version, 1);
        const full = fullExport(name, bytes, version);
        expect(large.findings, `${name} ${version}`).toBe(full.findings);
        for (const format of FORMATS) expect(new TextDecoder().decode(await large.build(format, () => false)), `${name} ${version} ${format}`).toBe(full.build(format, () => false));
      }
    }
  });
});

/**
 * The demo workspace (public/demo, made by scripts/make-demo.mjs) must be what it claims: clean
 * files in nanobot's exact format, and each broken file broken in the one way it is meant to show.
 * Checked with src/core and the session store, as the app itself will see them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { encodeSession, formatSession } from '../../src/core/edit/format';
import { loadNanobot } from '../../src/core/lens/load';
import { dictGet, type PyDict } from '../../src/core/python/pyvalue';
import { getHistory } from '../../src/core/replay/replay';
import { classifyName, leftoverTarget } from '../../src/store/listing/leftovers';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../src/store/listing/layout';
import { listSessions } from '../../src/store/listing/session-list';

const DEMO = path.resolve(__dirname, '../../public/demo');
const NOW = '2031-07-08T09:10:11.121314';
type DemoFile = { path: string; bytes?: number; text?: string; about: string };
const manifest = JSON.parse(fs.readFileSync(path.join(DEMO, 'manifest.json'), 'utf8')) as {
  version: number;
  workspaces: { id: string; dir: string; nanobot: string; name: string; about: string; files: DemoFile[] }[];
};
const v02 = manifest.workspaces.find((w) => w.id === 'v0.2')!;
const served = (w: { dir: string; files: DemoFile[] }) => w.files.filter((f) => f.text === undefined).map((f) => path.join(w.dir, f.path));
const bytesOf = (p: string) => new Uint8Array(fs.readFileSync(path.join(DEMO, p)));
const load = (p: string, key: string) => loadNanobot(bytesOf(p), key, NOW, 'v0.2');

const CLEAN: Record<string, string> = {
  'sessions/cli_direct.jsonl': 'cli:direct',
  'sessions/telegram_12345.jsonl': 'telegram:12345',
  'sessions/slack_C024BE91L_1717162845.001900.jsonl': 'slack:C024BE91L:1717162845.001900',
  'sessions/websocket_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl': 'websocket:7c9e6679-7425-40de-944b-e07fc1f90ae7',
  'sessions/heartbeat.jsonl': 'heartbeat',
  'sessions/telegram_88001.jsonl': 'telegram:88001',
  'sessions/dream_20260601-030000.jsonl': 'dream:20260601-030000',
};

describe('demo workspace files', () => {
  it('are exactly what scripts/make-demo.mjs writes (committed output is up to date)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-'));
    execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/make-demo.mjs'), out], { stdio: 'pipe' });
    for (const f of [...manifest.workspaces.flatMap(served), 'manifest.json']) {
      expect(Buffer.compare(fs.readFileSync(path.join(out, f)), fs.readFileSync(path.join(DEMO, f))), f).toBe(0);
    }
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('the manifest lists every served file with its size, and nothing else is served', () => {
    for (const w of manifest.workspaces) {
      for (const f of w.files.filter((x) => x.text === undefined)) expect(fs.statSync(path.join(DEMO, w.dir, f.path)).size, f.path).toBe(f.bytes);
    }
    const onDisk = (fs.readdirSync(DEMO, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(DEMO, p)).isFile());
    expect(onDisk.sort()).toEqual([...manifest.workspaces.flatMap(served), 'manifest.json'].sort());
    expect(manifest.workspaces.map((w) => [w.id, w.dir, w.nanobot])).toEqual([
      ['v0.2', '', 'v0.2'],
      ['main', 'nanobot-main', 'main'],
    ]);
  });

  it.each(Object.entries(CLEAN))('%s is clean and byte-identical to what nanobot would save', (p, key) => {
    const bytes = bytesOf(p);
    const r = loadNanobot(bytes, key, NOW, 'v0.2');
    expect(r.path).toBe('normal');
    const enc = encodeSession(formatSession(r.result!));
    expect(enc.ok && Buffer.compare(Buffer.from(enc.bytes), Buffer.from(bytes))).toBe(0);
    const doc = parseDocument(bytes, { fileName: path.basename(p), version: 'v0.2' });
    expect(doc.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(dictGet(doc.records[0]!.value!, 'key')).toBe(key);
  });

  it('cli:direct has tool chains whose results all follow their calls, reasoning and a command row', () => {
    const s = load('sessions/cli_direct.jsonl', 'cli:direct').result!;
    const declared = new Set<string>();
    for (const m of s.messages) {
      for (const c of (dictGet(m, 'tool_calls') as PyDict[] | undefined) ?? []) declared.add(dictGet(c, 'id') as string);
      if (m.role === 'tool') expect(declared.has(m.tool_call_id as string)).toBe(true);
    }
    expect(declared.size).toBe(5);
    expect(s.messages.some((m) => (dictGet(m, 'tool_calls') as unknown[] | undefined)?.length === 2)).toBe(true);
    expect(s.messages.some((m) => typeof m.reasoning_content === 'string')).toBe(true);
    const h = getHistory(s.messages, s.lastConsolidated, {}, 'v0.2');
    expect(h.fates.filter((f) => !f.kept && f.reason === 'command')).toHaveLength(2);
  });

  it('telegram:12345 has an archived prefix, a delivery kept by the alignment rule, media and commands', () => {
    const s = load('sessions/telegram_12345.jsonl', 'telegram:12345').result!;
    expect(s.lastConsolidated).toBe(6);
    expect(s.messages[6]!._channel_delivery).toBe(true);
    expect(s.messages[7]!.role).toBe('user');
    expect(s.messages.some((m) => Array.isArray(m.media))).toBe(true);
    expect(s.messages.filter((m) => m._command === true)).toHaveLength(2);
    const h = getHistory(s.messages, s.lastConsolidated, {}, 'v0.2');
    expect(h.entries[0]!.role).toBe('assistant'); // the delivery before the first user turn is kept
    expect(h.entries[0]!.content).toMatch(/Reminder/);
  });

  it('slack thread holds a subagent result, websocket holds breadcrumbs and sanitizer cases', () => {
    const slack = load('sessions/slack_C024BE91L_1717162845.001900.jsonl', 'slack:C024BE91L:1717162845.001900').result!;
    expect(slack.messages.some((m) => m.injected_event === 'subagent_result')).toBe(true);
    const ws = load('sessions/websocket_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl', 'websocket:x').result!;
    expect(ws.messages.some((m) => Array.isArray(m.cli_apps))).toBe(true);
    expect(ws.messages.some((m) => Array.isArray(m.mcp_presets))).toBe(true);
    const h = getHistory(ws.messages, 0, {}, 'v0.2');
    const last = h.entries[h.entries.length - 1]!.content as string;
    expect(last).not.toMatch(/Message Time|generate_image|\[image:/);
    expect(h.entries[0]!.content).toMatch(/\[CLI App Attachment: @ffmpeg;/);
  });

  it('the long session has at least 2,500 messages and most of them archived', () => {
    const s = load('sessions/telegram_88001.jsonl', 'telegram:88001').result!;
    expect(s.messages.length).toBeGreaterThanOrEqual(2500);
    expect(s.lastConsolidated).toBeGreaterThan(2000);
  });

  it('discord:30311 is damaged: a BOM loses the metadata, a cut-off line is skipped', () => {
    const r = load('sessions/discord_30311.jsonl', 'discord:30311');
    expect(r.path).toBe('repair');
    expect(r.result).not.toBeNull();
    expect(r.skipped).toBe(2);
    expect(r.result!.metadata).toEqual({});
    const kinds = parseDocument(bytesOf('sessions/discord_30311.jsonl'), { version: 'v0.2' }).diagnostics.map((d) => d.kind);
    expect(kinds).toContain('bom');
    expect(kinds).toContain('bad-json');
  });

  it('whatsapp:4915550001 loads as empty in nanobot (AttributeError on a non-object line)', () => {
    const r = load('sessions/whatsapp_4915550001.jsonl', 'whatsapp:4915550001');
    expect(r.result).toBeNull();
    expect(r.repairError?.type).toBe('AttributeError');
    expect(parseDocument(bytesOf('sessions/whatsapp_4915550001.jsonl'), { version: 'v0.2' }).diagnostics.map((d) => d.kind)).toContain('not-object');
  });

  it('email_ana.jsonl stores a key that belongs in another file', () => {
    const doc = parseDocument(bytesOf('sessions/email_ana.jsonl'), { fileName: 'email_ana.jsonl', version: 'v0.2' });
    expect(doc.diagnostics.map((d) => d.kind)).toEqual(['key-mismatch']);
  });

  it('cli_direct.jsonl.tmp is a leftover of an interrupted save of cli_direct.jsonl', () => {
    expect(classifyName('cli_direct.jsonl.tmp')).toBe('tmp');
    expect(leftoverTarget('cli_direct.jsonl.tmp')).toBe('cli_direct.jsonl');
    expect(parseDocument(bytesOf('sessions/cli_direct.jsonl.tmp'), { version: 'v0.2' }).diagnostics.some((d) => d.kind === 'no-final-newline')).toBe(true);
  });

  it('the session store lists them as a workspace with the right flags', async () => {
    const a = createMemoryAdapter();
    for (const f of v02.files) a.setFile(f.path, bytesOf(f.path), Date.parse('2026-06-02T12:00:00Z'));
    const layout = await detectLayout(a, 'demo');
    expect(layout.kind).toBe('workspace');
    const folder = layout.folders[0]!;
    expect(folder.leftovers.map((l) => [l.name, l.target])).toEqual([['cli_direct.jsonl.tmp', 'cli_direct.jsonl']]);
    const listing = await listSessions(a, folder.path, { version: 'v0.2', now: NOW, names: folder.sessions });
    const by = new Map(listing.summaries.map((s) => [s.fileName, s]));
    expect(listing.summaries).toHaveLength(10);
    // Newest updated_at first; the damaged file's repair row carries "now", so nanobot shows it on top.
    expect(listing.summaries.slice(0, 2).map((s) => s.fileName)).toEqual(['discord_30311.jsonl', 'cli_direct.jsonl']);
    expect(by.get('discord_30311.jsonl')!.flags.damaged).toBe(true);
    expect(by.get('email_ana.jsonl')!.flags.keyMismatch).toBe(true);
    expect(by.get('telegram_12345.jsonl')!.row!.title).toBe('Weekend trip to Porto');
    expect(by.get('slack_C024BE91L_1717162845.001900.jsonl')!.row!.preview).toMatch(/^Can you compare/);
  });
});

/**
 * The second demo (public/demo/nanobot-main, made by scripts/demo-main.mjs) must be laid out as
 * nanobot main leaves its config folder, and the store must recognise it as main; the first demo
 * stays a folder the older versions share.
 */
import fs from 'node:fs';
import path from 'node:path';
import { verdictLine } from '../verdict-words';
import { describe, expect, it } from 'vitest';
import { base64urlKey, keyFromBase64urlStem } from '../../src/core/nanobot/keys';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { dictKeys, isDict, isInt, type PyDict, type PyValue } from '../../src/core/python/pyvalue';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectVersion } from '../../src/store/listing/version-facts';
import { verdictVersion } from '../../src/core/nanobot/version-evidence';

const DEMO = path.resolve(__dirname, '../../public/demo');
type DemoFile = { path: string; bytes?: number; text?: string };
type Demo = { id: string; dir: string; files: DemoFile[] };
const { workspaces } = JSON.parse(fs.readFileSync(path.join(DEMO, 'manifest.json'), 'utf8')) as { workspaces: Demo[] };
const main = workspaces.find((w) => w.id === 'main')!;
const NS = '3f1c9a7e52d84b06a1e7c4d290b5f8e3';
const WS = '/home/ana/.nanobot/workspace';
const TAG = '[Runtime Context — metadata only, not instructions]';

/** A demo as demo.ts seeds it: served files from `<dir>/`, inline ones from the manifest. */
function seeded(demo: Demo): MemoryAdapter {
  const a = createMemoryAdapter();
  for (const f of demo.files) a.setFile(f.path, f.text ?? new Uint8Array(fs.readFileSync(path.join(DEMO, demo.dir, f.path))));
  return a;
}

function records(file: string): PyDict[] {
  const text = fs.readFileSync(path.join(DEMO, main.dir, file), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const r = pyLoads(line);
      if (!r.ok || !isDict(r.value)) throw new Error(`${file}: not a JSON object line`);
      expect(pyDumps(r.value), file).toBe(line); // nanobot's json.dumps form, byte for byte
      return r.value;
    });
}

const sessionFiles = main.files.filter((f) => f.path.endsWith('.jsonl')).map((f) => f.path);
const byKey = (key: string) => `sessions/${NS}/${base64urlKey(key)}.jsonl`;

describe('the nanobot main demo', () => {
  it("is a config folder: the namespace with .workspace and .session-files.lock, the root's migration lock, the workspace id", () => {
    const inline = Object.fromEntries(main.files.filter((f) => f.text !== undefined).map((f) => [f.path, f.text]));
    expect(inline).toEqual({
      'sessions/.workspace-migration.lock': '',
      [`sessions/${NS}/.workspace`]: `${WS}\n`,
      [`sessions/${NS}/.session-files.lock`]: '',
      'workspace/.nanobot/workspace-id': `${NS}\n`,
    });
    expect(sessionFiles.length).toBeGreaterThanOrEqual(3);
  });

  it('names every file base64url(key) without padding, the key stored in line 1', () => {
    for (const f of sessionFiles) {
      const stem = path.basename(f, '.jsonl');
      expect(stem).not.toContain('=');
      expect(keyFromBase64urlStem(stem), f).toBe(records(f)[0]!.key);
      expect(records(f)[0]!._type).toBe('metadata');
    }
  });

  it('cli:direct holds a valid provider_state as line 2 (exactly the six keys main writes)', () => {
    const rec = records(byKey('cli:direct'))[1]!;
    expect(dictKeys(rec)).toEqual(['_type', 'state']);
    expect(rec._type).toBe('provider_state');
    const state = rec.state as PyDict;
    expect(dictKeys(state)).toEqual(['kind', 'provider', 'model', 'version', 'payload', 'pending_messages']);
    for (const k of ['kind', 'provider', 'model']) expect(typeof state[k] === 'string' && state[k] !== '').toBe(true);
    expect(isInt(state.version) && typeof state.version !== 'boolean').toBe(true);
    expect(isDict(state.payload)).toBe(true);
    expect(state.pending_messages).toEqual([]);
  });

  it('cli:direct has user messages with a runtime-context suffix and its marker', () => {
    const marked = records(byKey('cli:direct')).filter((m) => m.role === 'user' && isDict(m._runtime_context as PyValue));
    expect(marked.length).toBeGreaterThanOrEqual(1);
    for (const m of marked) {
      const marker = m._runtime_context as PyDict;
      expect(dictKeys(marker)).toEqual(['version', 'sources', 'suffix']);
      expect(marker.version).toBe(1);
      expect(Array.isArray(marker.sources)).toBe(true);
      const suffix = marker.suffix as string;
      expect(suffix.startsWith(`${TAG}\n`) && suffix.endsWith('\n[/Runtime Context]')).toBe(true);
      expect((m.content as string).endsWith(`\n\n${suffix}`)).toBe(true);
    }
  });

  it('holds a session longer than 2,000 messages with an archived prefix', () => {
    const [meta, ...msgs] = records(byKey('telegram:4242'));
    expect(msgs.length).toBeGreaterThan(2000);
    expect(meta!.last_consolidated as number).toBeGreaterThan(0);
    expect(meta!.last_consolidated as number).toBeLessThan(msgs.length);
  });

  it('the store sees a config folder with one namespace and recognises nanobot main', async () => {
    const a = seeded(main);
    const layout = await detectLayout(a, 'session-lens-demo-main');
    expect(layout.kind).toBe('config');
    expect(layout.rootMarkers).toEqual(['.workspace-migration.lock']);
    expect(layout.folders.map((f) => [f.role, f.naming, f.namespaceId, f.workspacePath, f.markers])).toEqual([['namespace', 'base64url', NS, WS, ['.session-files.lock']]]);
    const v = await detectVersion(a, layout);
    expect(v.version).toBe('main');
    expect(verdictLine(v)).toBe(`nanobot main: a sessions root with 1 namespace (${WS}); 1 file holds provider_state`);
    expect(v.evidence.find((e) => e.kind === 'runtime-context')?.count).toBe(1);
  });

  it('the v0.2 demo stays what both older versions read: ambiguous, narrowed by what its saves wrote', async () => {
    const a = seeded(workspaces.find((w) => w.id === 'v0.2')!);
    const v = await detectVersion(a, await detectLayout(a, 'session-lens-demo'));
    // Its replies carry latency_ms (0.2.0 on) and a user message a CLI app (0.2.1 on); v0.2's rules are used.
    expect(verdictLine(v)).toBe('0.2.1–0.2.2, v0.2 or v0.3.0 (ambiguous): a workspace sessions folder, where v0.2 and v0.3.0 keep sessions; cli_direct.jsonl.tmp: an interrupted save of v0.2; 1 file with latency_ms on replies');
    expect(verdictVersion(v)).toBe('v0.2');
  });
});

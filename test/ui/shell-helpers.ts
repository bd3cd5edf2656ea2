/** Helpers for the shell tests: the demo workspace in a memory adapter, as the app would open it. */
import fs from 'node:fs';
import path from 'node:path';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import type { Workspace } from '../../src/ui/workspace/scan/open';

const DEMO = path.resolve(__dirname, '../../public/demo');
export const MTIME = Date.parse('2026-06-02T12:00:00Z');

/** A memory adapter holding the demo workspace (sessions/ and its leftover). */
export function demoAdapter(): MemoryAdapter {
  const a = createMemoryAdapter({ label: 'demo (memory)' });
  const manifest = JSON.parse(fs.readFileSync(path.join(DEMO, 'manifest.json'), 'utf8')) as { workspaces: { id: string; files: { path: string }[] }[] };
  for (const f of manifest.workspaces.find((w) => w.id === 'v0.2')!.files) a.setFile(f.path, new Uint8Array(fs.readFileSync(path.join(DEMO, f.path))), MTIME);
  return a;
}

/** The demo as an opened, writable Workspace. */
export async function demoWorkspace(adapter: MemoryAdapter = demoAdapter()): Promise<Workspace> {
  return { kind: 'demo', name: 'Demo workspace', adapter, writable: true, layout: await detectLayout(adapter, 'demo') };
}

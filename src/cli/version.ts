/** The nanobot version a CLI command answers for: `--nanobot`, else recognised from the folder. */
import { basename } from 'node:path';
import { VERSION_WITHOUT_EVIDENCE, versionNamed, type NanobotVersion } from '../core/nanobot/nanobot-version';
import type { StorageAdapter } from '../store/adapter/adapter';
import type { Layout, SessionFolder } from '../store/listing/layout';
import { createNodeAdapter } from '../store/adapter/node-adapter';
import { verdictVersion } from '../core/nanobot/version-evidence';
import { UsageError, type Args } from './args';
import { verdictText } from './output/text';
import { versionFamilies } from './version-names';

/** The version a folder's files point to (spec §10), as the app decides it (verdictVersion: the decisive evidence in a conflict, v0.2 or else the oldest candidate when ambiguous). */
export async function recognisedVersion(adapter: StorageAdapter, layout: Layout, folder: SessionFolder | undefined): Promise<{ version: NanobotVersion; summary: string }> {
  const { detectVersion } = await import('../store/listing/version-facts');
  const verdict = folder ? await detectVersion(adapter, layout, folder).catch(() => null) : null;
  return { version: (verdict ? verdictVersion(verdict) : null) ?? folder?.version ?? VERSION_WITHOUT_EVIDENCE, summary: verdict ? verdictText(verdict) : 'nothing recognised' };
}

/** The `--nanobot` version, checked: a version's name or a release's tag (`0.2.1` or `v0.2.1`); undefined when not given. */
export function askedVersion(args: Args): NanobotVersion | undefined {
  const asked = args.string('nanobot');
  if (asked === undefined) return undefined;
  const v = versionNamed(asked);
  if (v === null) throw new UsageError(`--nanobot must be a release by its pip name or tag (0.1.4.post3 or v0.1.4.post3), v0.2 or main; one of:\n  ${versionFamilies().join('\n  ')}\nnot ${JSON.stringify(asked)}`);
  return v;
}

/**
 * The version `--nanobot` names, else the one the folder's files point to (the folder's reading is
 * loaded only then: a command told its version never compiles it).
 */
export async function versionFor(dir: string, args: Args, known?: { layout: Layout; folder: SessionFolder }): Promise<{ version: NanobotVersion; how: string }> {
  const asked = askedVersion(args);
  if (asked) return { version: asked, how: 'as asked with --nanobot' };
  const { detectLayout } = await import('../store/listing/layout');
  const adapter = createNodeAdapter(dir);
  const layout = known?.layout ?? (await detectLayout(adapter, basename(dir)));
  const folder = known?.folder ?? layout.folders.find((f) => f.path === '' || f.path === 'sessions') ?? layout.folders[0];
  const { version, summary } = await recognisedVersion(adapter, layout, folder);
  return { version, how: `auto: ${summary}; --nanobot chooses another` };
}

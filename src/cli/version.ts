/** The nanobot version a CLI command answers for: `--nanobot`, else recognised from the folder. */
import path from 'node:path';
import { isNanobotVersion, NANOBOT_VERSIONS, type NanobotVersion } from '../core/nanobot-version';
import { detectLayout, type Layout, type SessionFolder } from '../store/layout';
import { createNodeAdapter } from '../store/node-adapter';
import { detectVersion } from '../store/version-facts';
import { UsageError, type Args } from './args';

/** The version `--nanobot` names, else the one the folder's files point to (spec §10). */
export async function versionFor(dir: string, args: Args, known?: { layout: Layout; folder: SessionFolder }): Promise<{ version: NanobotVersion; how: string }> {
  const asked = args.string('nanobot');
  if (asked !== undefined) {
    if (!isNanobotVersion(asked)) throw new UsageError(`--nanobot must be one of ${NANOBOT_VERSIONS.join(', ')}, not ${JSON.stringify(asked)}`);
    return { version: asked, how: 'as asked with --nanobot' };
  }
  const adapter = createNodeAdapter(dir);
  const layout = known?.layout ?? (await detectLayout(adapter, path.basename(dir)));
  const folder = known?.folder ?? layout.folders.find((f) => f.path === '' || f.path === 'sessions') ?? layout.folders[0];
  const verdict = await detectVersion(adapter, layout, folder).catch(() => null);
  const version = verdict?.version ?? verdict?.candidates[0] ?? folder?.version ?? 'v0.2';
  return { version, how: `auto: ${verdict?.summary ?? 'nothing recognised'}; --nanobot chooses another` };
}


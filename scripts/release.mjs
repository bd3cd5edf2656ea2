// `npm run release -- <patch|minor|major|x.y.z> [--date YYYY-MM-DD]`: one command makes a release. It bumps
// the version in package.json and package-lock.json, moves CHANGELOG.md's Unreleased section under the new
// version with the date, commits, and tags vX.Y.Z (annotated). It pushes nothing: `git push --follow-tags`
// then publishes it (the tag builds the Pages site, .github/workflows/pages.yml).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** The version after `current` for a bump word or an explicit x.y.z, which must be higher. */
export function nextVersion(current, bump) {
  const c = SEMVER.exec(current);
  if (!c) throw new Error(`package.json's version ${JSON.stringify(current)} is not x.y.z`);
  const [major, minor, patch] = c.slice(1).map(Number);
  const next = { major: `${major + 1}.0.0`, minor: `${major}.${minor + 1}.0`, patch: `${major}.${minor}.${patch + 1}` }[bump] ?? bump;
  const n = SEMVER.exec(next ?? '');
  if (!n) throw new Error(`expected patch, minor, major or x.y.z, not ${JSON.stringify(bump)}`);
  const order = (m) => m.slice(1).map(Number).reduce((acc, v) => acc * 1e6 + v, 0);
  if (order(n) <= order(c)) throw new Error(`${next} is not after the current version ${current}`);
  return next;
}

/**
 * CHANGELOG.md with its Unreleased section's entries moved under `## version - date`, and an empty
 * Unreleased section left above it for the next changes. Refuses a release with nothing in it.
 */
export function releaseChangelog(text, version, date) {
  const lines = text.split('\n');
  const head = lines.findIndex((l) => /^## Unreleased\s*$/.test(l));
  if (head < 0) throw new Error('CHANGELOG.md has no "## Unreleased" section');
  if (lines.some((l) => l.startsWith(`## ${version} `) || l === `## ${version}`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  let end = lines.findIndex((l, i) => i > head && /^## /.test(l));
  if (end < 0) end = lines.length;
  const body = lines.slice(head + 1, end);
  while (body.length && body[0].trim() === '') body.shift();
  while (body.length && body.at(-1).trim() === '') body.pop();
  if (body.length === 0) throw new Error('CHANGELOG.md\'s Unreleased section is empty: say what changed first');
  const rest = lines.slice(end);
  return [...lines.slice(0, head), '## Unreleased', '', `## ${version} - ${date}`, '', ...body, ...(rest.length ? ['', ...rest] : [''])].join('\n');
}

/** Today as YYYY-MM-DD in the local time zone (the releaser's calendar). */
export function today(now = new Date()) {
  const p = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function release(argv) {
  const dateAt = argv.indexOf('--date');
  const date = dateAt >= 0 ? argv[dateAt + 1] : today();
  const bump = argv.filter((_, i) => dateAt < 0 || (i !== dateAt && i !== dateAt + 1))[0];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) throw new Error(`--date wants YYYY-MM-DD, not ${JSON.stringify(date)}`);
  if (git('status', '--porcelain')) throw new Error('the working tree has uncommitted changes: commit or stash them first');
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const version = nextVersion(pkg.version, bump);
  const tag = `v${version}`;
  if (git('tag', '--list', tag)) throw new Error(`tag ${tag} already exists`);
  const changelog = releaseChangelog(readFileSync('CHANGELOG.md', 'utf8'), version, date);
  writeFileSync('package.json', JSON.stringify({ ...pkg, version }, null, 2) + '\n');
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;
  writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
  writeFileSync('CHANGELOG.md', changelog);
  git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
  git('commit', '-q', '-m', `Release ${tag}`);
  git('tag', '-a', tag, '-m', `Session Lens ${version}`);
  return tag;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const tag = release(process.argv.slice(2));
    process.stdout.write(`Released ${tag}: committed and tagged. Publish with: git push --follow-tags\n`);
  } catch (e) {
    process.stderr.write(`release: ${e instanceof Error ? e.message : String(e)}\n`);
    process.stderr.write('usage: npm run release -- <patch|minor|major|x.y.z> [--date YYYY-MM-DD]\n');
    process.exit(1);
  }
}

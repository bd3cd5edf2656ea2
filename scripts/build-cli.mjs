// Bundles the CLI (src/cli/bin.ts and the core it uses) into dist-cli/cli.js for Node 20 (lazy chunks in dist-cli/chunks/).
import { build, runnerImport } from 'vite';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The cl100k rank table ships as a 1.2 MB array literal, which V8 takes ~200 ms to compile on every
 * `tokens` run. Here it is packed (src/core/tokens/tokenizer.ts, PackedTokens): every token's UTF-8 bytes,
 * one char per byte, as one string literal, and their lengths as another; the counter indexes them
 * without building an array or a Map of 100,256 strings.
 */
const rankTablePacked = {
  name: 'rank-table-packed',
  async transform(code, id) {
    if (!/gpt-tokenizer[\\/]esm[\\/]bpeRanks[\\/]cl100k_base\.js$/.test(id)) return null;
    const table = (await import(pathToFileURL(id).href)).default;
    const bytes = [];
    let lengths = '';
    for (const t of table) {
      const b = typeof t === 'string' ? Buffer.from(t, 'utf8').toString('latin1') : String.fromCharCode(...t);
      bytes.push(b);
      lengths += String.fromCharCode(b.length);
    }
    return { code: `export default { bytes: ${JSON.stringify(bytes.join(''))}, lengths: ${JSON.stringify(lengths)} };\n`, map: null };
  },
};

// Tests that run the built CLI as a process build their own copy (CLI_OUT_DIR), so they never race
// another test's build of dist-cli/.
const outDir = process.env.CLI_OUT_DIR ?? 'dist-cli';

await build({
  configFile: false,
  // The app's public/ (demo workspace, icons) is not the CLI's: it stays out of dist-cli/ and the npm package.
  publicDir: false,
  plugins: [rankTablePacked],
  logLevel: 'warn',
  build: {
    ssr: 'src/cli/bin.ts',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    // Split: the cl100k rank table (1.26 MB) is its own chunk, parsed only by a command that counts tokens.
    // CommonJS, not ES modules: Node 20 starts an ES module entry in ~14 ms more CPU and ~2 MiB more
    // RSS, and its `node:fs` facade loads the streams (a getter per export) — a tenth of a small run.
    rollupOptions: { output: { entryFileNames: 'cli.js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'cjs' } },
  },
  ssr: { noExternal: true },
});
/**
 * The rank table laid out as the counter's lookup (src/core/tokens/rank-table.ts), written as one binary
 * file beside the bundled file that reads it (src/cli/tokenizer.ts): the CLI's `tokens` then reads
 * ~2 MB instead of compiling the packed chunk and hashing 100,256 tokens (the chunk stays, as the
 * fallback when the file is missing or unreadable).
 */
async function writeRankTable() {
  const load = async (id) => (await runnerImport(id, { configFile: false, logLevel: 'warn' })).module;
  const [{ buildRankTable, rankTableBytes }, { packTokens }, { RANK_TABLE_FILE }, table] = await Promise.all([
    load('/src/core/tokens/rank-table.ts'),
    load('/src/core/tokens/tokenizer.ts'),
    load('/src/cli/tokenizer.ts'),
    import('gpt-tokenizer/bpeRanks/cl100k_base').then((m) => m.default),
  ]);
  const files = readdirSync(outDir, { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => join(outDir, f));
  const readers = files.filter((f) => readFileSync(f, 'utf8').includes(JSON.stringify(RANK_TABLE_FILE)));
  if (readers.length !== 1) throw new Error(`expected one bundled file to read ${RANK_TABLE_FILE}, found ${readers.length}`);
  writeFileSync(join(dirname(readers[0]), RANK_TABLE_FILE), rankTableBytes(buildRankTable(packTokens(table))));
}
await writeRankTable();
// The repository's package.json says "type": "module"; the bundle's .js files are CommonJS.
writeFileSync(join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
const out = join(outDir, 'cli.js');
const text = readFileSync(out, 'utf8');
if (!text.startsWith('#!')) writeFileSync(out, '#!/usr/bin/env node\n' + text);
chmodSync(out, 0o755);

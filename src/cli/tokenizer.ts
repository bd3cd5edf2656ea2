/**
 * The CLI's cl100k counter. The CLI's build writes the rank table, already laid out as a lookup
 * (`core/rank-table.ts`), beside the bundled code as one binary file; reading it costs a file read,
 * where loading gpt-tokenizer's table costs compiling 0.8 MB of JS and hashing 100,256 tokens on
 * every run. Without that file (tests run the sources; a copied bundle may lack it), or when it is
 * not a table this process can read, the counter is built from gpt-tokenizer's table as the app does.
 */
import { readFileSync } from 'node:fs';
import { rankTableFromBytes, type RankTable } from '../core/tokens/rank-table';
import { cl100kCounter, loadTokenizer, memoize } from '../core/tokens/tokenizer';
import type { TextTokenCounter } from '../core/tokens/tokens';

/** The rank table's file name, beside the bundled file that holds this code (scripts/build-cli.mjs writes it there). */
export const RANK_TABLE_FILE = 'cl100k.ranks';

let shipped: TextTokenCounter | undefined;

/** The counter, from the shipped rank table when there is one; the same counts either way. */
export function cliTokenizer(): Promise<TextTokenCounter> {
  if (shipped) return Promise.resolve(shipped);
  const table = shippedTable();
  if (!table) return loadTokenizer();
  shipped = memoize(cl100kCounter(table));
  return Promise.resolve(shipped);
}

function shippedTable(): RankTable | null {
  let file: Buffer;
  try {
    file = readFileSync(new URL(RANK_TABLE_FILE, import.meta.url));
  } catch {
    return null;
  }
  return rankTableFromBytes(new Uint8Array(file.buffer, file.byteOffset, file.length));
}

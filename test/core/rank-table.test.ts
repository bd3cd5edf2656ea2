/**
 * The rank table's lookup and its binary block (`src/core/tokens/rank-table.ts`): the block the CLI's build
 * ships maps back to the same lookup, token for token, and anything that is not such a block is
 * refused (so the CLI falls back to gpt-tokenizer's table rather than count with a wrong one).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRankTable, rankOfBytes, rankTableBytes, rankTableFromBytes, type RankTable } from '../../src/core/tokens/rank-table';
import { cl100kCounter, packTokens } from '../../src/core/tokens/tokenizer';

let tokens: readonly (string | readonly number[])[];
let table: RankTable;
let block: Uint8Array;

beforeAll(async () => {
  tokens = (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default as readonly (string | readonly number[])[];
  table = buildRankTable(packTokens(tokens));
  block = rankTableBytes(table);
});

describe('rank table', () => {
  it('finds every token at its rank, from the block as from the table', () => {
    const fromBlock = rankTableFromBytes(block)!;
    expect(fromBlock).not.toBeNull();
    const packed = packTokens(tokens);
    const wrong: number[] = [];
    let at = 0;
    for (let r = 0; r < tokens.length; r++) {
      const len = packed.lengths.charCodeAt(r);
      const bytes = Uint8Array.from(packed.bytes.slice(at, at + len), (c) => c.charCodeAt(0));
      at += len;
      if (rankOfBytes(fromBlock, bytes, 0, len) !== r || rankOfBytes(table, bytes, 0, len) !== r) wrong.push(r);
    }
    expect(wrong).toEqual([]);
    expect(rankOfBytes(fromBlock, new TextEncoder().encode('no such token, surely'), 0, 21)).toBe(-1);
  });

  it('counts the same over the block as over gpt-tokenizer’s table', () => {
    const fromBlock = cl100kCounter(rankTableFromBytes(block)!);
    const fromTable = cl100kCounter(tokens);
    for (const t of ['Hello, world!', '\ufeffusing 漢字 🙂🙂', 'ab'.repeat(300), '  \n\n\tcode();', "it's ſ'S", '\ud800 lone', '<|endoftext|>']) {
      expect(fromBlock(t)).toBe(fromTable(t));
    }
  });

  it('views the block in place, at any 4-byte-aligned offset', () => {
    const copy = new Uint8Array(block.length + 8);
    copy.set(block, 8);
    const t = rankTableFromBytes(copy.subarray(8))!;
    expect(t.slots.buffer).toBe(copy.buffer);
    expect(cl100kCounter(t)('Hello, world!')).toBe(4);
  });

  it('refuses what is not a block it wrote', () => {
    expect(rankTableFromBytes(block.subarray(0, block.length - 1))).toBeNull(); // truncated
    expect(rankTableFromBytes(new Uint8Array(8))).toBeNull();
    const swapped = block.slice();
    swapped.set(block.slice(0, 4).reverse(), 0); // the magic in the other byte order (a copy: `block` stays whole for the other tests)
    expect(rankTableFromBytes(swapped)).toBeNull();
    const misaligned = new Uint8Array(block.length + 1);
    misaligned.set(block, 1);
    expect(rankTableFromBytes(misaligned.subarray(1))).toBeNull();
    const badEnd = block.slice();
    new Int32Array(badEnd.buffer, 16, 1)[0] = 1; // start[0] must be 0
    expect(rankTableFromBytes(badEnd)).toBeNull();
  });
});

/** The CLI's byte printer: big answers go out in buffer-sized writes, through one buffer where the sink is done with each. */
import { describe, expect, it } from 'vitest';
import { bytePrinter, type Out } from '../../src/cli/output/printer';

function printed(bytesWritten: boolean): { buffers: ArrayBufferLike[]; text: string } {
  const buffers: ArrayBufferLike[] = [];
  let text = '';
  const out: Out = {
    log: () => undefined,
    bytes: (b) => {
      buffers.push(b.buffer);
      text += new TextDecoder().decode(b);
    },
    ...(bytesWritten ? { bytesWritten: true as const } : {}),
  };
  const p = bytePrinter(out, 1024);
  for (let i = 0; i < 100; i++) p.put(`line ${i} of the answer\n`);
  p.flush();
  return { buffers, text };
}

describe('bytePrinter', () => {
  it('writes the same answer whether or not the sink keeps what it is given', () => {
    const a = printed(true);
    const b = printed(false);
    expect(a.text).toBe(Array.from({ length: 100 }, (_, i) => `line ${i} of the answer\n`).join(''));
    expect(b.text).toBe(a.text);
    expect(a.buffers.length).toBeGreaterThan(2);
  });

  it('reuses its one buffer for a sink done with each piece (stdout), and gives a keeping sink fresh ones', () => {
    expect(new Set(printed(true).buffers).size).toBe(1);
    const kept = printed(false).buffers;
    expect(new Set(kept).size).toBe(kept.length);
  });
});

/**
 * The conversation of a large file as a virtual list: rows are decoded when they come into view,
 * in blocks of neighbouring messages read as one slice of the file, and kept in a bounded cache.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LineIndex } from '../../../core/line-index';
import type { PyDict } from '../../../core/pyvalue';
import { readRecords } from '../../../store/large-client';
import { pg } from '../../i18n/text';
import { VirtualList } from '../VirtualList';
import { LargeMessage, PendingMessage } from './LargeMessage';

/** Messages decoded per read. */
const BLOCK = 32;
/** Blocks kept decoded; older ones are dropped (a 1 GB file must not end up decoded on the page). */
const KEPT_BLOCKS = 64;

const estimate = () => 90;

/** The conversation view of large-file mode. */
export function LargeConversation({ file, index, scrollTo }: { file: Blob; index: LineIndex; scrollTo?: number | null }) {
  const blocks = useRef(new Map<number, (PyDict | null)[]>());
  const pending = useRef(new Set<number>());
  const [, setTick] = useState(0);
  useEffect(() => {
    blocks.current.clear();
    pending.current.clear();
  }, [file, index]);

  const want = (b: number) => {
    if (blocks.current.has(b) || pending.current.has(b)) return;
    pending.current.add(b);
    const lines = index.messages.subarray(b * BLOCK, Math.min(index.messageCount, (b + 1) * BLOCK));
    void readRecords(file, index, lines).then(
      (values) => {
        pending.current.delete(b);
        blocks.current.set(b, values);
        while (blocks.current.size > KEPT_BLOCKS) blocks.current.delete(blocks.current.keys().next().value!);
        setTick((t) => t + 1);
      },
      () => pending.current.delete(b),
    );
  };

  const render = (i: number) => {
    const b = Math.floor(i / BLOCK);
    const block = blocks.current.get(b);
    if (!block) {
      want(b);
      return <PendingMessage index={i} />;
    }
    return <LargeMessage index={i} line={index.messages[i]} value={block[i - b * BLOCK] ?? null} id={`large:${i}`} />;
  };

  return <VirtualList count={index.messageCount} estimateSize={estimate} render={render} label={pg().large.list} class="sl-large-list" scrollTo={scrollTo ?? null} />;
}

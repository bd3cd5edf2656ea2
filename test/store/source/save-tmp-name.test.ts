/**
 * A save writes its tmp under the name its caller asked for (`SaveRun.tmpName`), at every size: the
 * app notes that name before the save begins, so a tmp a save cut short leaves is known as its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import type { SourceEdit } from '../../../src/store/source/session-source';

const NOW = '2031-07-08T09:10:11.121314';
const NAME = 'sessions/a_b.jsonl';
const FILE = '{"_type": "metadata", "key": "a:b", "created_at": "2031-07-01T00:00:00", "updated_at": "2031-07-01T00:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "hi"}\n';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const EDITS: SourceEdit[] = [{ kind: 'append', role: 'assistant', content: 'hello' }, { kind: 'clear' }, { kind: 'last-consolidated', upTo: 1 }];

describe('a save through the source', () => {
  for (const indexed of [false, true]) {
    for (const edit of EDITS) {
      it(`writes its tmp under the caller's name (${indexed ? 'line index' : 'whole document'}, ${edit.kind})`, async () => {
        const a = createMemoryAdapter();
        a.setFile(NAME, FILE, 1_800_000_000_000);
        const names: (string | undefined)[] = [];
        const write = a.writeAtomic.bind(a);
        a.writeAtomic = (path, data, opts) => (names.push(opts?.tmpName), write(path, data, opts));
        LINE_INDEX.from = indexed ? 0 : Infinity;
        const source = await openSource(a, NAME, { now: NOW, version: 'main' });
        const plan = await source.plan(edit);
        if ('error' in plan) throw new Error(`no plan: ${JSON.stringify(plan.error)}`);
        await source.save(plan, { tmpName: '.a_b.jsonl.noted.tmp' });
        expect(names).toEqual(['.a_b.jsonl.noted.tmp']);
      });
    }
  }
});

/** An asynchronous answer as a component reads it: the one hook the session's tabs ask their source through. */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../shell/status';

/** An answer: its value once in, or why it failed in the reader's words; neither while it is asked. */
export interface Answer<T> {
  value?: T;
  failed?: string;
}

/**
 * What `ask` answers, asked again (and nothing shown meanwhile) whenever `key` changes; a late answer
 * to an earlier key is dropped. Nothing is asked while `ask` is null.
 */
export function useAnswer<T>(ask: (() => Promise<T>) | null, key: unknown = ask): Answer<T> {
  const [got, setGot] = useState<{ key: unknown; answer: Answer<T> } | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void ask().then(
      (value) => live && setGot({ key, answer: { value } }),
      (e: unknown) => live && setGot({ key, answer: { failed: errorText(e) } }),
    );
    return () => void (live = false);
  }, [key]);
  return got && got.key === key ? got.answer : {};
}

/** A file line's text read back when a row shows it (a raw line, a corrupt line), at every size. */
import { useEffect, useState } from 'preact/hooks';
import { decodeLossy } from '../../../core/python/lines';

/** The text of 0-based line `line` once `read` gives its bytes (null until then), decoded as the File tab shows it. */
export function useLineText(line: number, read: (line: number) => Promise<Uint8Array>): string | null {
  const [text, setText] = useState<{ line: number; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void read(line).then(
      (raw) => live && setText({ line, text: decodeLossy(raw) }),
      () => live && setText({ line, text: '' }),
    );
    return () => void (live = false);
  }, [line, read]);
  return text && text.line === line ? text.text : null;
}

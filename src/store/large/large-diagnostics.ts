/**
 * The recovered lens's diagnostics of a large file, as the full view's document has them: only the
 * lines that can carry one are read back (core/index/index-diagnostics.ts, the CLI's `check` too),
 * in blocks, so the File tab can say how many problems the file has at any size.
 */
import { IndexDiagnostics, diagnosticLines } from '../../core/index/index-diagnostics';
import type { LineIndex } from '../../core/index/line-index';
import type { Diagnostic } from '../../core/lens/document';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { eachLineRaw } from './read/large-records';

/** The diagnostics of `file` (indexed as `ix`, named `fileName`) at `version`. */
export async function diagnoseLarge(file: Blob, ix: LineIndex, version: NanobotVersion, fileName: string): Promise<Diagnostic[]> {
  const scan = new IndexDiagnostics(ix, { fileName, version });
  const lines = diagnosticLines(ix);
  await eachLineRaw(file, ix, lines, (raw, k) => scan.add(lines[k]!, raw));
  return scan.finish();
}

/**
 * The export's passes as the browser's workers run them, for an index source to be handed
 * (`ExportWorkers`): the worker client is fetched only when an export is first asked for.
 */
import type { ExportWorkers } from '../../source/export-answers';

const client = () => import('./large-export-client');

/** The redaction search and the file's making, each in the export worker. */
export const exportWorkers: ExportWorkers = {
  scan: async (file, ix, title, key, limit, opts) => (await client()).scanLargeExport(file, ix, title, key, limit, opts),
  build: async (file, ix, head, format, mask, opts) => (await client()).buildLargeExport(file, ix, head, format, mask, opts),
};

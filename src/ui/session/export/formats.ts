/** The export formats offered, in the reader's words: shared by the full view's Export tab and large-file mode's. */
import type { ExportFormat } from '../../../core/export/export';
import { pg } from '../../i18n/text';

/** The formats offered; Markdown is called Markdown in every language. */
export function exportFormats(): { id: ExportFormat; label: string }[] {
  const t = pg().export;
  return [
    { id: 'md', label: 'Markdown' },
    { id: 'html', label: t.formatHtml },
    { id: 'json', label: t.formatJson },
  ];
}

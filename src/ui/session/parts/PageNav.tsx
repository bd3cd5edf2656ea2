/**
 * The page buttons of a long list (messages, a file's lines): a virtual list holds at most one page
 * of rows (the browser's height limit, the virtualizer's per-row cost), so longer lists turn pages.
 */
import { pg } from '../../i18n/text';

export interface PageNavProps {
  page: number;
  pages: number;
  /** Where the list is, in words ("Messages 1–20,000 of 50,000"). */
  range: string;
  onPage: (page: number) => void;
}

/** Previous, where, next, last. */
export function PageNav({ page, pages, range, onPage }: PageNavProps) {
  const t = pg().large;
  const go = (to: number) => onPage(Math.max(0, Math.min(pages - 1, to)));
  return (
    <nav class="sl-pages" aria-label={t.pages}>
      <button type="button" class="btn" disabled={page === 0} onClick={() => go(page - 1)}>
        {t.previousPage}
      </button>
      <span>{range}</span>
      <button type="button" class="btn" disabled={page === pages - 1} onClick={() => go(page + 1)}>
        {t.nextPage}
      </button>
      <button type="button" class="btn" disabled={page === pages - 1} onClick={() => go(pages - 1)}>
        {t.lastPage}
      </button>
    </nav>
  );
}

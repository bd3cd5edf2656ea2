/**
 * The switch between the two views of a mid-size file: large-file mode offers the full view (with
 * the memory it takes, and what it adds), and the full view of a file large-file mode would open
 * offers the way back. Both are links, so the choice is in the URL and a reload keeps it.
 */
import { FULL_VIEW_MAX_BYTES, LARGE_FILE_BYTES, fullViewMemory } from '../../../store/large/large-file';
import { formatBytes } from '../../parts/format';
import { pg } from '../../i18n/text';

/** In large-file mode: the link to the full view where the store offers it (`offered`: a file below its ceiling), else why there is none. */
export function FullViewOffer({ size, offered, href }: { size: number; offered: boolean; href: string }) {
  const t = pg().viewSwitch;
  if (!offered) return <p class="sl-muted sl-large-why">{t.tooBig(formatBytes(FULL_VIEW_MAX_BYTES))}</p>;
  return (
    <p class="sl-view-switch">
      <a class="btn" href={href} data-testid="open-full-view">
        {/* A phone shows the short words, so the offer shares the counts' line (large.css). */}
        <span class="sl-long">{t.openFull(formatBytes(fullViewMemory(size)))}</span>
        <span class="sl-short">{t.openFullShort(formatBytes(fullViewMemory(size)))}</span>
      </a>{' '}
      <span class="sl-muted">{t.fullAdds}</span>
    </p>
  );
}

/** In the full view of a file large-file mode would open: what it costs, and the link back. */
export function LargeViewOffer({ size, href }: { size: number; href: string }) {
  const t = pg().viewSwitch;
  return (
    <p class="notice sl-view-switch" role="note">
      {t.shownFull(formatBytes(fullViewMemory(size)), formatBytes(LARGE_FILE_BYTES))}{' '}
      <a class="btn" href={href} data-testid="open-large-view">
        {t.backToLarge}
      </a>
    </p>
  );
}

/**
 * Every version side by side, before one is used (issue 42): the clues on disk it fits, the sessions
 * its listing would show or leave out, and a button to use it. Loaded when a verdict shows it.
 */
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { CandidateFit } from '../../../core/nanobot/version-evidence';
import { pg, ui } from '../../i18n/text';
import { detectedVersion } from '../model';
import { chooseVersion, versionName } from './version-choice';

export function VersionCompare({ fits, active }: { fits: readonly CandidateFit[]; active: NanobotVersion }) {
  const d = pg().decide;
  return (
    <div class="version-compare">
      <p class="muted small">{d.compareLead}</p>
      <div class="table-scroll">
        <table class="compare-table">
          <caption class="visually-hidden">{d.compareTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{d.cols.version}</th>
              <th scope="col">{d.cols.clues}</th>
              <th scope="col">{d.cols.listed}</th>
              <th scope="col">{d.cols.hidden}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {fits.map((f) => (
              <tr key={f.version} data-version={f.version} class={f.version === active ? 'in-use' : undefined}>
                <th scope="row">{versionName(f.version)}</th>
                <td>{d.of(f.fits, f.clues)}</td>
                <td>{d.of(f.listed, f.listed + f.hidden)}</td>
                <td>{ui().common.count(f.hidden)}</td>
                <td>
                  {f.version === active ? (
                    <span class="chip">{d.inUse}</span>
                  ) : (
                    <button type="button" class="btn small" aria-label={d.useLabel(versionName(f.version))} onClick={() => chooseVersion(f.version === detectedVersion.peek() ? null : f.version)}>
                      {d.use}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}


/**
 * "What an upgrade changes": for every session of the shown folder, whether the next nanobot
 * release still sees it, and how its agent-loop replay changes (messages and tokens gained or
 * lost), with the reason. Read-only: it reads the files and writes nothing.
 */
import { useEffect, useState } from 'preact/hooks';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../core/nanobot-version';
import { loadTokenizer } from '../../core/tokenizer';
import { estimateMessageTokens } from '../../core/tokens';
import { nextVersion, upgradeImpact, type FileHome, type UpgradeImpact } from '../../core/upgrade';
import { readAll } from '../../store/bytes';
import { yieldToEventLoop } from '../../store/event-loop';
import { plural } from '../format';
import { iso } from '../iso';
import { errorText } from '../status';
import { activeVersion, folder, listing, nowIso, workspace } from './model';

const KIND_TEXT: Record<UpgradeImpact['kind'], string> = {
  vanishes: 'no longer seen',
  appears: 'newly seen',
  changes: 'replays differently',
  same: 'replays the same',
};

/** One sentence for a session's fate across the upgrade. */
function impactText(r: UpgradeImpact, from: NanobotVersion, to: NanobotVersion): string {
  const a = rulesOf(from).label;
  const b = rulesOf(to).label;
  if (r.kind === 'vanishes') return `${b} will not see it: ${r.to.note}. ${a} replays ${plural(r.from.replayed.length, 'message')} of it today.`;
  if (r.kind === 'appears') return `${b} sees it (${a} does not: ${r.from.note}).`;
  const tokens = r.from.tokens !== null && r.to.tokens !== null ? `, ${r.from.tokens.toLocaleString('en-US')} → ${r.to.tokens.toLocaleString('en-US')} tokens` : '';
  const raises = r.to.raises ? ` ${b} raises ${r.to.raises}.` : r.from.raises ? ` (${a} raises ${r.from.raises}.)` : '';
  const moves = r.to.note ? ` ${r.to.note[0]!.toUpperCase()}${r.to.note.slice(1)}.` : '';
  if (r.kind === 'same') return `Replays the same ${plural(r.to.replayed.length, 'message')}${tokens}.${moves}${raises}`;
  return `${r.from.replayed.length} → ${plural(r.to.replayed.length, 'message')} replayed (+${r.added.length} / −${r.lost.length})${tokens}.${moves}${raises}`;
}

/** The page: a target version, then one row per session with its fate. */
export function UpgradePage() {
  const ws = workspace.value!;
  const f = folder.value!;
  const from = activeVersion.value;
  const [to, setTo] = useState<NanobotVersion>(nextVersion(from) ?? 'main');
  const [rows, setRows] = useState<UpgradeImpact[]>([]);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summaries = listing.value?.summaries ?? [];
  const home: FileHome = f.role === 'namespace' ? 'namespace' : 'workspace';

  useEffect(() => {
    let live = true;
    setRows([]);
    setDone(false);
    setError(null);
    void (async () => {
      const count = await loadTokenizer().catch(() => null);
      const counter = count ? (v: NanobotVersion) => (e: Parameters<typeof estimateMessageTokens>[0]) => estimateMessageTokens(e, count, v) : undefined;
      const out: UpgradeImpact[] = [];
      for (const s of summaries) {
        if (!live) return;
        try {
          const bytes = await readAll(await ws.adapter.read(s.path));
          out.push(upgradeImpact(bytes, s.fileName, home, from, to, nowIso(), counter));
        } catch (e) {
          setError(`${s.fileName}: ${errorText(e)}`);
        }
        setRows([...out]);
        await yieldToEventLoop();
      }
      if (live) setDone(true);
    })();
    return () => void (live = false);
  }, [summaries, from, to, home]);

  const order: UpgradeImpact['kind'][] = ['vanishes', 'changes', 'appears', 'same'];
  const sorted = [...rows].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const tally = order.map((k) => [k, rows.filter((r) => r.kind === k).length] as const).filter(([, n]) => n > 0);
  return (
    <section class="upgrade-page" aria-labelledby="upgrade-h" aria-busy={!done}>
      <h2 id="upgrade-h">What an upgrade changes</h2>
      <p>
        From <strong>{rulesOf(from).label}</strong> (in force here) to{' '}
        <select class="upgrade-target" value={to} onChange={(e) => setTo(e.currentTarget.value as NanobotVersion)} aria-label="Target nanobot version">
          {NANOBOT_VERSIONS.filter((v) => v !== from).map((v) => (
            <option key={v} value={v}>
              {rulesOf(v).label} ({rulesOf(v).date})
            </option>
          ))}
        </select>
        : what its agent loop would replay for each session, and which sessions it would no longer see. Nothing is written.
      </p>
      <p class="upgrade-tally" role="status">
        {done ? '' : `Reading ${rows.length} of ${summaries.length}… `}
        {tally.map(([k, n]) => `${n} ${KIND_TEXT[k]}`).join(' · ')}
      </p>
      {error && <p class="notice danger">{error}</p>}
      <ul class="upgrade-list">
        {sorted.map((r) => (
          <li key={r.fileName} class={`upgrade-row upgrade-${r.kind}`} data-file={r.fileName}>
            <span class={`badge upgrade-badge-${r.kind}`}>{KIND_TEXT[r.kind]}</span> <code>{iso(r.key)}</code>{' '}
            <span class="muted small">{iso(r.fileName)}</span>
            <p class="small">{impactText(r, from, to)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "What an upgrade changes": between any two nanobot versions (from the one in force to the newest at first), the
 * rules of the version table that differ, and for every session of the shown folder whether the target still sees
 * it and how its agent-loop replay changes (messages and tokens gained or lost), with the reason. Read-only: it
 * reads the files and writes nothing.
 */
import { useEffect, useState } from 'preact/hooks';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../core/tokens/tokens';
import { newestVersion, rulesChanged, upgradeImpact, type FileHome, type UpgradeImpact } from '../../../core/nanobot/upgrade';
import { readAll } from '../../../store/adapter/bytes';
import { yieldToEventLoop } from '../../../store/analyze/event-loop';
import { iso } from '../../parts/iso';
import { errorText } from '../../shell/status';
import { activeVersion, folder, listing, nowIso, workspace } from '../model';
import { pg } from '../../i18n/text';

/** One sentence for a session's fate across the upgrade. */
function impactText(r: UpgradeImpact, from: NanobotVersion, to: NanobotVersion): string {
  const t = pg().upgrade;
  const a = rulesOf(from).label;
  const b = rulesOf(to).label;
  if (r.kind === 'vanishes') return t.vanishes(b, (r.to.note ? t.note(r.to.note) : ''), a, r.from.replayed.length);
  if (r.kind === 'appears') return t.appears(b, a, (r.from.note ? t.note(r.from.note) : ''));
  const tokens = r.from.tokens !== null && r.to.tokens !== null ? t.tokens(r.from.tokens, r.to.tokens) : '';
  const raises = r.to.raises ? t.raisesTo(b, r.to.raises) : r.from.raises ? t.raisesFrom(a, r.from.raises) : '';
  const moves = r.to.note ? t.moves(t.note(r.to.note)) : '';
  const listed = r.to.listingRaises ? t.listingRaises(b, r.to.listingRaises) : '';
  const rest = `${tokens}${t.stop}${moves}${raises}${listed}`;
  if (r.kind === 'same') return t.same(r.to.replayed.length, rest);
  return t.changes(r.from.replayed.length, r.to.replayed.length, r.added.length, r.lost.length, rest);
}

/** Every version to pick from, the one in force here marked. */
function VersionOptions({ active }: { active: NanobotVersion }) {
  return (
    <>
      {NANOBOT_VERSIONS.map((v) => (
        <option key={v} value={v}>
          {rulesOf(v).label} ({rulesOf(v).date}){v === active ? pg().upgrade.inForceMark : ''}
        </option>
      ))}
    </>
  );
}

/** The rules of the version table that differ between the two: the ones a person acts on in a sentence. */
function RulesChanged({ from, to }: { from: NanobotVersion; to: NanobotVersion }) {
  const t = pg().upgrade;
  const changes = rulesChanged(from, to);
  if (changes.length === 0) return <p class="upgrade-rules muted">{t.noRulesChanged}</p>;
  return (
    <details class="upgrade-rules">
      <summary>{t.rulesChanged(changes.length)}</summary>
      <ul>
        {changes.map((c) => (
          <li key={c.row} data-row={c.row}>
            <code>{c.row}</code>: <code>{t.value(c.from)}</code> → <code>{t.value(c.to)}</code>
            {t.rule(c) && <span class="small"> {t.rule(c)}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The page: the two versions, the rules that differ, then one row per session with its fate. */
export function UpgradePage() {
  const ws = workspace.value!;
  const f = folder.value!;
  const active = activeVersion.value;
  const [from, setFrom] = useState<NanobotVersion>(active);
  const [to, setTo] = useState<NanobotVersion>(newestVersion());
  // Another version put in force (the version line) is the new starting point.
  useEffect(() => setFrom(active), [active]);
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
  const t = pg().upgrade;
  const tally = order.map((k) => [k, rows.filter((r) => r.kind === k).length] as const).filter(([, n]) => n > 0);
  return (
    <section class="upgrade-page" aria-labelledby="upgrade-h" aria-busy={!done}>
      <h2 id="upgrade-h">{t.title}</h2>
      <p>
        {t.from}
        <select class="upgrade-source" value={from} onChange={(e) => setFrom(e.currentTarget.value as NanobotVersion)} aria-label={t.source}>
          <VersionOptions active={active} />
        </select>
        {t.to}
        <select class="upgrade-target" value={to} onChange={(e) => setTo(e.currentTarget.value as NanobotVersion)} aria-label={t.target}>
          <VersionOptions active={active} />
        </select>
        {t.what}
      </p>
      <RulesChanged from={from} to={to} />
      <p class="upgrade-tally" role="status">
        {done ? '' : t.reading(rows.length, summaries.length)}
        {tally.map(([k, n]) => t.tally(n, t.kind[k])).join(' · ')}
      </p>
      {error && <p class="notice danger">{error}</p>}
      <ul class="upgrade-list">
        {sorted.map((r) => (
          <li key={r.fileName} class={`upgrade-row upgrade-${r.kind}`} data-file={r.fileName}>
            <span class={`badge upgrade-badge-${r.kind}`}>{t.kind[r.kind]}</span> <code>{iso(r.key)}</code>{' '}
            <span class="muted small">{iso(r.fileName)}</span>
            <p class="small">{impactText(r, from, to)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The metadata record explained field by field; nanobot's own metadata keys flagged as internal. */
import { contractProblem } from '../../../core/nanobot/metadata-contracts';
import { pyDumps } from '../../../core/python/pyjson';
import { dictKeys, isDict, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import { metadataInternal, metadataRecordField } from '../parts/flags';
import { pg } from '../../i18n/text';
import { Fold } from '../parts/Fold';
import { iso } from '../../parts/iso';

function Value({ v }: { v: PyValue }) {
  return <Fold text={pyDumps(v)} limit={300} lines={6} class="sl-code" />;
}

/** A flag under a nanobot-owned key whose value breaks the shape nanobot writes (metadata-contracts.ts). */
function ContractNote({ k, v }: { k: string; v: PyValue }) {
  const problem = contractProblem(k, v);
  return problem ? <p class="sl-warn-text sl-contract" role="note">{pg().file.contract(problem)}</p> : null;
}

/** One metadata record (0-based `line`) explained field by field, read from its line. */
export function MetadataRecord({ line: mi, rec, lastConsolidated, onLine }: { line: number; rec: PyDict; lastConsolidated: number; onLine: (line: number) => void }) {
  const t = pg().file;
  const inner = rec.metadata;
  return (
    <section class="sl-meta" aria-labelledby="sl-meta-h">
      <h3 id="sl-meta-h">
        {t.metadataHeading}{' '}
        <button type="button" class="sl-link" onClick={() => onLine(mi)}>{t.lineLabel(mi + 1)}</button>
      </h3>
      <p class="sl-muted">{t.metadataIntro}</p>
      <dl class="sl-fields">
        {dictKeys(rec).map((k) => (
          <div key={k} class="sl-field-row">
            <dt><code>{iso(k)}</code></dt>
            <dd>
              <span class="sl-muted">{metadataRecordField(k) ?? t.notAField}</span>
              {k === 'metadata' && isDict(inner) && dictKeys(inner).length === 0 ? (
                // `{}`: said in a paragraph (a list of terms holds no lone description)
                <p class="sl-muted sl-inner">{t.empty}</p>
              ) : k === 'metadata' && isDict(inner) ? (
                <dl class="sl-fields sl-inner">
                  {dictKeys(inner).map((ik) => (
                    <div key={ik} class="sl-field-row">
                      <dt>
                        <code>{iso(ik)}</code>{' '}
                        {metadataInternal(ik) ? <span class="sl-tag sl-tag-internal">{t.nanobotsOwn}</span> : <span class="sl-tag">{t.notNanobots}</span>}
                      </dt>
                      <dd>
                        {metadataInternal(ik) && <span class="sl-muted">{metadataInternal(ik)}</span>}
                        <ContractNote k={ik} v={inner[ik]!} />
                        <Value v={inner[ik]!} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Value v={rec[k]!} />
              )}
              {k === 'last_consolidated' && pyDumps(rec[k]!) !== String(lastConsolidated) && (
                <p class="sl-warn-text">{t.usesLastConsolidated(lastConsolidated)}</p>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The metadata record explained field by field; nanobot's own metadata keys flagged as internal. */
import { metadataIndex, type SessionDocument } from '../../../core/document';
import { contractProblem } from '../../../core/metadata-contracts';
import { pyDumps } from '../../../core/pyjson';
import { dictKeys, isDict, type PyValue } from '../../../core/pyvalue';
import { METADATA_INTERNAL, METADATA_RECORD_FIELDS } from '../flags';
import { Fold } from '../Fold';
import { iso } from '../../iso';

function Value({ v }: { v: PyValue }) {
  return <Fold text={pyDumps(v)} limit={300} lines={6} class="sl-code" />;
}

/** A flag under a nanobot-owned key whose value breaks the shape nanobot writes (metadata-contracts.ts). */
function ContractNote({ k, v }: { k: string; v: PyValue }) {
  const problem = contractProblem(k, v);
  return problem ? <p class="sl-warn-text sl-contract" role="note">{problem}.</p> : null;
}

/** Line and field table of the metadata record nanobot uses (the last one). */
export function MetadataPanel({ doc, lastConsolidated, onLine }: { doc: SessionDocument; lastConsolidated: number; onLine: (line: number) => void }) {
  const mi = metadataIndex(doc);
  if (mi < 0) return <p class="sl-banner sl-warn">This file has no metadata record: nanobot takes the key from the file name; its session list leaves the file out, unless reading line 1 fails (invalid JSON there, or bytes that are not UTF-8 in the first 8 KiB: then it lists what its repair pass recovers).</p>;
  const rec = doc.records[mi]!.value!;
  const inner = rec.metadata;
  return (
    <section class="sl-meta" aria-labelledby="sl-meta-h">
      <h4 id="sl-meta-h">
        Metadata record{' '}
        <button type="button" class="sl-link" onClick={() => onLine(mi)}>line {mi + 1}</button>
      </h4>
      <p class="sl-muted">Line 1 holds the session’s own facts apart from its messages, so a listing can read one short line per file instead of the whole conversation.</p>
      <dl class="sl-fields">
        {dictKeys(rec).map((k) => (
          <div key={k} class="sl-field-row">
            <dt><code>{iso(k)}</code></dt>
            <dd>
              <span class="sl-muted">{METADATA_RECORD_FIELDS[k] ?? 'not a field nanobot writes'}</span>
              {k === 'metadata' && isDict(inner) ? (
                <dl class="sl-fields sl-inner">
                  {dictKeys(inner).length === 0 && <dd class="sl-muted">(empty)</dd>}
                  {dictKeys(inner).map((ik) => (
                    <div key={ik} class="sl-field-row">
                      <dt>
                        <code>{iso(ik)}</code>{' '}
                        {METADATA_INTERNAL[ik] ? <span class="sl-tag sl-tag-internal">nanobot’s own</span> : <span class="sl-tag">not a nanobot key</span>}
                      </dt>
                      <dd>
                        {METADATA_INTERNAL[ik] && <span class="sl-muted">{METADATA_INTERNAL[ik]}</span>}
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
                <p class="sl-warn-text">nanobot uses {lastConsolidated}: anything but a whole number from 0 to the message count is reset to 0.</p>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

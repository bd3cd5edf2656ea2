/**
 * The start screen: open a folder (or, without the File System Access API, choose one read-only),
 * open one file, try the demo, or reopen a remembered folder. Also says what the app does with
 * the files (nothing leaves the page).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { openChosenFiles, openDemo, openPickedFolder, opening, remembered } from '../open/actions';
import { canWriteFolders, directoryPicker } from '../open/fsa';
import { workspace } from '../workspace/model';
import { RememberedFolders } from './RememberedFolders';
import { Confirm } from '../parts/Confirm';
import { ui } from '../i18n/text';
import { rich } from './rich';

/** Hidden file inputs behind buttons (a folder input gets the non-standard webkitdirectory attribute). */
function FileButton(props: { label: string; directory?: boolean; accept?: string; id: string; primary?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.directory && input.current) input.current.setAttribute('webkitdirectory', '');
  }, [props.directory]);
  return (
    <>
      <button type="button" class={props.primary ? 'btn primary' : 'btn'} disabled={opening.value} onClick={() => input.current?.click()}>
        {props.label}
      </button>
      <input
        ref={input}
        id={props.id}
        class="visually-hidden"
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        {...(props.accept ? { accept: props.accept } : {})}
        onChange={(e) => {
          const el = e.currentTarget;
          if (el.files) void openChosenFiles(Array.from(el.files));
          el.value = '';
        }}
      />
    </>
  );
}

/** `compact`: without the remembered folders and the feature list (under a reconnect prompt). */
export function StartScreen({ compact = false }: { compact?: boolean }) {
  const picker = directoryPicker() !== null;
  const writable = canWriteFolders();
  const [hasDemo, setHasDemo] = useState(false);
  const [resetting, setResetting] = useState(false);
  const reset = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const t = ui().start;
  useEffect(() => {
    void import('../workspace/scan/demo').then(({ demoExists }) => Promise.all([demoExists(), demoExists('main')])).then((seeded) => setHasDemo(seeded.some(Boolean)));
  }, []);
  useEffect(() => {
    if (!resetting && refocus.current) reset.current?.focus();
    refocus.current = false;
  }, [resetting]);
  return (
    <div class="start">
      {!compact && workspace.value && (
        <p class="notice continue">
          <strong>{workspace.value.name}</strong>
          {t.isOpen}
          <a href="#/w">{t.back}</a>
          {t.orElse}
        </p>
      )}
      <section class="start-intro" aria-labelledby="start-title">
        {compact ? <h2 id="start-title">{t.again}</h2> : <h1 id="start-title">{t.title}</h1>}
        {!compact && <p class="lead">{rich(t.lead)}</p>}
        <div class="start-actions">
          {picker ? (
            <button type="button" class="btn primary" disabled={opening.value} onClick={() => void openPickedFolder()}>
              {t.openFolder}
            </button>
          ) : (
            <FileButton id="folder-input" label={t.chooseFolder} directory primary />
          )}
          <FileButton id="file-input" label={t.openFile} accept=".jsonl,.tmp,application/jsonl,application/x-ndjson,text/plain" />
          <button type="button" class="btn" disabled={opening.value} onClick={() => void openDemo(false)}>
            {t.demo}
          </button>
          <button type="button" class="btn" disabled={opening.value} onClick={() => void openDemo(false, 'main')} title={t.mainDemoTip}>
            {t.mainDemo}
          </button>
          {hasDemo && !resetting && (
            <button type="button" class="btn subtle" ref={reset} disabled={opening.value} onClick={() => setResetting(true)}>
              {t.reset}
            </button>
          )}
          {resetting && (
            <Confirm
              class="confirm"
              question={t.resetAsk}
              confirmLabel={t.resetDo}
              confirmClass="btn danger"
              cancelClass="btn subtle"
              busy={opening.value}
              onConfirm={() => void openDemo(true).finally(() => setResetting(false))}
              onCancel={() => {
                setResetting(false);
                refocus.current = true;
              }}
            />
          )}
        </div>
        <p class="hint">{rich(t.hint)}</p>
        {!writable && (
          <p class="notice warn" role="note">
            {rich(t.noFsa)}
          </p>
        )}
        <details class="where">
          <summary>{t.where}</summary>
          <ul>
            {t.whereItems.map((w) => (
              <li key={w}>{rich(w)}</li>
            ))}
          </ul>
        </details>
      </section>
      {!compact && remembered.value.length > 0 && <RememberedFolders folders={remembered.value} />}
      {!compact && (
        <section class="features" aria-labelledby="features-title">
          <h2 id="features-title">{t.features}</h2>
          <ul>
            {t.featureItems.map((w) => (
              <li key={w}>{rich(w)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

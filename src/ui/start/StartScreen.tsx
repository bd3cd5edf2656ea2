/**
 * The start screen: open a folder (or, without the File System Access API, choose one read-only),
 * open one file, try the demo, or reopen a remembered folder. Also says what the app does with
 * the files (nothing leaves the page).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { openChosenFiles, openDemo, openPickedFolder, opening, remembered } from '../actions';
import { canWriteFolders, directoryPicker } from '../fsa';
import { demoExists } from '../workspace/demo';
import { workspace } from '../workspace/model';
import { RememberedFolders } from './RememberedFolders';
import { Confirm } from '../Confirm';

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
  useEffect(() => {
    void Promise.all([demoExists(), demoExists('main')]).then((seeded) => setHasDemo(seeded.some(Boolean)));
  }, []);
  useEffect(() => {
    if (!resetting && refocus.current) reset.current?.focus();
    refocus.current = false;
  }, [resetting]);
  return (
    <div class="start">
      {!compact && workspace.value && (
        <p class="notice continue">
          <strong>{workspace.value.name}</strong> is open. <a href="#/w">Back to its sessions</a>, or open something else below.
        </p>
      )}
      <section class="start-intro" aria-labelledby="start-title">
        {compact ? <h2 id="start-title">Open it again</h2> : <h1 id="start-title">Open a nanobot workspace</h1>}
        {!compact && (
        <p class="lead">
          Read, understand, repair and safely edit nanobot’s session files (<code>sessions/*.jsonl</code>). Everything happens in this
          page: nothing is uploaded, and the app makes no network requests.
        </p>
        )}
        <div class="start-actions">
          {picker ? (
            <button type="button" class="btn primary" disabled={opening.value} onClick={() => void openPickedFolder()}>
              Open folder…
            </button>
          ) : (
            <FileButton id="folder-input" label="Choose folder (read-only)…" directory primary />
          )}
          <FileButton id="file-input" label="Open a .jsonl file…" accept=".jsonl,.tmp,application/jsonl,application/x-ndjson,text/plain" />
          <button type="button" class="btn" disabled={opening.value} onClick={() => void openDemo(false)}>
            Try the demo
          </button>
          <button type="button" class="btn" disabled={opening.value} onClick={() => void openDemo(false, 'main')} title="A config folder laid out like nanobot main">
            Try the nanobot main demo
          </button>
          {hasDemo && !resetting && (
            <button type="button" class="btn subtle" ref={reset} disabled={opening.value} onClick={() => setResetting(true)}>
              Reset demo
            </button>
          )}
          {resetting && (
            <Confirm
              class="confirm"
              question="Put the demo’s original files back? Every change made in the demo is lost."
              confirmLabel="Reset the demo"
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
        <p class="hint">…or drop a workspace folder, a sessions folder or a single <code>.jsonl</code> file anywhere on this page.</p>
        {!writable && (
          <p class="notice warn" role="note">
            This browser has no File System Access API (Firefox and Safari don’t), so folders open <strong>read-only</strong>: Session Lens
            copies the files into the page, and edits are offered as downloads. Use Chrome or Edge to edit files in place.
          </p>
        )}
        <details class="where">
          <summary>Where are nanobot’s sessions?</summary>
          <ul>
            <li>
              nanobot v0.2: <code>&lt;workspace&gt;/sessions/*.jsonl</code> — open the workspace folder (often <code>~/.nanobot/workspace</code>) or
              its <code>sessions</code> folder.
            </li>
            <li>
              Newer nanobot: <code>~/.nanobot/sessions/&lt;workspace id&gt;/</code> — open <code>~/.nanobot</code> and pick the workspace.
            </li>
            <li>Older installs may also have global “legacy” sessions in <code>~/.nanobot/sessions/*.jsonl</code>.</li>
          </ul>
        </details>
      </section>
      {!compact && remembered.value.length > 0 && <RememberedFolders folders={remembered.value} />}
      {!compact && (
      <section class="features" aria-labelledby="features-title">
        <h2 id="features-title">What you will see</h2>
        <ul>
          <li>
            <strong>The list nanobot sees.</strong> Sessions in nanobot’s own order, with its titles and previews — and badges for files nanobot
            would skip, repair, or load as empty and then overwrite.
          </li>
          <li>
            <strong>What the model is sent.</strong> The replay runs nanobot’s <code>get_history()</code> and shows why each message is kept,
            changed or left out.
          </li>
          <li>
            <strong>Every problem, with its line.</strong> The health view checks every file with nanobot’s loading rules and links each problem to
            the line that causes it.
          </li>
          <li>
            <strong>Edits that lose nothing.</strong> Untouched lines are written back byte for byte, a save is refused if the file changed on disk,
            and a repair keeps a backup first.
          </li>
        </ul>
      </section>
      )}
    </div>
  );
}

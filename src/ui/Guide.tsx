/**
 * A short guide to nanobot's session files, tied to what the app shows, so a reader can answer
 * the questions the session-files lesson asks (why metadata comes first, why replay is not a
 * slice, why only user turns get timestamps, what os.replace and fsync each protect, why
 * last_consolidated is range-checked).
 */

export function Guide() {
  return (
    <article class="guide" aria-labelledby="guide-title">
      <h1 id="guide-title">How nanobot keeps sessions</h1>
      <p class="lead">
        A session is one conversation, under a key such as <code>telegram:12345</code> or <code>cli:direct</code>. nanobot stores each in a JSON Lines
        file, <code>&lt;workspace&gt;/sessions/&lt;safe_key&gt;.jsonl</code>: one JSON object per line.
      </p>

      <section aria-labelledby="g-meta">
        <h2 id="g-meta">Line 1: the metadata record</h2>
        <p>
          The first line is <code>{'{"_type": "metadata", "key", "created_at", "updated_at", "metadata", "last_consolidated"}'}</code>; every later line
          is one message (<code>role</code>, <code>content</code>, <code>timestamp</code>, tool calls…). Keeping the session-level state on its own first
          line lets nanobot list sessions by reading only each file’s head — key, title and times — and a short preview, without parsing thousands of
          messages. It is also why the file name does not decide ownership: <code>safe_key</code> is lossy (<code>a:b_c</code> and <code>a_b:c</code>{' '}
          share a file), so the stored key is the real one. The <strong>Sessions</strong> list is built exactly like nanobot’s; a file whose first line
          is not a metadata record is missing from nanobot’s list (badge “not in nanobot’s list”), and a stored key that belongs in another file gets
          “key ≠ file name”.
        </p>
      </section>

      <section aria-labelledby="g-replay">
        <h2 id="g-replay">Replay is not <code>messages[-120:]</code></h2>
        <p>
          What nanobot sends back to the model is <code>get_history()</code>: it starts after the archived prefix (<code>last_consolidated</code>), takes a
          window of recent messages, cuts it to start at a user turn (keeping a proactive delivery just before it), moves past tool results whose call
          is not in the window (a provider rejects an orphaned tool result), drops command rows and empty assistant turns, removes leaked stamps and
          image lines from assistant text, adds media and attachment breadcrumbs to user turns, and finally fits a token budget — cutting again to a
          user turn. A plain slice could start with a tool result or in the middle of a turn. A session’s <strong>Replay</strong> tab shows each
          message’s fate and why.
        </p>
      </section>

      <section aria-labelledby="g-time">
        <h2 id="g-time">Timestamps only on user turns</h2>
        <p>
          With <code>include_timestamps</code>, nanobot prefixes user messages with <code>[Message Time: …]</code>, never assistant ones. A model copies the
          format of its own past replies: if its earlier turns carried stamps, it would start writing stamps into new replies, leaking internal metadata
          to the person. One stamp on the user turn is enough context for the reply next to it — and the sanitizer strips a stamp that did leak into
          assistant text (see the demo’s WebUI session).
        </p>
      </section>

      <section aria-labelledby="g-save">
        <h2 id="g-save">Saving: os.replace and fsync</h2>
        <p>
          nanobot writes the whole session to <code>&lt;name&gt;.jsonl.tmp</code> and then <code>os.replace()</code>s it over the file. The rename is
          atomic, so a reader — or a crash — sees the old file or the new one, never a half-written one; a failed write removes the tmp and leaves the
          old file. <code>fsync</code> solves a different problem: durability. Without it, the data may still sit in the operating system’s cache when
          the power goes; with it (on shutdown and for forks) the file and then its folder are flushed to disk. A <code>.jsonl.tmp</code> left in the
          folder is the trace of a save that did not finish: the <strong>Leftovers</strong> page lists them with the file they were going to replace.
        </p>
      </section>

      <section aria-labelledby="g-lc">
        <h2 id="g-lc">last_consolidated must be range-checked</h2>
        <p>
          <code>last_consolidated</code> counts the messages already summarised into memory; replay starts after them. A wrong value would hide
          history (a number past the end hides every message) or replay garbage, so nanobot accepts only a whole number between 0 and the number of
          messages and otherwise resets it to 0 — replaying the archived messages again. The session views mark where the archived prefix ends; the
          health view flags an out-of-range value.
        </p>
      </section>

      <section aria-labelledby="g-broken">
        <h2 id="g-broken">Damaged files</h2>
        <p>
          When a line cannot be parsed, nanobot’s repair pass skips it and keeps the rest; a byte-order mark on line 1 loses the metadata record.
          Worse, a line that is valid JSON but not an object (<code>[1]</code>, <code>null</code>), or any invalid UTF-8, makes nanobot load{' '}
          <em>nothing</em>: it starts an empty session, and its next save replaces the whole file. The badges “damaged” and “nanobot loads nothing”
          come from running nanobot’s own loading rules on each whole file; <strong>Health</strong> lists every problem with a link to its line.
          Recovery is not harmless: keep the original (Session Lens writes a backup before a repair) and stop nanobot before editing — a running gateway
          re-saves its cached sessions when it shuts down.
        </p>
      </section>
    </article>
  );
}

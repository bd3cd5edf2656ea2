/**
 * A short guide to nanobot's session files, tied to what the app shows, so a reader can answer
 * the questions the session-files lesson asks (why metadata comes first, why replay is not a
 * slice, why only user turns get timestamps, what os.replace and fsync each protect, why
 * last_consolidated is range-checked). Its prose lives in the pages catalog.
 */
import { pg } from '../i18n/text';
import { rich } from '../start/rich';

export function Guide() {
  const t = pg().guide;
  return (
    <article class="guide" aria-labelledby="guide-title">
      <h1 id="guide-title">{t.title}</h1>
      <p class="lead">{rich(t.lead)}</p>
      {t.sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>{rich(s.h)}</h2>
          <p>{rich(s.p)}</p>
        </section>
      ))}
    </article>
  );
}

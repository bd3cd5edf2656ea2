/** Adds a message at the end, as nanobot's add_message does (role, content, timestamp; updated_at set). */
import { useMemo, useState } from 'preact/hooks';
import { appendMessage } from '../../../core/edit/edits';
import { commitDocument, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';
import { pg } from '../../i18n/text';

const ROLES = ['user', 'assistant', 'system'];

/** Role + content form; the preview shows the exact line that will be written. */
export function AppendEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const [role, setRole] = useState('user');
  const [content, setContent] = useState('');
  const plan = useMemo((): Plan | null => {
    if (!content) return null;
    const r = appendMessage(ctx.opened.doc, ctx.opened.key, role, content, ctx.now());
    if (!r.ok) return null;
    const t = pg().edit.append;
    return { summary: pg().edit.change(r.change), diff: documentDiff(ctx.opened.doc, r.doc), action: ctx.adapter ? t.save : t.download, run: async () => {
      const out = await commitDocument(ctx, r.doc);
      if (out.ok) setContent('');
      return out;
    } };
  }, [role, content, ctx.opened, pg()]);
  return (
    <EditCard id="sl-ed-add" title={pg().edit.append.title} plan={plan} onReload={onReload}>
      <AppendFields role={role} setRole={setRole} content={content} setContent={setContent} />
    </EditCard>
  );
}

/** The role and content of a message to add: the same fields at every size (the large Edit tab's card too). */
export function AppendFields(p: { role: string; setRole: (r: string) => void; content: string; setContent: (c: string) => void }) {
  const t = pg().edit.append;
  return (
    <>
      <label class="sl-field">
        <span>{t.role}</span>
        <select value={p.role} onChange={(e) => p.setRole((e.currentTarget as HTMLSelectElement).value)}>
          {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </label>
      <label class="sl-field">
        <span>{t.content}</span>
        <textarea rows={3} value={p.content} onInput={(e) => p.setContent((e.currentTarget as HTMLTextAreaElement).value)} />
      </label>
    </>
  );
}

/**
 * Secrets and personal details in text, found before anything is exported: provider API keys,
 * bearer tokens, private key blocks, passwords in URLs, e-mail addresses, home-folder user names
 * and the session key. Pure: findings are offsets into the text; masking keeps any the user unmasks.
 */

/** Every kind of secret found, as codes (their words are each language's: src/ui/i18n). */
export const SECRET_KINDS = [
  'private-key', 'url-password', 'anthropic-key', 'openai-key', 'google-key', 'github-token', 'gitlab-token', 'aws-key', 'aws-secret', 'slack-token',
  'slack-webhook', 'stripe-key', 'huggingface-token', 'groq-key', 'xai-key', 'telegram-token', 'jwt', 'bearer', 'email', 'home-path', 'session-key',
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

/** One thing found: its kind and where it is (`text` is text.slice(start, end), the part masked). */
export interface Finding {
  kind: SecretKind;
  start: number;
  end: number;
  text: string;
}

interface Rule {
  kind: SecretKind;
  /** Global; compiled again with match indices (flag d). */
  re: RegExp;
  /** The capture group that is the secret (default: the whole match). */
  group?: number;
  /** Strings of which every match holds one (as written, the rule's case): a text holding none is not searched. */
  holds?: string[];
}

// Earlier rules win where matches overlap: a key inside a URL's password is a URL password, an
// e-mail-looking `pass@host` after `user:` is that password, and so on.
const RULES: Rule[] = ([
  { kind: 'private-key', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$(?![\s\S]))/g, holds: ['-----BEGIN '] },
  { kind: 'url-password', re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#:@"'<>]+:([^\s/?#@"'<>]+)@/gi, group: 1, holds: ['://'] },
  { kind: 'slack-webhook', re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{20,}/g, holds: ['https://hooks.slack.com/'] },
  { kind: 'anthropic-key', re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, holds: ['sk-ant-'] },
  { kind: 'openai-key', re: /\bsk-(?!ant-)[A-Za-z0-9_-]{20,}/g, holds: ['sk-'] },
  { kind: 'google-key', re: /\bAIza[0-9A-Za-z_-]{35,}/g, holds: ['AIza'] },
  { kind: 'github-token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g, holds: ['gh', 'github_pat_'] },
  { kind: 'gitlab-token', re: /\bglpat-[A-Za-z0-9_-]{20,}/g, holds: ['glpat-'] },
  { kind: 'aws-key', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, holds: ['AKIA', 'ASIA', 'ABIA', 'ACCA'] },
  { kind: 'aws-secret', re: /\baws_secret_access_key["']?\s*[=:]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi, group: 1 },
  { kind: 'slack-token', re: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, holds: ['xox'] },
  { kind: 'stripe-key', re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g, holds: ['_live_', '_test_'] },
  { kind: 'huggingface-token', re: /\bhf_[A-Za-z0-9]{30,}/g, holds: ['hf_'] },
  { kind: 'groq-key', re: /\bgsk_[A-Za-z0-9]{20,}/g, holds: ['gsk_'] },
  { kind: 'xai-key', re: /\bxai-[A-Za-z0-9]{20,}/g, holds: ['xai-'] },
  { kind: 'telegram-token', re: /\b\d{8,10}:[A-Za-z0-9_-]{35,}/g, holds: [':'] },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, holds: ['eyJ'] },
  { kind: 'bearer', re: /\b(?:Bearer|Basic|Token)\s+([A-Za-z0-9._~+/-]{16,}=*)/g, group: 1, holds: ['Bearer', 'Basic', 'Token'] },
  { kind: 'email', re: /(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g, holds: ['@'] },
  { kind: 'home-path', re: /(?<![\w.-])\/(?:home|Users)\/([^/\s"'<>`\\]+)/g, group: 1, holds: ['/home/', '/Users/'] },
  { kind: 'home-path', re: /\b[A-Za-z]:\\{1,2}(?:Users|Documents and Settings)\\{1,2}([^\\/\s"'<>`]+)/gi, group: 1, holds: [':\\'] },
] satisfies Rule[]).map((r: Rule) => ({ ...r, re: new RegExp(r.re.source, r.re.flags + 'd') }));

/** Folder names under /home or C:\Users that name no person. */
const NOT_A_USER = new Set(['public', 'default', 'default user', 'all users', 'shared', '*', '%username%', '$user', '${user}', '<user>', 'user', 'username', '...', '…']);

export interface FindOptions {
  /** The session's key: every literal occurrence is a finding. */
  sessionKey?: string;
}

function overlaps(taken: Finding[], start: number, end: number): boolean {
  return taken.some((f) => start < f.end && f.start < end);
}

/** Every finding in `text`, in text order, none overlapping (the earlier rule wins). */
export function findSecrets(text: string, opts: FindOptions = {}): Finding[] {
  const out: Finding[] = [];
  const add = (kind: SecretKind, start: number, end: number) => {
    if (end > start && !overlaps(out, start, end)) out.push({ kind, start, end, text: text.slice(start, end) });
  };
  for (const rule of RULES) {
    if (rule.holds && !rule.holds.some((h) => text.includes(h))) continue;
    for (const m of text.matchAll(rule.re)) {
      const span = m.indices?.[rule.group ?? 0];
      if (!span) continue;
      if (rule.kind === 'home-path' && NOT_A_USER.has(text.slice(span[0], span[1]).toLowerCase())) continue;
      add(rule.kind, span[0], span[1]);
    }
  }
  const key = opts.sessionKey;
  if (key && key.length >= 3) {
    for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + key.length)) add('session-key', at, at + key.length);
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * `text` with every finding replaced by its mask, except the indices in `unmask` (the user chose to
 * keep them). `findings` must be those of `text`, in order.
 */
export function applyRedaction(text: string, findings: readonly Finding[], unmask: ReadonlySet<number> = new Set(), mask: (f: Finding, i: number) => string): string {
  let out = '';
  let at = 0;
  findings.forEach((f, i) => {
    if (unmask.has(i)) return;
    out += text.slice(at, f.start) + mask(f, i);
    at = f.end;
  });
  return out + text.slice(at);
}

/** Redaction rules: each kind is found where it is, masked, and can be unmasked one by one. */
import { describe, expect, it } from 'vitest';
import { applyRedaction, findSecrets, type SecretKind } from '../../src/core/export/redact';
import { findInValue, redactValue } from '../../src/core/export/redact-value';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import type { PyValue } from '../../src/core/python/pyvalue';

// Fake secrets, made at run time (the repository holds no key-shaped strings).
const r = (s: string, n: number) => s.repeat(n);
const SAMPLES: [SecretKind, string, string][] = [
  ['openai-key', `key is ${'sk-proj-' + r('Ab3dE', 8)} ok`, 'sk-proj-' + r('Ab3dE', 8)],
  ['openai-key', `OPENROUTER=${'sk-or-v1-' + r('0a1b2c3d', 8)}`, 'sk-or-v1-' + r('0a1b2c3d', 8)],
  ['anthropic-key', `x-api-key: ${'sk-ant-api03-' + r('Zy9_x-', 10)}`, 'sk-ant-api03-' + r('Zy9_x-', 10)],
  ['google-key', `?key=${'AIza' + r('Sy0123456', 4)}abc`, 'AIza' + r('Sy0123456', 4) + 'abc'],
  ['github-token', `token ${'ghp_' + r('aB1cD2eF3g', 4)}`, 'ghp_' + r('aB1cD2eF3g', 4)],
  ['github-token', `pat=${'github_pat_' + r('11ABCDEFG0', 3)}`, 'github_pat_' + r('11ABCDEFG0', 3)],
  ['aws-key', `aws_access_key_id = ${'AKIA' + r('IOSFODNN', 2)}`, 'AKIA' + r('IOSFODNN', 2)],
  ['aws-secret', `aws_secret_access_key = ${r('wJalrXUtnFEMI/K7MDENG/', 2).slice(0, 40)}`, r('wJalrXUtnFEMI/K7MDENG/', 2).slice(0, 40)],
  ['slack-token', `SLACK=${'xoxb-' + r('1234567890-', 3)}abc`, 'xoxb-' + r('1234567890-', 3) + 'abc'],
  ['stripe-key', `stripe ${'sk_live_' + r('4eC39HqLyjWDarjtT1zdp7dc', 1)}`, 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  ['huggingface-token', `HF_TOKEN=${'hf_' + r('aBcDeFgHiJ', 4)}`, 'hf_' + r('aBcDeFgHiJ', 4)],
  ['telegram-token', `bot ${'123456789:' + r('AAHk9x_-Q', 4)}abc`, '123456789:' + r('AAHk9x_-Q', 4) + 'abc'],
  ['jwt', `cookie=${'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.' + r('dozjgNryP4J3jVmNHl0w5N', 1)}`, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N'],
  ['bearer', 'Authorization: Bearer abcdefghijklmnop.qrstuvwx-yz', 'abcdefghijklmnop.qrstuvwx-yz'],
  ['private-key', `k:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nafter`, '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----'],
  ['private-key', `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA (cut off)`, `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA (cut off)`],
  ['url-password', 'DATABASE_URL=postgres://admin:hunter2@db.example.com:5432/app', 'hunter2'],
  ['email', 'write to jane.doe+nanobot@mail.example.org.', 'jane.doe+nanobot@mail.example.org'],
  ['home-path', 'saved to /home/alice/projects/x.py', 'alice'],
  ['home-path', 'at /Users/Bob.Smith/Desktop', 'Bob.Smith'],
  ['home-path', 'C:\\Users\\carol\\AppData', 'carol'],
  ['session-key', 'this is telegram:998877 speaking', 'telegram:998877'],
  // Each rule's text is searched only where it holds the rule's fixed part (`holds`): these pin every part.
  ['slack-webhook', `POST ${'https://hooks.slack.com/services/' + r('T0A1B2C3/', 3)} now`, 'https://hooks.slack.com/services/' + r('T0A1B2C3/', 3)],
  ['gitlab-token', `GL=${'glpat-' + r('x1Y2z3', 4)}`, 'glpat-' + r('x1Y2z3', 4)],
  ['groq-key', `GROQ_API_KEY=${'gsk_' + r('q7W8e9', 4)}`, 'gsk_' + r('q7W8e9', 4)],
  ['xai-key', `XAI_API_KEY=${'xai-' + r('k4L5m6', 4)}`, 'xai-' + r('k4L5m6', 4)],
  ['stripe-key', `restricted ${'rk_test_' + r('9zY8xW7v', 2)}`, 'rk_test_' + r('9zY8xW7v', 2)],
  ['github-token', `oauth ${'gho_' + r('Qw3Er4Ty5U', 4)}`, 'gho_' + r('Qw3Er4Ty5U', 4)],
  ['aws-key', `id ${'ASIA' + r('ZXCVBNMQ', 2)}`, 'ASIA' + r('ZXCVBNMQ', 2)],
  ['bearer', 'Authorization: Basic dXNlcjpwYXNzd29yZDEyMzQ=', 'dXNlcjpwYXNzd29yZDEyMzQ='],
  ['url-password', 'MONGO=MONGODB://root:s3cret@mongo.example.com/db', 's3cret'],
  ['home-path', 'c:\\users\\dave\\notes.txt', 'dave'],
  ['home-path', 'C:\\Documents and Settings\\erin\\x', 'erin'],
];

describe('findSecrets', () => {
  it.each(SAMPLES)('finds a %s and masks exactly it', (kind, text, secret) => {
    const fs = findSecrets(text, { sessionKey: 'telegram:998877' });
    expect(fs.map((f) => [f.kind, f.text])).toEqual([[kind, secret]]);
    const f = fs[0]!;
    expect(text.slice(f.start, f.end)).toBe(secret);
    const masked = applyRedaction(text, fs, new Set(), (g) => `[${g.kind}]`);
    expect(masked).not.toContain(secret);
    expect(masked).toBe(text.slice(0, f.start) + `[${kind}]` + text.slice(f.end));
  });

  it('finds nothing in ordinary text', () => {
    const text = 'Fix the flaky upload test in /home/user/ or /Users/Public/. See https://example.com/docs, version 1.2.3, sk-short, AIzaShort.';
    expect(findSecrets(text, { sessionKey: 'cli:direct' })).toEqual([]);
  });

  it('keeps findings apart and in order; a URL password is not also an e-mail', () => {
    const text = `a@b.example ${'sk-' + 'x'.repeat(30)} https://u:p4ss@host.example.com/ Bearer ${'t'.repeat(20)}`;
    const fs = findSecrets(text);
    expect(fs.map((f) => f.kind)).toEqual(['email', 'openai-key', 'url-password', 'bearer']);
    expect(fs.map((f) => f.text)[2]).toBe('p4ss');
    for (let i = 1; i < fs.length; i++) expect(fs[i]!.start).toBeGreaterThanOrEqual(fs[i - 1]!.end);
  });

  it('unmasks exactly the findings the user picked', () => {
    const text = 'one a@x.example two b@x.example three c@x.example';
    const fs = findSecrets(text);
    expect(fs).toHaveLength(3);
    expect(applyRedaction(text, fs, new Set([1]), (_f, i) => `#${i}`)).toBe('one #0 two b@x.example three #2');
    expect(applyRedaction(text, fs, new Set([0, 1, 2]), () => 'X')).toBe(text);
  });
});

describe('redaction over JSON values', () => {
  // Written out as text: a float 1.0 and an int too big for a double must come back as they were.
  const message = pyLoads(
    '{"role": "assistant", "content": [{"type": "text", "text": "mail me: x@y.example"}, {"type": "image_url", "image_url": {"url": "https://u:secret@h.example/i.png"}}], ' +
      '"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "exec", "arguments": "{\\"cwd\\": \\"/home/dave/src\\"}"}}], "z@key.example": 1.0, "n": 12345678901234567890}',
  );
  if (!message.ok) throw new Error('fixture');
  const v = message.value as PyValue;

  it('finds strings anywhere (values and keys) with their paths', () => {
    const fs = findInValue(v, {}, ['messages', 4]);
    expect(fs.map((f) => [f.kind, f.text, f.path, f.inKey])).toEqual([
      ['email', 'x@y.example', ['messages', 4, 'content', 0, 'text'], false],
      ['url-password', 'secret', ['messages', 4, 'content', 1, 'image_url', 'url'], false],
      ['home-path', 'dave', ['messages', 4, 'tool_calls', 0, 'function', 'arguments'], false],
      ['email', 'z@key.example', ['messages', 4, 'z@key.example'], true],
    ]);
  });

  it('masks a copy, keeps unmasked findings, floats, big ints and key order', () => {
    const fs = findInValue(v, {}, ['messages', 4]);
    const out = redactValue(v, fs, (f) => (f.kind === 'url-password' ? null : `<${f.kind}>`), ['messages', 4]);
    expect(pyDumps(out)).toBe(
      '{"role": "assistant", "content": [{"type": "text", "text": "mail me: <email>"}, {"type": "image_url", "image_url": {"url": "https://u:secret@h.example/i.png"}}], ' +
        '"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "exec", "arguments": "{\\"cwd\\": \\"/home/<home-path>/src\\"}"}}], "<email>": 1.0, "n": 12345678901234567890}',
    );
    // The original is untouched.
    expect(pyDumps(v)).toContain('x@y.example');
  });
});

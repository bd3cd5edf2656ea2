import { describe, expect, it } from 'vitest';
import { scanHead } from '../../src/core/nanobot/version-head';

const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-08-01T10:00:00", "updated_at": "2026-08-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n';
const STATE = '{"_type": "provider_state", "state": {"kind": "responses", "provider": "openai", "model": "gpt-5", "version": 1, "payload": {}, "pending_messages": []}}\n';
const SUFFIX = '[Runtime Context — metadata only, not instructions]\\nCurrent Time: 2026-08-01 10:00 (UTC)\\n[/Runtime Context]';
const RC_USER = `{"role": "user", "content": "hi\\n\\n${SUFFIX}", "_runtime_context": {"version": 1, "sources": ["clock"], "suffix": "${SUFFIX}"}, "timestamp": "2026-08-01T10:00:00"}\n`;
const scan = (s: string, complete = true) => scanHead(enc(s), complete);

describe('scanHead', () => {
  it('reads the stored key and the metadata keys that date a file from line 1', () => {
    expect(scan(META)).toEqual({ storedKey: 'cli:direct', providerState: false, runtimeContext: false, sessionHandle: false, modelPreset: false });
    const meta = META.replace('"metadata": {}', '"metadata": {"session_handle": "h1", "_nanobot_model_preset": "fast"}');
    expect(scan(meta)).toMatchObject({ sessionHandle: true, modelPreset: true });
    expect(scan(`\n  \n${META}`).storedKey).toBe('cli:direct');
  });

  it('no stored key when line 1 is not a metadata record with a string key, has a BOM, or is cut off', () => {
    expect(scan(META.replace('"cli:direct"', '7')).storedKey).toBeNull();
    expect(scan(`\uFEFF${META}`).storedKey).toBeNull();
    expect(scan('{"role": "user", "content": "hi"}\n').storedKey).toBeNull();
    expect(scan(META.slice(0, 60), false).storedKey).toBeNull();
  });

  it('finds a provider_state record, wherever it stands in the head, and confirms it by parsing', () => {
    expect(scan(META + STATE).providerState).toBe(true);
    expect(scan(STATE + META).providerState).toBe(true);
    expect(scan(META + '{"_type": "provider_state", "state": \n').providerState).toBe(false); // whole line, not JSON
    expect(scan(META + '{"role": "user", "content": "{\\"_type\\": \\"provider_state\\"}"}\n').providerState).toBe(false);
  });

  it('a provider_state line cut off by the head counts by its start, as main’s listing judges it', () => {
    expect(scan(META + STATE.slice(0, 50), false).providerState).toBe(true);
    expect(scan(META + STATE.slice(0, 50), true).providerState).toBe(false);
  });

  it('finds a user message with an object _runtime_context', () => {
    expect(scan(META + RC_USER).runtimeContext).toBe(true);
    expect(scan(META + RC_USER.replace(/"_runtime_context": \{.*?\}, "timestamp"/, '"_runtime_context": "marker", "timestamp"')).runtimeContext).toBe(false);
    expect(scan(META + RC_USER.replace('"role": "user"', '"role": "assistant"')).runtimeContext).toBe(false);
    expect(scan(META + '{"role": "user", "content": "see \\"_runtime_context\\": {x}"}\n').runtimeContext).toBe(false);
  });

  it('a runtime-context message cut off by the head counts when its marker key is already there', () => {
    const cut = RC_USER.slice(0, RC_USER.indexOf('"sources"'));
    expect(scan(META + cut, false).runtimeContext).toBe(true);
    const quoted = '{"role": "user", "content": "see \\"_runtime_context\\": {x} and more';
    expect(scan(META + quoted, false).runtimeContext).toBe(false);
  });
});

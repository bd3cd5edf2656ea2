/** main's provider_state record: validated as main validates it, re-serialised with its six keys. */
import { describe, expect, it } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import { formatSession } from '../../src/core/edit/format';
import { parseProviderState } from '../../src/core/nanobot/provider-state';
import { dictKeys, PyFloat, type PyDict } from '../../src/core/python/pyvalue';
import { pyLoads } from '../../src/core/python/pyjson';

const state = (o: Record<string, unknown>) => ({ _type: 'provider_state', state: { kind: 'responses', provider: 'openai', model: 'gpt', version: 1, payload: {}, ...o } }) as PyDict;
const NOW = '2031-01-01T00:00:00';
const file = (...lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');
const META = '{"_type": "metadata", "key": "k", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}';

describe('parseProviderState', () => {
  it('accepts a valid state, defaults pending_messages and drops extra keys', () => {
    const s = parseProviderState(state({ extra: 1 }))!;
    expect(dictKeys(s)).toEqual(['kind', 'provider', 'model', 'version', 'payload', 'pending_messages']);
    expect(s.pending_messages).toEqual([]);
  });

  it('rejects what main rejects: empty strings, a bool or float version, non-object payload or pending items', () => {
    for (const bad of [{ kind: '' }, { model: 3 }, { version: true }, { version: new PyFloat(1) }, { payload: [] }, { pending_messages: [1] }, { pending_messages: null }]) {
      expect(parseProviderState(state(bad)), JSON.stringify(bad)).toBeNull();
    }
    expect(parseProviderState({ _type: 'provider_state', state: 'x' } as PyDict)).toBeNull();
  });
});

describe('provider_state in a load', () => {
  const valid = JSON.stringify(state({}));
  const invalid = JSON.stringify(state({ kind: '' }));
  const user = '{"role": "user", "content": "hi"}';

  it('is never a message at main, and is one (role-less) before', () => {
    const bytes = file(META, valid, user);
    const main = loadNanobot(bytes, 'k', NOW, 'main').result!;
    expect(main.messages).toHaveLength(1);
    expect(main.providerState).not.toBeNull();
    expect(loadNanobot(bytes, 'k', NOW, 'v0.3.0').result!.messages).toHaveLength(2);
  });

  it('the last record decides on the normal path; repair keeps the last valid one', () => {
    expect(loadNanobot(file(META, valid, invalid, user), 'k', NOW, 'main').result!.providerState).toBeNull();
    const repaired = loadNanobot(file(META, valid, invalid, '{bad', user), 'k', NOW, 'main');
    expect(repaired.path).toBe('repair');
    expect(repaired.result!.providerState).not.toBeNull();
    expect(repaired.skipped).toBe(2);
  });

  it('is written back as line 2 by the save format', () => {
    const s = loadNanobot(file(META, user, valid), 'k', NOW, 'main').result!;
    const lines = formatSession(s).split('\n');
    const second = pyLoads(lines[1]!);
    expect(second.ok && (second.value as PyDict)._type).toBe('provider_state');
  });
});

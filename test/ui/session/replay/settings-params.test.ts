import { describe, expect, it } from 'vitest';
import { settingsFromParams, uptoFromParams, validParams } from '../../../../src/ui/session/replay/settings';
import { agentLoopOptions } from '../../../../src/core/replay/budget';

describe('replay link parameters (zod)', () => {
  it('drops each malformed parameter on its own and keeps the others', () => {
    const s = settingsFromParams({ max_messages: '1e3', max_tokens: '99999999999999999999', ts: 'yes', etu: '1', rc: 'false' }, 'v0.3.0');
    const a = agentLoopOptions('v0.3.0');
    expect(s).toEqual({ ...a, extendToUser: true });
    expect(validParams({ max_messages: ' 5', ts: '1', upto: '-3', other: 'x' })).toEqual({ ts: '1' });
    // well-formed values stay, negative counts included (nanobot reads them)
    expect(settingsFromParams({ max_messages: '-1', max_tokens: '-5', ts: '0', rc: '0' }, 'v0.2')).toEqual({ maxMessages: -1, maxTokens: 0, includeTimestamps: false, extendToUser: false, includeRuntimeContext: false });
  });

  it('upto is a message count shorter than the session, else the whole session', () => {
    expect(uptoFromParams({ upto: '3' }, 10)).toBe(3);
    for (const upto of ['0', '10', '11', '3.5', 'abc', '', '0x3']) expect(uptoFromParams({ upto }, 10), upto).toBeNull();
    expect(uptoFromParams({}, 10)).toBeNull();
  });
});

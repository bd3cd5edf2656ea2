import { describe, expect, it } from 'vitest';
import { contractProblem, METADATA_CONTRACTS } from '../../src/core/nanobot/metadata-contracts';
import { PyFloat } from '../../src/core/python/pyvalue';

const goal = { status: 'active', objective: 'ship it', ui_summary: 'ship', started_at: '2026-08-01T10:00:00' };
const checkpoint = { phase: 'tools', iteration: 2, model: 'm', assistant_message: null, completed_tool_results: [], pending_tool_calls: [{ id: 'c' }] };

describe('nanobot metadata contracts', () => {
  it('accepts what nanobot writes', () => {
    expect(contractProblem('goal_state', goal)).toBeNull();
    expect(contractProblem('goal_state', { ...goal, completed_at: '2026-08-02T00:00:00', recap: null })).toBeNull();
    expect(contractProblem('runtime_checkpoint', checkpoint)).toBeNull();
    expect(contractProblem('_last_summary', { text: 's', last_active: '2026-08-01T10:00:00' })).toBeNull();
    expect(contractProblem('pending_user_turn', true)).toBeNull();
    expect(contractProblem('webui', { pinned: true })).toBeNull();
    expect(contractProblem('title', 'T')).toBeNull();
    expect(contractProblem('title_user_edited', false)).toBeNull();
    expect(contractProblem('my_plugin', 1)).toBeNull();
  });

  it('names the first thing that differs: a path and a kind of value', () => {
    expect(contractProblem('goal_state', { ...goal, status: 3 })).toEqual({ key: 'goal_state', path: ['status'], found: 'number' });
    expect(contractProblem('goal_state', { status: 'active' })).toEqual({ key: 'goal_state', path: ['objective'], found: 'missing' });
    expect(contractProblem('goal_state', 'active')).toEqual({ key: 'goal_state', path: [], found: 'string' });
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, iteration: new PyFloat(2) })).toEqual({ key: 'runtime_checkpoint', path: ['iteration'], found: 'number' });
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, iteration: true })).toEqual({ key: 'runtime_checkpoint', path: ['iteration'], found: 'boolean', bool: true });
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, pending_tool_calls: {} })).toEqual({ key: 'runtime_checkpoint', path: ['pending_tool_calls'], found: 'object' });
    expect(contractProblem('_last_summary', { text: null, last_active: 'x' })).toEqual({ key: '_last_summary', path: ['text'], found: 'null' });
    expect(contractProblem('title_user_edited', 'yes')).toEqual({ key: 'title_user_edited', path: [], found: 'string' });
    expect(contractProblem('webui', [1])).toEqual({ key: 'webui', path: [], found: 'list' });
  });

  it('has a contract for every key the issue names', () => {
    expect(Object.keys(METADATA_CONTRACTS).sort()).toEqual(['_last_summary', 'goal_state', 'pending_user_turn', 'runtime_checkpoint', 'title', 'title_user_edited', 'webui']);
  });
});

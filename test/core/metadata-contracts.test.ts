import { describe, expect, it } from 'vitest';
import { contractProblem, METADATA_CONTRACTS } from '../../src/core/metadata-contracts';
import { PyFloat } from '../../src/core/pyvalue';

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

  it('names the first thing that differs, in words', () => {
    expect(contractProblem('goal_state', { ...goal, status: 3 })).toBe('goal_state is not what nanobot writes: status is a number');
    expect(contractProblem('goal_state', { status: 'active' })).toBe('goal_state is not what nanobot writes: objective is missing');
    expect(contractProblem('goal_state', 'active')).toBe('goal_state is not what nanobot writes: the value is a string');
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, iteration: new PyFloat(2) })).toBe('runtime_checkpoint is not what nanobot writes: iteration is a number');
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, iteration: true })).toBe('runtime_checkpoint is not what nanobot writes: iteration is a boolean (true)');
    expect(contractProblem('runtime_checkpoint', { ...checkpoint, pending_tool_calls: {} })).toBe('runtime_checkpoint is not what nanobot writes: pending_tool_calls is an object');
    expect(contractProblem('_last_summary', { text: null, last_active: 'x' })).toBe('_last_summary is not what nanobot writes: text is null');
    expect(contractProblem('title_user_edited', 'yes')).toBe('title_user_edited is not what nanobot writes: the value is a string');
    expect(contractProblem('webui', [1])).toBe('webui is not what nanobot writes: the value is a list');
  });

  it('has a contract for every key the issue names', () => {
    expect(Object.keys(METADATA_CONTRACTS).sort()).toEqual(['_last_summary', 'goal_state', 'pending_user_turn', 'runtime_checkpoint', 'title', 'title_user_edited', 'webui']);
  });
});

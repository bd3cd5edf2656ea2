/** The repair pass keeps what an earlier metadata record set when a later one's time is bad or absent. */
import { describe, expect, it } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, rulesOf } from '../../src/core/nanobot/nanobot-version';

const NOW = '2031-07-08T09:10:11.121314';
const file = (...lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');

const damaged = file(
  '{"_type": "metadata", "key": "k", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}',
  '{"role": "user", "content": "hi"}',
  '{"_type": "metadata", "key": "k", "created_at": "", "updated_at": "not a time", "metadata": {}, "last_consolidated": 0}',
  '{broken',
);

describe('repair pass times', () => {
  for (const version of NANOBOT_VERSIONS.filter((v) => rulesOf(v).loadFailure === 'repair')) {
    it(`keeps earlier times at ${version}`, () => {
      const r = loadNanobot(damaged, 'k', NOW, version);
      expect(r.path).toBe('repair');
      expect(r.result!.createdAt).toBe('2024-05-01T09:00:00');
      expect(r.result!.updatedAt).toBe(rulesOf(version).loadsUpdatedAt ? '2024-05-01T10:00:00' : NOW);
      expect(r.startsEmpty).toBeUndefined();
    });
  }

  for (const version of NANOBOT_VERSIONS.filter((v) => rulesOf(v).loadFailure === 'empty-session')) {
    it(`has no repair pass at ${version}: one bad line and nanobot starts the session empty`, () => {
      const r = loadNanobot(damaged, 'k', NOW, version);
      expect(r).toMatchObject({ path: 'normal', result: null, error: null, repairError: null, startsEmpty: 'no-repair' });
      // (0.1.5.post1 reads updated_at first: its ValueError; earlier, the broken line's JSONDecodeError)
      expect(r.strictError?.type).toBe(rulesOf(version).loadsUpdatedAt ? 'ValueError' : 'JSONDecodeError');
    });
  }

  it('before 0.1.5.post1 every load holds updated_at as now; from it, the stored time', () => {
    const good = file('{"_type": "metadata", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}');
    expect(loadNanobot(good, 'k', NOW, '0.1.5').result!.updatedAt).toBe(NOW);
    expect(loadNanobot(good, 'k', NOW, '0.1.5.post1').result!.updatedAt).toBe('2024-05-01T10:00:00');
    // a bad updated_at fails only the loads that read it
    const bad = file('{"_type": "metadata", "created_at": "2024-05-01T09:00:00", "updated_at": "not a time"}');
    expect(loadNanobot(bad, 'k', NOW, '0.1.5').result).not.toBeNull();
    expect(loadNanobot(bad, 'k', NOW, '0.1.5.post1')).toMatchObject({ result: null, startsEmpty: 'no-repair' });
  });

  it('uses now when no record ever set a time', () => {
    const r = loadNanobot(file('{"_type": "metadata", "key": "k", "metadata": {"a": 1}}', '{bad'), 'k', NOW, 'v0.2');
    expect(r.result!.createdAt).toBe(NOW);
  });
});

/** The repair pass keeps what an earlier metadata record set when a later one's time is bad or absent. */
import { describe, expect, it } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';

const NOW = '2031-07-08T09:10:11.121314';
const file = (...lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');

describe('repair pass times', () => {
  for (const version of NANOBOT_VERSIONS) {
    it(`keeps earlier times at ${version}`, () => {
      const bytes = file(
        '{"_type": "metadata", "key": "k", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}',
        '{"role": "user", "content": "hi"}',
        '{"_type": "metadata", "key": "k", "created_at": "", "updated_at": "not a time", "metadata": {}, "last_consolidated": 0}',
        '{broken',
      );
      const r = loadNanobot(bytes, 'k', NOW, version);
      expect(r.path).toBe('repair');
      expect(r.result!.createdAt).toBe('2024-05-01T09:00:00');
      expect(r.result!.updatedAt).toBe('2024-05-01T10:00:00');
    });
  }

  it('uses now when no record ever set a time', () => {
    const r = loadNanobot(file('{"_type": "metadata", "key": "k", "metadata": {"a": 1}}', '{bad'), 'k', NOW, 'v0.2');
    expect(r.result!.createdAt).toBe(NOW);
  });
});

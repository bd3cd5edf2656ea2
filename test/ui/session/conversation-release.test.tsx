// @vitest-environment happy-dom
// The Conversation's marker at 0.2.1, where nanobot slices with the stored last_consolidated unchecked:
// a "3" makes every replay raise TypeError (golden-0.2.1), a -3 starts the replay three from the end.
import { afterEach, describe, expect, it } from 'vitest';
import { openFromBytes } from '../../open-bytes';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { enc, jsonl, meta, mount, NOW, unmount, waitFor, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const open = (lc: unknown, version: '0.2.1' | '0.2.2') => {
  const bytes = enc(jsonl([{ ...meta({}), last_consolidated: lc }, ...[0, 1, 2, 3, 4].map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))]));
  const path = 'sessions/cli_direct.jsonl';
  return openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
};
const marker = async (lc: unknown, version: '0.2.1' | '0.2.2') => {
  el = await mount(<ConversationTab source={wholeHost(open(lc, version)).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
  await waitFor(() => !!el!.querySelector('.sl-marker'));
  const text = el.querySelector('.sl-marker')!.textContent!;
  await unmount(el);
  el = null;
  return text;
};

describe('the Conversation’s last_consolidated marker at 0.2.1', () => {
  it('says a stored "3" is not checked and makes every replay raise TypeError; 0.2.2 resets it', async () => {
    const at021 = await marker('3', '0.2.1');
    expect(at021).toContain('nanobot 0.2.1 does not check it');
    expect(at021).toContain('every replay raises TypeError');
    expect(at021).not.toContain('resets it to 0');
    expect(await marker('3', '0.2.2')).toContain('resets it to 0');
  });
  it('puts a stored -3 where the slice starts, saying it is not checked', async () => {
    const text = await marker(-3, '0.2.1');
    expect(text).toContain('last_consolidated = 2');
    expect(text).toContain('replay starts where Python’s slice starts');
  });
});

/**
 * The second demo: nanobot's config folder (~/.nanobot) as nanobot main leaves it. Sessions live in
 * the namespace sessions/<workspace id>/ (with `.workspace` and `.session-files.lock`) under
 * base64url(key) names; the workspace itself keeps only .nanobot/workspace-id. One session holds a
 * provider_state record (line 2) and runtime-context suffixes; one is longer than 2,000 messages.
 */
import { call, clock, conversation, fileText, metadataLine } from './demo-lib.mjs';

/** The workspace id: 32 lowercase hex digits (main keeps it in <workspace>/.nanobot/workspace-id). */
export const NAMESPACE = '3f1c9a7e52d84b06a1e7c4d290b5f8e3';
const WORKSPACE_PATH = '/home/ana/.nanobot/workspace';
const NS = `sessions/${NAMESPACE}`;

/** main's file stem: base64url of the key's UTF-8 bytes, without `=` padding. */
const stem = (key) => Buffer.from(key, 'utf8').toString('base64url');

const TAG = '[Runtime Context — metadata only, not instructions]';
const END = '[/Runtime Context]';

/** A user message as main's agent loop saves it: the suffix appended after "\n\n", and its marker. */
function withRuntimeContext(text, lines, sources = ['clock']) {
  const suffix = `${TAG}\n${lines.join('\n')}\n${END}`;
  return { role: 'user', content: `${text}\n\n${suffix}`, _runtime_context: { version: 1, sources, suffix } };
}

/** The workspace's demo files; `inline` ones are written into the manifest, not served. */
export function mainDemo() {
  const files = [];
  const add = (name, text, about, inline = false) => files.push({ name, text, about, ...(inline ? { inline } : {}) });
  add('sessions/.workspace-migration.lock', '', "main's lock on creating a session store (in the sessions root).", true);
  add(`${NS}/.workspace`, `${WORKSPACE_PATH}\n`, 'The workspace this namespace belongs to.', true);
  add(`${NS}/.session-files.lock`, '', "main's lock on every store operation in this namespace.", true);
  add('workspace/.nanobot/workspace-id', `${NAMESPACE}\n`, "The workspace's id: its sessions are in sessions/<id>/.", true);
  cliSession(add);
  longSession(add);
  heartbeat(add);
  return {
    id: 'main',
    dir: 'nanobot-main',
    nanobot: 'main',
    name: 'Demo nanobot main',
    about: `nanobot main's config folder (~/.nanobot): the namespace sessions/${NAMESPACE}/ of ${WORKSPACE_PATH}, base64url file names.`,
    files,
  };
}

// A coding session: a provider_state record (line 2), runtime-context suffixes, tool calls.
function cliSession(add) {
  const tick = clock('2026-08-21T09:12:40');
  const created = tick(0);
  const msgs = conversation(tick, [
    withRuntimeContext('The nightly export writes an empty CSV since Tuesday. Can you check exports/nightly.py?', [
      'Current Time: 2026-08-21 09:12 (Friday) (UTC)',
      'Channel: cli',
      'Chat ID: direct',
    ]),
    { role: 'assistant', content: '', tool_calls: [call('call_nx0001', 'read_file', { path: 'exports/nightly.py' })] },
    {
      role: 'tool',
      tool_call_id: 'call_nx0001',
      name: 'read_file',
      content: 'def run(day):\n    rows = db.orders(since=day, until=day)\n    write_csv(f"exports/{day}.csv", rows)\n',
    },
    { role: 'assistant', content: 'The query asks for orders since and until the same instant. Let me check what changed on Tuesday.', tool_calls: [call('call_nx0002', 'exec', { command: 'git log -1 --format=%s -- exports/nightly.py' })] },
    { role: 'tool', tool_call_id: 'call_nx0002', name: 'exec', content: 'Use dates instead of day ranges in exports' },
    {
      role: 'assistant',
      content: 'Tuesday\'s commit passes the same date as `since` and `until`, so the range is empty. It should end at the next day.',
      reasoning_content: 'since == until gives an empty half-open range; until must be day + 1.',
      wait: 8,
    },
    withRuntimeContext('Fix it and run the export once for yesterday.', ['Current Time: 2026-08-21 09:15 (Friday) (UTC)', 'Channel: cli', 'Chat ID: direct']),
    {
      role: 'assistant',
      content: '',
      tool_calls: [call('call_nx0003', 'edit_file', { path: 'exports/nightly.py', old_text: 'until=day)', new_text: 'until=day + timedelta(days=1))' })],
    },
    { role: 'tool', tool_call_id: 'call_nx0003', name: 'edit_file', content: 'Successfully edited exports/nightly.py' },
    { role: 'assistant', content: '', tool_calls: [call('call_nx0004', 'exec', { command: 'python -m exports.nightly 2026-08-20' })] },
    { role: 'tool', tool_call_id: 'call_nx0004', name: 'exec', content: 'wrote 1284 rows to exports/2026-08-20.csv' },
    { role: 'assistant', content: 'Fixed: the range now ends at the next day. Yesterday\'s export has 1,284 rows.' },
  ]);
  const meta = metadataLine('cli:direct', created, msgs[msgs.length - 1].timestamp, { title: 'Empty nightly export' });
  const state = {
    _type: 'provider_state',
    state: {
      kind: 'responses',
      provider: 'openai',
      model: 'gpt-5',
      version: 1,
      payload: { previous_response_id: 'resp_68a6e1c2d4f08193a5b7', items: [{ type: 'reasoning', id: 'rs_68a6e1c9', encrypted_content: 'gAAAAABopuHJ-demo-only' }] },
      pending_messages: [],
    },
  };
  add(`${NS}/${stem('cli:direct')}.jsonl`, fileText([meta, state, ...msgs]), 'A provider_state record as line 2, user messages with a runtime-context suffix and its _runtime_context marker, tool calls.');
}

// A long habit log: more than 2,000 short messages, twice a day, all but the last 4 archived.
function longSession(add) {
  const tick = clock('2025-03-12T07:30:00');
  const created = tick(0);
  const msgs = [];
  for (let n = 1; msgs.length < 2104; n++) {
    msgs.push(
      ...conversation(tick, [
        { role: 'user', content: `Log ${n}: ${20 + (n % 15)} push-ups, ${1 + (n % 4)} km run.`, wait: n === 1 ? 0 : 3600 * 12 },
        { role: 'assistant', content: `Logged. ${n} entries so far.` },
      ]),
    );
  }
  const lc = msgs.length - 4;
  const meta = metadataLine(
    'telegram:4242',
    created,
    msgs[msgs.length - 1].timestamp,
    { title: 'Habit log', _last_summary: { text: 'Ana logs push-ups and runs twice a day and has not missed one since March 2025.', last_active: msgs[lc - 1].timestamp } },
    lc,
  );
  add(`${NS}/${stem('telegram:4242')}.jsonl`, fileText([meta, ...msgs]), `A long session: ${msgs.length} messages, last_consolidated ${lc} (main replays the last 8 again).`);
}

function heartbeat(add) {
  const tick = clock('2026-08-21T06:00:00');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Read HEARTBEAT.md in your workspace and follow any instructions there. If nothing needs attention, reply HEARTBEAT_OK.' },
    { role: 'assistant', content: 'HEARTBEAT_OK' },
  ]);
  add(`${NS}/${stem('heartbeat')}.jsonl`, fileText([metadataLine('heartbeat', created, msgs[1].timestamp), ...msgs]), 'The internal heartbeat key, named aGVhcnRiZWF0.jsonl.');
}


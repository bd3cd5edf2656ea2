#!/usr/bin/env node
/**
 * Writes the demo workspaces the app seeds into OPFS ("Try the demo") to public/demo/: realistic
 * nanobot sessions in nanobot's exact on-disk format, plus a few broken files that show what the
 * app can diagnose. Two workspaces: a nanobot v0.2 workspace (sessions/, safe_key names) and a
 * config folder laid out like nanobot main (demo-main.mjs). Deterministic: run it again and the
 * output is byte-identical.
 *   node scripts/make-demo.mjs [outDir]      (default public/demo)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, clock, conversation, dumps, fileText, metadataLine } from './demo-lib.mjs';
import { mainDemo } from './demo-main.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'public', 'demo'));

const files = [];
const add = (name, text, about) => files.push({ name, text, about });

// 1. A coding session: tool chains (parallel calls), reasoning_content, a command row.
{
  const tick = clock('2026-06-02T09:14:03');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'The upload test in tests/test_upload.py fails about one run in five. Can you find out why?' },
    {
      role: 'assistant',
      content: '',
      reasoning_content: 'A flaky test: read it first, then run it repeatedly to see the failure.',
      tool_calls: [call('call_7f1a2c', 'read_file', { path: 'tests/test_upload.py' })],
    },
    {
      role: 'tool',
      tool_call_id: 'call_7f1a2c',
      name: 'read_file',
      content:
        'import asyncio\nfrom app.upload import Uploader\n\n\nasync def test_upload_finishes(tmp_path):\n    up = Uploader(tmp_path)\n    task = asyncio.create_task(up.send(b"x" * 1024))\n    await asyncio.sleep(0.1)\n    assert up.done\n    await task\n',
    },
    {
      role: 'assistant',
      content: 'Let me run it a few times and look at how `done` is set.',
      tool_calls: [
        call('call_8b3d41', 'exec', { command: 'pytest tests/test_upload.py -q --count=20' }),
        call('call_8b3d42', 'grep', { pattern: 'self.done', path: 'app/upload.py' }),
      ],
    },
    {
      role: 'tool',
      tool_call_id: 'call_8b3d41',
      name: 'exec',
      content: '....F.....F.........\nFAILED tests/test_upload.py::test_upload_finishes - assert False\n2 failed, 18 passed in 4.31s',
    },
    { role: 'tool', tool_call_id: 'call_8b3d42', name: 'grep', content: 'app/upload.py:41:        self.done = True  # set after the final chunk is flushed' },
    {
      role: 'assistant',
      content:
        'Found it. The test sleeps a fixed 0.1 s and then asserts `up.done`, but `done` is only set after the final chunk is flushed (app/upload.py:41). On a busy machine the flush takes longer than 0.1 s, so the assertion runs too early — 2 of 20 runs failed here.\n\nThe fix is to await the task before asserting instead of sleeping.',
      reasoning_content: 'Race between the fixed sleep and the flush; awaiting the task removes it.',
      wait: 9,
    },
    { role: 'user', content: 'Makes sense. Please make the fix and run it again.', wait: 40 },
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        call('call_9c0e11', 'edit_file', {
          path: 'tests/test_upload.py',
          old_text: '    await asyncio.sleep(0.1)\n    assert up.done\n    await task\n',
          new_text: '    await task\n    assert up.done\n',
        }),
      ],
    },
    { role: 'tool', tool_call_id: 'call_9c0e11', name: 'edit_file', content: 'Successfully edited tests/test_upload.py' },
    { role: 'assistant', content: '', tool_calls: [call('call_9c0e12', 'exec', { command: 'pytest tests/test_upload.py -q --count=50' })] },
    { role: 'tool', tool_call_id: 'call_9c0e12', name: 'exec', content: '..................................................\n50 passed in 9.87s' },
    { role: 'assistant', content: 'Fixed: the test now awaits the upload task before checking `done`. 50 runs in a row pass.', latency_ms: 2140 },
    { role: 'user', content: '/status', _command: true, wait: 20 },
    {
      role: 'assistant',
      content: 'nanobot v0.2.1 · model anthropic/claude-sonnet-4 · session cli:direct · 13 messages · context 4,120 / 190,784 tokens',
      _command: true,
      wait: 1,
    },
  ]);
  const updated = msgs[msgs.length - 1].timestamp;
  const meta = metadataLine('cli:direct', created, updated, { title: 'Fix the flaky upload test' });
  add('sessions/cli_direct.jsonl', fileText([meta, ...msgs]), 'Tool chains with results (two calls in one turn), reasoning_content, a /status command row.');

  // 10. An interrupted save of the same session: the tmp holds a half-written newer copy.
  const full = fileText([metadataLine('cli:direct', created, tick(30), { title: 'Fix the flaky upload test' }), ...msgs]);
  add('sessions/cli_direct.jsonl.tmp', full.slice(0, Math.floor(full.length * 0.6)), 'Leftover of an interrupted save of cli_direct.jsonl (cut off mid-line).');
}

// 2. Telegram: a consolidated prefix, a media breadcrumb, a proactive delivery, a command row.
{
  const tick = clock('2026-05-29T18:02:11');
  const created = tick(0);
  const old = conversation(tick, [
    { role: 'user', content: 'I am going to Porto for the weekend. What should I not miss?', sender_id: '12345' },
    { role: 'assistant', content: 'Ribeira by the river, the Livraria Lello bookshop (book a slot online), a port-wine cellar in Vila Nova de Gaia and sunset at Jardim do Morro.' },
    { role: 'user', content: 'Book me a reminder for the train on Saturday morning.', sender_id: '12345', wait: 120 },
    { role: 'assistant', content: '', tool_calls: [call('call_c1r0n1', 'cron', { action: 'add', message: 'Train to Porto leaves 08:10 from Lisboa Santa Apolónia', at: '2026-05-30T07:00:00' })] },
    { role: 'tool', tool_call_id: 'call_c1r0n1', name: 'cron', content: "Created job 'train-reminder' (id: 3f9a1c20)" },
    { role: 'assistant', content: 'Done — I will remind you at 07:00 on Saturday.' },
  ]);
  const tick2 = clock('2026-05-30T07:00:00');
  const recent = conversation(tick2, [
    {
      role: 'assistant',
      content: 'Good morning! Reminder: your train to Porto leaves at 08:10 from Lisboa Santa Apolónia.',
      _channel_delivery: true,
      _cron_turn: true,
      cron_job_id: '3f9a1c20',
      cron_job_name: 'train-reminder',
      wait: 0,
    },
    { role: 'user', content: 'Thanks! Is it going to rain there today?', sender_id: '12345', wait: 600 },
    { role: 'assistant', content: '', tool_calls: [call('call_w3a7h1', 'web_search', { query: 'Porto weather today' })] },
    { role: 'tool', tool_call_id: 'call_w3a7h1', name: 'web_search', content: 'Porto, Portugal — Sat: 19 °C, light rain until 11:00, then sunny. Wind 14 km/h NW.' },
    { role: 'assistant', content: 'Light rain until about 11:00, then sunny and 19 °C. Take a light jacket for the morning.' },
    {
      role: 'user',
      content: 'What is this building?',
      media: ['/home/ana/.nanobot/media/telegram/AgACAgQAAxkBAAIBb2Zk.jpg'],
      sender_id: '12345',
      wait: 3600 * 4,
    },
    {
      role: 'assistant',
      content: 'That is the Clérigos Tower, an 18th-century baroque bell tower. You can climb its 240 steps for one of the best views over the city.',
    },
    { role: 'user', content: '/usage', _command: true, sender_id: '12345', wait: 60 },
    { role: 'assistant', content: 'This session: 14 messages, 3,904 prompt tokens in the last turn.', _command: true, wait: 1 },
  ]);
  const msgs = [...old, ...recent];
  const updated = msgs[msgs.length - 1].timestamp;
  const meta = metadataLine(
    'telegram:12345',
    created,
    updated,
    {
      title: 'Weekend trip to Porto',
      _last_summary: {
        text: 'Ana is visiting Porto for the weekend; suggested Ribeira, Livraria Lello, Gaia cellars, Jardim do Morro. A cron reminder for the 08:10 Saturday train was created (job 3f9a1c20).',
        last_active: old[old.length - 1].timestamp,
      },
    },
    old.length,
  );
  add('sessions/telegram_12345.jsonl', fileText([meta, ...msgs]), 'last_consolidated 6 (an archived prefix), a proactive _channel_delivery before a user turn, a photo (media), command rows.');
}

// 3. Slack thread: a subagent spawned, its result injected back, and summarised.
{
  const tick = clock('2026-05-31T14:20:45');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Can you compare the three cheapest Lisbon → Berlin flights for 14 June? No rush.', sender_id: 'U04ANA' },
    {
      role: 'assistant',
      content: 'I will look into it in the background and get back to you here.',
      tool_calls: [call('call_sp4wn1', 'spawn', { task: 'Find the three cheapest direct or one-stop flights Lisbon (LIS) to Berlin (BER) on 2026-06-14; list airline, times, price, baggage.', label: 'flights' })],
    },
    { role: 'tool', tool_call_id: 'call_sp4wn1', name: 'spawn', content: "Subagent [flights] started (id: a1b2c3d4). I'll notify you when it completes." },
    { role: 'assistant', content: 'Started a background search for flights. I will post the results in this thread.' },
    {
      role: 'user',
      content:
        "[Subagent 'flights' completed successfully]\n\nTask: Find the three cheapest direct or one-stop flights Lisbon (LIS) to Berlin (BER) on 2026-06-14; list airline, times, price, baggage.\n\nResult:\n1. easyJet U2 5242 — 06:10 → 10:35, direct, €74, cabin bag only\n2. Ryanair FR 1883 — 13:50 → 18:20, direct, €81, small bag only\n3. TAP TP 1338 via Frankfurt — 07:25 → 14:05, €129, 23 kg bag included\n\nSummarize this naturally for the user. Keep it brief (1-2 sentences). Do not mention technical details like \"subagent\" or task IDs.",
      injected_event: 'subagent_result',
      subagent_task_id: 'a1b2c3d4',
      wait: 95,
    },
    {
      role: 'assistant',
      content: 'Cheapest on 14 June: easyJet at 06:10 for €74 and Ryanair at 13:50 for €81 (both direct, hand luggage only). TAP via Frankfurt is €129 but includes a 23 kg bag.',
    },
    { role: 'user', content: 'Perfect, the Ryanair one works. Thanks!', sender_id: 'U04ANA', wait: 300 },
    { role: 'assistant', content: 'You are welcome — have a good trip!' },
  ]);
  const updated = msgs[msgs.length - 1].timestamp;
  const meta = metadataLine('slack:C024BE91L:1717162845.001900', created, updated, { title: 'Cheapest flights Lisbon → Berlin' });
  add('sessions/slack_C024BE91L_1717162845.001900.jsonl', fileText([meta, ...msgs]), 'A subagent spawned by a tool call; its result injected as a user turn (injected_event: subagent_result).');
}

// 4. WebUI session: cli_apps and mcp_presets breadcrumbs; assistant lines the replay sanitizer removes.
{
  const tick = clock('2026-06-01T20:45:10');
  const created = tick(0);
  const msgs = conversation(tick, [
    {
      role: 'user',
      content: '@ffmpeg turn intro.mov into a small looping gif',
      cli_apps: [{ name: 'FFmpeg', entry_point: 'ffmpeg' }],
      media: ['/home/ana/.nanobot/media/webui/intro.mov'],
    },
    {
      role: 'assistant',
      content: '',
      tool_calls: [call('call_ff0001', 'run_cli_app', { app: 'ffmpeg', args: ['-i', 'intro.mov', '-vf', 'fps=12,scale=480:-1', '-loop', '0', 'intro.gif'] })],
    },
    { role: 'tool', tool_call_id: 'call_ff0001', name: 'run_cli_app', content: 'exit 0\nOutput #0, gif, to \'intro.gif\': 480x270, 12 fps\nvideo:1843kB' },
    { role: 'assistant', content: 'Here is the looping gif (480 px wide, 12 fps, 1.8 MB).\n[image: /home/ana/.nanobot/workspace/intro.gif]' },
    { role: 'user', content: 'Now draw a cat astronaut as the title card. Use the github preset to open an issue about it too.', mcp_presets: [{ name: 'github', transport: 'stdio' }], wait: 90 },
    {
      role: 'assistant',
      content:
        '[Message Time: 2026-06-01T20:47:02]\nHere you go — a cat astronaut title card.\ngenerate_image(prompt="a cat astronaut floating over Earth, flat illustration")\n[image: /home/ana/.nanobot/media/generated/cat-astronaut.png]\nI also opened issue #42 "Add title card" in ana/intro-video.',
    },
  ]);
  const updated = msgs[msgs.length - 1].timestamp;
  const meta = metadataLine('websocket:7c9e6679-7425-40de-944b-e07fc1f90ae7', created, updated, {
    title: 'Intro video: gif + title card',
    title_user_edited: true,
    webui: { pinned: true },
  });
  add('sessions/websocket_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl', fileText([meta, ...msgs]), 'cli_apps and mcp_presets breadcrumbs; assistant text with a [Message Time] stamp, a generate_image(...) line and an [image: …] line that replay removes.');
}

// 5. Heartbeat: nanobot's internal periodic check-ins.
{
  const tick = clock('2026-06-02T06:00:00');
  const created = tick(0);
  const msgs = [];
  for (let i = 0; i < 3; i++) {
    msgs.push(
      ...conversation(tick, [
        { role: 'user', content: 'Read HEARTBEAT.md in your workspace and follow any instructions there. If nothing needs attention, reply HEARTBEAT_OK.', wait: i === 0 ? 0 : 1800 },
        { role: 'assistant', content: i === 1 ? 'The backup job from HEARTBEAT.md ran: 3 new files copied to /mnt/backup.' : 'HEARTBEAT_OK' },
      ]),
    );
  }
  const meta = metadataLine('heartbeat', created, msgs[msgs.length - 1].timestamp);
  add('sessions/heartbeat.jsonl', fileText([meta, ...msgs]), 'The internal heartbeat key (no channel), no title.');
}

// 6. A long session: 2,600 messages of daily stand-ups with tool calls; most of it archived.
{
  const tick = clock('2025-09-01T08:30:00');
  const created = tick(0);
  const msgs = [];
  const people = ['Rui', 'Marta', 'Joana', 'Tiago', 'Inês'];
  const topics = ['the billing migration', 'the Android release', 'flaky CI on main', 'the onboarding emails', 'the search index rebuild', 'customer #4821 escalation', 'the Q2 roadmap doc'];
  let n = 0;
  while (msgs.length < 2600) {
    const day = Math.floor(n / 3);
    const who = people[n % people.length];
    const topic = topics[(n * 7 + day) % topics.length];
    const stepWait = n % 3 === 0 ? 3600 * 20 : 1800;
    msgs.push(...conversation(tick, [{ role: 'user', content: `Stand-up note ${n + 1}: ${who} is blocked on ${topic}. Anything in the tracker?`, wait: stepWait }]));
    if (n % 2 === 0) {
      const id = `call_lg${String(n).padStart(5, '0')}`;
      msgs.push(
        ...conversation(tick, [
          { role: 'assistant', content: '', tool_calls: [call(id, 'web_fetch', { url: `https://tracker.example.com/search?q=${encodeURIComponent(topic)}` })] },
          { role: 'tool', tool_call_id: id, name: 'web_fetch', content: `3 open issues for "${topic}": #${1000 + n} (in review), #${1001 + n} (blocked), #${1002 + n} (new).` },
        ]),
      );
    }
    msgs.push(...conversation(tick, [{ role: 'assistant', content: `Noted for ${who}. ${topic[0].toUpperCase() + topic.slice(1)} has 3 open issues; #${1001 + n} is the blocker. I will bring it up in tomorrow's summary.` }]));
    n++;
  }
  const lc = msgs.length - 150;
  const firstKept = msgs[lc];
  const meta = metadataLine('telegram:88001', created, msgs[msgs.length - 1].timestamp, {
    title: 'Team stand-up log',
    _last_summary: { text: 'Daily stand-up notes since September: recurring blockers are the billing migration and flaky CI; issues are tracked in the team tracker.', last_active: firstKept.timestamp },
  }, lc);
  add('sessions/telegram_88001.jsonl', fileText([meta, ...msgs]), `A long session: ${msgs.length} messages, last_consolidated ${lc}.`);
}

// 7. A damaged file: a UTF-8 BOM before the metadata record, and a line cut off mid-write.
{
  const tick = clock('2026-05-20T11:00:00');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Summarise yesterday\'s #design channel for me.', sender_id: '30311' },
    { role: 'assistant', content: 'Three threads: the new colour tokens (approved), icon set v2 (needs a11y review), and moving the design review to Thursdays.' },
    { role: 'user', content: 'Who objected to Thursdays?', sender_id: '30311', wait: 200 },
    { role: 'assistant', content: 'Only Bruno — he has a standing call at that time and asked for 15:00 instead of 14:00.' },
    { role: 'user', content: 'OK, propose 15:00 then.', sender_id: '30311', wait: 100 },
    { role: 'assistant', content: 'Posted in #design: "Proposal: design review on Thursdays at 15:00 — thumbs up if that works."' },
  ]);
  const meta = metadataLine('discord:30311', created, msgs[msgs.length - 1].timestamp, { title: 'Design channel digest' });
  const lines = [meta, ...msgs].map((r) => dumps(r));
  lines[0] = '\uFEFF' + lines[0];
  const cut = lines[4];
  lines[4] = cut.slice(0, Math.floor(cut.length / 2));
  add('sessions/discord_30311.jsonl', lines.map((l) => l + '\n').join(''), 'Corrupt: a BOM before the metadata (nanobot loses the metadata) and a line cut off mid-write (skipped by the repair pass).');
}

// 8. A file nanobot loads as empty: a non-object line (a JSON array appended by a script).
{
  const tick = clock('2026-05-25T16:40:00');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Can you keep a shopping list for me? Milk, eggs, coffee.', sender_id: '4915550001' },
    { role: 'assistant', content: 'Shopping list: milk, eggs, coffee. Tell me when you want to add or remove something.' },
    { role: 'user', content: 'Add oat milk instead of milk.', sender_id: '4915550001', wait: 3000 },
    { role: 'assistant', content: 'Updated: oat milk, eggs, coffee.' },
  ]);
  const meta = metadataLine('whatsapp:4915550001', created, msgs[msgs.length - 1].timestamp, { title: 'Shopping list' });
  const lines = [meta, ...msgs].map((r) => dumps(r) + '\n');
  lines.splice(3, 0, dumps([{ role: 'user', content: 'bread' }]) + '\n');
  add('sessions/whatsapp_4915550001.jsonl', lines.join(''), 'nanobot loads nothing: a non-object line (a JSON array) raises AttributeError, so nanobot starts empty and its next save destroys the file.');
}

// 9. A key / file-name mismatch: the stored key belongs in another file.
{
  const tick = clock('2026-05-27T10:10:10');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Draft a polite reply declining the Friday meeting.' },
    { role: 'assistant', content: 'Hi Paul, thanks for the invitation. Unfortunately I cannot make it on Friday — could we find another slot next week? Best, Ana' },
  ]);
  const meta = metadataLine('email:ana@example.com', created, msgs[msgs.length - 1].timestamp, { title: 'Decline Friday meeting' });
  add('sessions/email_ana.jsonl', fileText([meta, ...msgs]), 'Key mismatch: it stores the key email:ana@example.com, whose file would be email_ana@example.com.jsonl.');
}

// 11. A dream session (an internal key with a date).
{
  const tick = clock('2026-06-01T03:00:00');
  const created = tick(0);
  const msgs = conversation(tick, [
    { role: 'user', content: 'Review recent sessions and update MEMORY.md with anything worth keeping long-term.' },
    { role: 'assistant', content: '', tool_calls: [call('call_dr3am1', 'edit_file', { path: 'memory/MEMORY.md', old_text: '## Travel\n', new_text: '## Travel\n- Prefers direct flights; fine with hand luggage only.\n' })] },
    { role: 'tool', tool_call_id: 'call_dr3am1', name: 'edit_file', content: 'Successfully edited memory/MEMORY.md' },
    { role: 'assistant', content: 'Added one travel preference to MEMORY.md.' },
  ]);
  const meta = metadataLine('dream:20260601-030000', created, msgs[msgs.length - 1].timestamp);
  add('sessions/dream_20260601-030000.jsonl', fileText([meta, ...msgs]), 'An internal dream:<stamp> key.');
}

const workspaces = [
  {
    id: 'v0.2',
    dir: '',
    nanobot: 'v0.2',
    name: 'Demo workspace',
    about: 'A nanobot v0.2 workspace: sessions/ with safe_key file names, clean and broken sessions.',
    files,
  },
  mainDemo(),
];

/** Served files are written under `<dir>/`; inline ones (dot-files such as locks, which static hosts often refuse) live in the manifest. */
const entry = (f) => (f.inline ? { path: f.name, text: f.text, about: f.about } : { path: f.name, bytes: Buffer.byteLength(f.text), about: f.about });

fs.rmSync(outDir, { recursive: true, force: true });
let written = 0;
for (const ws of workspaces) {
  for (const f of ws.files.filter((x) => !x.inline)) {
    const p = path.join(outDir, ws.dir, f.name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, f.text);
    written++;
  }
}
const manifest = { version: 2, workspaces: workspaces.map(({ files: fs_, ...ws }) => ({ ...ws, files: fs_.map(entry) })) };
fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`wrote ${written} files in ${workspaces.length} workspaces to ${path.relative(process.cwd(), outDir) || '.'}`);

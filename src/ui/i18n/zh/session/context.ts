/** Chinese: the session page's Context tab (the next request, memory). Part of the pages' catalog (../pages.ts). */
import type { PageText } from '../../en/pages';
import { groupDigits } from '../../numbers';

const words: Pick<PageText, 'context' | 'turn' | 'memory'> = {
  // ── context ──
  context: (() => {
    const n = groupDigits;
    const t: PageText['context'] = {
      heading: '上下文随时间的变化',
      caveat: (loop) =>
        `在上面的参数下（${loop ? '即 agent 循环的参数' : '不是 agent 循环的参数'}），nanobot 在每一轮用户消息时会发送的内容：会话截至那条消息的回放。文件只保存今天的 `,
      caveatEnd: (lastConsolidated) => `（${lastConsolidated}），不保存它在每一轮时的值，所以每一轮都使用今天的值（最多为那一轮的长度）。`,
      settings: '参数：',
      counting: '正在为每一轮计算 token…',
      failed: '无法加载 token 计数器，因此无法绘制图表。',
      noTurns: '这个会话中没有用户消息。',
      exactOnly: 'nanobot 在这个文件的某些轮次会抛出异常：这时只有逐轮回放才能得出结果，而这需要把每条消息都放进内存，这么大的文件不会被整体读入。命令行（npx session-lens replay）可以回放任意一轮。',
      slowPath: 'nanobot 在这个文件的某些轮次会抛出异常；每一轮都逐一回放过。',
      computed: (ms) => `计算用时 ${ms} 毫秒。`,
      redrawing: '正在按新参数重新绘制…',
      chart: {
        title: '每一轮用户消息时 nanobot 会发送的 token 数',
        desc: (turns, most, budget, windowStarts, lastConsolidated, consolidatedFrom) =>
          `共 ${n(turns)} 轮用户消息；发送最多的一次为 ${n(most)} 个 token` +
          (budget > 0 ? `，预算为 ${n(budget)}` : '，没有 token 预算') +
          (windowStarts ? `；条数窗口从第 ${windowStarts} 轮开始截断` : '') +
          (consolidatedFrom !== null ? `；last_consolidated（${lastConsolidated}）从第 ${consolidatedFrom} 轮起生效` : '') +
          '。下面的表格列出了每个值。',
        firstTurn: '第 1 轮',
        short: (v) => (v >= 1e8 ? `${+(v / 1e8).toFixed(1)}亿` : v >= 1e4 ? `${+(v / 1e4).toFixed(1)}万` : String(v)),
        lastTurn: (turns) => `第 ${n(turns)} 轮`,
        hint: '指向图表查看某一轮；点击打开截至那一轮的回放。',
        pointRaises: (turn, message) => `第 ${turn} 轮（消息 #${message}）：nanobot 在此抛出异常`,
        point: (turn, message, tokens, messages, windowCut, budgetCut) => {
          const cuts = [windowCut && '窗口截断', budgetCut && '预算截断'].filter(Boolean).join('、');
          return `第 ${turn} 轮（消息 #${message}）：${n(messages)} 条消息共 ${n(tokens)} 个 token${cuts ? `（${cuts}）` : ''}`;
        },
        sent: '发送的 token',
        budget: (budget) => `预算（${n(budget)}）`,
        budgetOff: (budget) => ` · 预算（${n(budget)}）远高于每一轮：未画出，以便看清曲线`,
        windowCuts: '条数窗口开始截断',
        consolidated: (lastConsolidated) => `last_consolidated（${lastConsolidated}）生效`,
      },
      table: {
        summary: (turns) => `图表数据表（${n(turns)} 轮用户消息）`,
        turn: '轮次',
        userMessage: '用户消息',
        tokens: '发送的 token',
        messages: '发送的消息',
        windowCuts: '窗口截断',
        budgetCuts: '预算截断',
        raises: 'nanobot 抛出异常',
        yes: '是',
        open: '打开截至此轮的回放',
      },
    };
    return t;
  })(),
  // ── large (files opened through the compact index) ──
  // ── 本轮：“上下文”标签页与工作区的“记忆”页 ──
  turn: {
    title: '下一次请求',
    lead: (version: string) => `${version} 的代理循环在下一轮会发送的内容：由 nanobot 自带的指令和工作区文件构成的系统提示词，然后是回放，然后是你的消息。词元数按 nanobot 的算法（cl100k）计算。`,
    message: '下一条消息',
    messageHint: '输入用户接下来要发送的内容；它的词元计入总数。',
    contextWindow: '上下文窗口（词元）',
    noWorkspace: '打开的文件夹中没有工作区文件：只计算 nanobot 自带的部分、回放和消息。打开工作区文件夹（包含 AGENTS.md 和 sessions/ 的那个）即可看到其文件。',
    loading: '正在计算词元…',
    part: '部分',
    source: '来源',
    tokens: '词元',
    parts: {
      identity: 'nanobot 自带的指令（身份）',
      bootstrap: '工作区文件',
      'tool-contract': 'nanobot 自带的指令（工具约定）',
      memory: '长期记忆',
      'active-skills': '常驻技能（整篇加载）',
      skills: '技能摘要',
      'recent-history': '近期历史（Dream 尚未处理的归档条目）',
      'session-summary': '会话摘要（_last_summary）',
      history: '历史（回放）',
      'current-message': '你的消息',
      'runtime-context': '运行时上下文',
    } as Record<string, string>,
    builtin: (n: number) => `其中 ${groupDigits(n)} 个是 nanobot 自己的文字：计入，不显示`,
    nanobotText: 'nanobot 自己的文字（不显示）',
    messages: (n: number) => `${groupDigits(n)} 条消息`,
    machine: '取决于运行 nanobot 的机器：',
    machineSlots: {
      runtime: '平台和 Python 版本',
      'workspace-path': '工作区的绝对路径',
      channel: '渠道',
      clock: '时钟',
      chat: '渠道、聊天和发送者 ID',
      'skill-requirements': '机器上有哪些技能所需的程序和环境变量',
      'runtime-providers': '运行时上下文提供者（CLI 应用、目标、技能提及、会话消息）',
      'file-order': '文件系统列出技能文件夹的顺序',
      'nanobot-install': 'nanobot 的安装位置（内置技能的路径；按 nanobot 自带安装方式计入）',
    } as Record<string, string>,
    notes: {
      'legacy-soul-replaced': '未改动的旧版 SOUL.md 模板：nanobot 改为发送当前模板',
      'pending-summary': 'nanobot 压缩这个空闲会话后保留的摘要；待用期间会随提示词发送，外加 nanobot 的框架文字与最后活跃时间',
      'explicit-skills': '你的消息用 $name 点名的技能，本轮整篇加载（main）',
      'builtin-skill-mentioned': '点名了内置技能：其文字属于 nanobot，不计入',
      'archive-raises': 'nanobot 读取此文件时抛出异常：这一轮会失败',
      'estimate-raises': 'nanobot 估算这里某条消息的词元时会抛出异常（文本块不是文本）：未计入',
      'truncated-chars': '被 nanobot 截断到 32,000 个字符（0.2.2 之前的上限）',
      truncated: '被 nanobot 截断到 8,000 个词元',
      'merged-into-last-user': '并入最后一条用户消息（不新增消息）',
      'builtin-skills': '包含 nanobot 的内置技能',
      'frontmatter-unsure': '某个技能的 frontmatter 不只是扁平的 key: value 行；计数可能有出入',
      'template-untouched-kept': '未改动的模板，此版本仍会发送',
      'no-blocks-without-providers': '除非有提供者添加内容块，否则没有',
    } as Record<string, string>,
    placement: {
      'prefixed-to-text': '放在你的文字之前；保存时会再次去掉',
      'appended-to-text': '附加在你的文字之后；保存时又会去掉',
      marker: '单独保存，带有标记',
      none: '除非有提供者添加内容块，否则没有',
    } as Record<string, string>,
    leftOut: '不起作用的文件',
    leftOutReason: {
      'template-untouched': 'nanobot 未改动的模板：被略去',
      blank: '只有空白：被略去',
      empty: '空文件：被略去',
      'not-read': '任何版本都不放进请求（TOOLS.md 没有任何 nanobot 读取；HEARTBEAT.md 只由其心跳任务读取）',
    } as Record<string, string>,
    ofWindow: (pct: string) => `（占上下文窗口的 ${pct}%）`,
    // 合计即 nanobot 对整个请求的估算，以及此处无法得知的部分（issue 41）。
    total: (n: number, spread: number | null) =>
      spread === 0 ? `合计 ${groupDigits(n)} 个词元（与 nanobot 对整个请求的估算一致）` : spread === null ? `合计 ≈ ${groupDigits(n)} 个词元` : `合计 ${groupDigits(n)} ± ${groupDigits(spread)} 个词元`,
    unknownLead: '此处无法得知，按其范围的中间值计入：',
    unknownSlots: {
      runtime: '平台行（nanobot 所在机器的系统、架构与 Python 版本）',
      clock: '时钟（Current Time 一行）',
      'workspace-path': '工作区的绝对路径',
      channel: '渠道（会话键未注明）',
      join: 'nanobot 自带文本与其余部分的衔接处',
      'recent-history-cut': '近期历史的末尾（nanobot 按上限截断并加上标记）',
      'summary-time': '摘要的最后活跃时间',
      'builtin-skill': '消息点名的内置技能（其文本属于 nanobot）',
      'estimate-fails': 'nanobot 对此请求的估算失败（含特殊词元或非文本块）',
    } as Record<string, string>,
    unknownSize: (tokens: number, spread: number | null) => (spread === null ? `${groupDigits(tokens)} 个词元，无上限` : `${groupDigits(tokens)} ± ${groupDigits(spread)} 个词元`),
    workspacePath: 'nanobot 机器上的工作区路径',
    workspacePathHint: 'nanobot 会把工作区的绝对路径写进它的指令。按工作区记住。',
    workspacePathAsk: '这个工作区在 nanobot 的机器上位于何处？在你给出绝对路径之前，以文件夹名代替计入。',
    standIn: (shown: string | null, counted: boolean) =>
      [shown && `未针对此版本测量：nanobot 自带文本按 ${shown} 的数据计数，总数可能与此版本的实际值不同。`, !counted && '此版本的 nanobot 从不计算请求的词元数：总数是 Session Lens 按 0.1.4.post5 最初的方式对消息内容的计数。'].filter(Boolean).join(''),
    raises: (type: string, message: string) => `nanobot 读取 memory/history.jsonl 时抛出 ${type}（${message}）：在修好那一行之前，这一轮会失败。`,
    historyRaises: (type: string, message: string) => `nanobot 抛出 ${type}: ${message}。get_history 失败，agent 无法为这个会话构建提示词。`,
    showText: '显示文字',
    traces: '保存时改动了什么',
    tracesLead: 'nanobot 保存的并不完全是模型看到的内容。以下消息带有这些痕迹：',
    noTraces: '此文件中没有保存改动留下的痕迹。',
    trace: {
      'runtime-context-stripped': '模型在这段文字之后还看到了一个运行时上下文块（时间、渠道）；保存时去掉了它，之后的轮次看不到。',
      'runtime-context-kept': '模型在这段文字之后看到了运行时上下文块；文件用标记保留了它们，之后的轮次会重放。',
      'tool-result-truncated': '模型看到的是完整结果；保存时截断到 max_tool_result_chars，之后的轮次只看到截断后的文字。',
      'image-placeholder': '模型在这里看到了一张图片；文件只保留占位文字，之后的轮次也只看到它。',
      'tool-result-omitted': '这个结果的所有内容块都在保存时被丢弃；之后的轮次看到的是 nanobot 的占位文字。',
      'reply-missing': '这一轮之前没有回复：空回复在保存时被跳过，或那一轮没有完成。',
      'tool-result-missing': '这里的某个工具调用在文件中没有结果：保存时作为未知调用被丢弃，或那一轮中途停止。',
    } as Record<string, string>,
    messageN: (n: number) => `第 ${groupDigits(n)} 条消息`,
    archive: '此会话的归档条目',
    archiveLead: (lc: number) => `last_consolidated 以下的 ${groupDigits(lc)} 条消息已被总结进 memory/history.jsonl。此会话的条目：`,
    noArchive: 'memory/history.jsonl 中没有此会话的条目。',
    processed: '已被 Dream 处理',
    unprocessed: '尚未被 Dream 处理：会出现在下一次提示词中',
    toArchive: '此会话的归档条目',
  },
  memory: {
    title: '记忆',
    lead: '工作区的记忆文件，只读，按 nanobot 的方式读取。',
    none: '此文件夹中没有记忆文件（memory/MEMORY.md、memory/history.jsonl）。请打开工作区文件夹本身。',
    noMemoryMd: '没有 memory/MEMORY.md。',
    entries: (n: number, latest: number) => `${groupDigits(n)} 个有效条目，最新游标 ${groupDigits(latest)}`,
    dream: (cursor: number, file: boolean, pending: number) => `Dream 游标 ${groupDigits(cursor)}${file ? '' : '（没有 memory/.dream_cursor）'}；${groupDigits(pending)} 个条目尚未处理`,
    session: '会话',
    cursor: '游标',
    time: '时间',
    content: '摘要',
    noKey: '（没有会话键）',
    health: { ok: '健康', warn: '有内容被丢弃', error: 'nanobot 读取时会抛出异常' } as Record<string, string>,
    issue: {
      'unparsable-line': (i: { line?: number }) => `history.jsonl 第 ${i.line} 行：不是 JSON，已跳过。`,
      'non-object-line': (i: { line?: number; raises?: boolean }) => `history.jsonl 第 ${i.line} 行：是 JSON 但不是对象：${i.raises ? 'nanobot 读取归档时会抛出异常。' : '已跳过。'}`,
      'no-cursor': (i: { line?: number }) => `history.jsonl 第 ${i.line} 行：没有游标，已跳过。`,
      'invalid-cursor': (i: { line?: number; value?: string }) => `history.jsonl 第 ${i.line} 行：无效游标 ${i.value}，已丢弃。`,
      'malformed-entry': (i: { line?: number; cursor?: number }) => `history.jsonl 第 ${i.line} 行：游标 ${i.cursor} 处的条目格式错误，已丢弃。`,
      'dream-cursor-unreadable': () => 'memory/.dream_cursor 不是数字：nanobot 把它当作 0，所有条目都算未处理。',
      'dream-cursor-ahead': (i: { cursor?: number; latest?: number }) => `memory/.dream_cursor（${i.cursor}）超过了最后一个条目（${i.latest}）：在游标追上之前，较新的条目对 Dream 不可见。`,
      'legacy-history-pending': () => 'memory/HISTORY.md 存在但没有 history.jsonl：nanobot 下次启动时会迁移它。',
    } as Record<string, (i: { line?: number; raises?: boolean; value?: string; cursor?: number; latest?: number }) => string>,
  },
};

export default words;

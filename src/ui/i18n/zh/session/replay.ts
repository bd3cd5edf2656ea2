/** Chinese: the session page's Replay tab. Part of the pages' catalog (../pages.ts). */
import type { PageText } from '../../en/pages';
import { groupDigits as g } from '../../numbers';

const words: Pick<PageText, 'replay'> = {
  // ── replay ──
  replay: (() => {
    const drop: Record<import('../../../../core/replay/replay').DropReason, string> = {
      consolidated: '已归档到记忆（低于 last_consolidated），不回放',
      window: '在 max_messages 窗口之外',
      'before-user': '在窗口内第一条用户消息之前',
      orphan: '孤立的工具结果：它的工具调用不在回放中',
      'before-orphan': '与后面的一条孤立工具结果一起被截掉',
      command: '命令消息（_command）：从不发送给模型',
      blank: '内容为空、且没有工具调用或推理内容的助手消息',
      budget: '超出 token 预算',
      'budget-cut': '放得进预算，但位于回放截断到的那条用户消息之前',
    };
    const changes: Record<import('../../../../core/replay/replay').Change, string> = {
      sanitized: '已清理',
      breadcrumbs: '已添加面包屑',
      timestamp: '已添加时间戳',
      'public-view': '已移除运行时上下文（公开视图）',
      archived: '已归档，但仍回放',
    };
    const t: PageText['replay'] = {
      heading: '回放：nanobot 发送给模型的内容',
      recoveredBanner: 'nanobot 从这个文件中什么也加载不到，所以也不回放任何内容。这里显示的是修复之后，恢复出的消息会回放什么。',
      asOf: (userMessage, upto, total, lastConsolidated) =>
        `截至用户消息 #${userMessage} 的会话：共 ${total} 条消息中的前 ${upto} 条，使用今天的 last_consolidated（${lastConsolidated}）；它在那一轮时的值没有记录在文件中。`,
      showWhole: '显示整个会话',
      exportLink: '将此回放导出为 Markdown、HTML 或 JSON（密钥已遮盖）…',
      recomputed: (ms) => `重新计算用时 ${ms} 毫秒。`,
      computing: '正在计算回放…',
      failed: (why) => `无法计算回放：${why}`,
      loadingChart: '正在加载上下文图表…',
      kept: '回放给模型',
      dropReason: (reason, tail) =>
        reason === 'consolidated' && tail ? `已归档到记忆（低于 last_consolidated），且早于最后 ${tail} 条消息：不回放` : drop[reason],
      change: (change, tail) => (change === 'archived' ? `已归档，但仍回放：在最后 ${tail} 条之内` : changes[change]),
      runs: {
        window: '条在窗口之外',
        consolidated: '条已归档（低于 last_consolidated）',
        budget: '条超出 token 预算',
        'budget-cut': '条随预算一起截掉（在其用户消息之前）',
        'before-user': '条在第一条用户消息之前',
        'before-orphan': '条在一条孤立的工具结果之前',
        blank: '条空消息',
        command: '条命令消息',
        orphan: '条孤立的工具结果',
        other: (key) => `条未发送（${key}）`,
      },
      controls: {
        legend: (label) => `get_history 参数（${label}）`,
        windowHint: '最近消息的窗口',
        noWindow: '0 表示没有条数窗口：只有 token 预算限制回放',
        nonPositive: (max) => `在这个版本的 nanobot 中，0 或更小表示 ${g(max)}`,
        budget: 'max_tokens（预算）',
        defaultBudget: 'nanobot 默认：190,784（200k 上下文窗口，8,192 输出）',
        windowBudget: (window, budget) => `${window} 上下文窗口 → ${g(budget)}`,
        noBudget: '0：没有 token 预算',
        custom: '自定义…',
        generation: '生成用 max_tokens',
        budgetIs: (formula) => `预算 = ${formula}`,
        defaultFormula: (formula) => `预算 = ${formula}（上下文窗口 − 生成用 max_tokens − 1,024）`,
        budgetFloor: (raw, floor) => `${raw} ≤ 0，因此取 ${floor}`,
        customBudget: '自定义 max_tokens',
        timestampsHint: 'agent 循环会打开它：用户消息前加上“[Message Time: …]”',
        runtimeHint: 'agent 循环会回放它；关闭即 WebUI 和命令显示的公开视图',
        extendHint: '子 agent 的后续调用使用它：窗口内没有用户消息时，向前延伸到一条用户消息',
        atLoop: (label) => `这些正是 ${label} 的 agent 循环使用的参数。`,
        notLoop: '不是 agent 循环使用的参数。',
        reset: '恢复为 agent 循环的参数',
      },
      summary: {
        raises: 'nanobot 抛出 ',
        raisesOn: '，出错位置：',
        message: (k) => `消息 #${k}`,
        raisesThen: '。get_history 失败，agent 无法为这个会话构建提示词。',
        sends: 'nanobot 发送 ',
        nothing: '零条消息',
        afterRepair: (sent, total) => `：它从这个文件中什么也加载不到。修复之后，它会发送 ${g(sent)} 条消息（共 ${g(total)} 条）`,
        sent: (sent) => `${g(sent)} 条消息`,
        of: (total) => `（共 ${g(total)} 条）`,
        tokens: (tokens) => `${g(tokens)} 个 token`,
        ofBudget: (budget) => `，预算 ${g(budget)} 个 token`,
        noBudget: '（没有预算）',
        meter: '已用 token 占预算的比例',
        over: '超出预算：nanobot 总会保留最后一轮用户消息，即使它本身就超出了预算。',
        tokenizerFailed: '无法加载分词器：不计算 token 估计，也不应用预算。',
        counting: (percent) => `正在计算 token… ${percent}`,
        budgetLater: '（计数完成后才应用预算）',
        perFate: '每种去向的消息数',
        fateCount: (count, fate) => `${g(count)} 条：${fate}`,
        budgetCut: 'nanobot 从最新的消息往回走，直到预算用满，然后把放得进去的部分截到从一条用户消息开始（并再次确保开头合法），所以有些放得进预算的消息也被去掉了。',
        whyTitle: (window, label) => `为什么这不只是${window === null ? '整个文件' : ` messages[-${window}:]`}（${label}）`,
        why: (plainStart, first, lastConsolidated, label, tail) =>
          `${plainStart === null ? '没有条数窗口时，直接读取会发送每一条消息' : `直接切片会从消息 #${g(plainStart)} 开始`}` +
          `${first !== null ? `；nanobot 从 #${g(first)} 开始` : '；nanobot 什么也不发送'}。回放从已归档的前缀之后开始（last_consolidated = ${lastConsolidated}` +
          `${tail ? `，但 ${label} 会再次回放最后 ${tail} 条消息，即使它们已归档，并向前移到一条用户消息` : ''}），从一条用户消息开始，开头绝不是调用已被截掉的工具结果（提供方会拒绝），去掉命令消息和空的助手回复，最后再适配 token 预算。`,
        archivedAgain: (count, tail) => `${g(count)} 条已归档的消息被再次回放：它们在最后 ${tail} 条之内。`,
        noStamps: (label) => `${label} 不添加“[Message Time: …]”前缀（它的 get_history 没有 include_timestamps 参数）。`,
        stamped: (count) =>
          `include_timestamps 在 ${g(count)} 条用户消息前加上了“[Message Time: …]”——只加在用户消息上：模型会模仿自己过去的回复，助手消息上的时间戳会混进它的回答里。`,
        stampsOff: 'include_timestamps 已关闭：没有“[Message Time: …]”前缀（agent 循环会打开它，只用于用户消息）。',
        runtimeKept: '用户消息保留其运行时上下文后缀（agent 循环发送的内容）；关闭后，公开视图会移除它及其标记。',
        runtimePublic: '公开视图：每个运行时上下文后缀及其 _runtime_context 标记都被移除，与 WebUI 显示的历史一致。',
        lcChecked: '加载文件时会检查 last_consolidated 的范围：不是 0 到消息条数之间整数的值会被重置为 0，所以损坏的偏移量无法隐藏历史。',
      },
      list: {
        label: '每条消息的去向',
        noRole: '无角色',
        keptEntry: (entry) => `保留（第 ${entry} 项）`,
        dropped: (reason) => `未发送：${reason}`,
        tokens: (tokens) => `${g(tokens)} 个 token`,
        raisesHere: 'nanobot 在此抛出异常',
        line: (line) => `第 ${line} 行`,
        entry: '条目',
        hideEntry: '隐藏条目',
        noText: '（无文本）',
        showRun: '展开',
        foldRun: '折叠',
      },
      strip: {
        runs: '去向相同的连续消息',
        more: (more) => `… 另有 ${g(more)} 段`,
        run: (from, to, fate) => `消息 ${from}–${to}：${fate}`,
        andMore: (more) => `；另有 ${g(more)} 段`,
        label: (runs) => `每条消息的去向：${runs}`,
      },
      copy: {
        copy: '复制历史为 JSON',
        download: '下载 JSON',
        copied: (messages, chars) => `已将 ${g(messages)} 条消息复制为 JSON（${g(chars)} 个字符）。`,
        noClipboard: '这里无法使用剪贴板：请选中下面的文本手动复制。',
        fallback: 'JSON 格式的历史',
      },
    };
    return t;
  })(),
};

export default words;

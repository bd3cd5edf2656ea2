/** 简体中文，第二部分：首次使用时加载的页面（会话页及其标签页、指南、健康、遗留文件、升级）的文字。键与 en/pages.ts 完全相同。 */
import type { PageText } from '../en/pages';

const pages: PageText = {
  // ── guide ──
  guide: {},
  // ── health ──
  health: {},
  // ── leftovers ──
  leftovers: {},
  // ── upgrade ──
  upgrade: {},

  // ── session (page, header, tabs) ──
  session: {},
  // ── conversation ──
  conversation: {},
  // ── find ──
  find: {},
  // ── markdown ──
  markdown: {},
  // ── file ──
  file: {},
  // ── export ──
  export: {},

  // ── replay ──
  replay: (() => {
    const n = (x: number) => String(x).replace(/\B(?=(\d{3})+$)/g, ',');
    const drop: Record<import('../../../core/replay').DropReason, string> = {
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
    const changes: Record<import('../../../core/replay').Change, string> = {
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
        nonPositive: (max) => `在这个版本的 nanobot 中，0 或更小表示 ${n(max)}`,
        budget: 'max_tokens（预算）',
        defaultBudget: 'nanobot 默认：190,784（200k 上下文窗口，8,192 输出）',
        windowBudget: (window, budget) => `${window} 上下文窗口 → ${n(budget)}`,
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
        afterRepair: (sent, total) => `：它从这个文件中什么也加载不到。修复之后，它会发送 ${n(sent)} 条消息（共 ${n(total)} 条）`,
        sent: (sent) => `${n(sent)} 条消息`,
        of: (total) => `（共 ${n(total)} 条）`,
        tokens: (tokens) => `${n(tokens)} 个 token`,
        ofBudget: (budget) => `，预算 ${n(budget)} 个 token`,
        noBudget: '（没有预算）',
        meter: '已用 token 占预算的比例',
        over: '超出预算：nanobot 总会保留最后一轮用户消息，即使它本身就超出了预算。',
        tokenizerFailed: '无法加载分词器：不计算 token 估计，也不应用预算。',
        counting: (percent) => `正在计算 token… ${percent}`,
        budgetLater: '（计数完成后才应用预算）',
        perFate: '每种去向的消息数',
        fateCount: (count, fate) => `${n(count)} 条：${fate}`,
        budgetCut: 'nanobot 从最新的消息往回走，直到预算用满，然后把放得进去的部分截到从一条用户消息开始（并再次确保开头合法），所以有些放得进预算的消息也被去掉了。',
        whyTitle: (window, label) => `为什么这不只是${window === null ? '整个文件' : ` messages[-${window}:]`}（${label}）`,
        why: (plainStart, first, lastConsolidated, label, tail) =>
          `${plainStart === null ? '没有条数窗口时，直接读取会发送每一条消息' : `直接切片会从消息 #${n(plainStart)} 开始`}` +
          `${first !== null ? `；nanobot 从 #${n(first)} 开始` : '；nanobot 什么也不发送'}。回放从已归档的前缀之后开始（last_consolidated = ${lastConsolidated}` +
          `${tail ? `，但 ${label} 会再次回放最后 ${tail} 条消息，即使它们已归档，并向前移到一条用户消息` : ''}），从一条用户消息开始，开头绝不是调用已被截掉的工具结果（提供方会拒绝），去掉命令消息和空的助手回复，最后再适配 token 预算。`,
        archivedAgain: (count, tail) => `${n(count)} 条已归档的消息被再次回放：它们在最后 ${tail} 条之内。`,
        noStamps: (label) => `${label} 不添加“[Message Time: …]”前缀（它的 get_history 没有 include_timestamps 参数）。`,
        stamped: (count) =>
          `include_timestamps 在 ${n(count)} 条用户消息前加上了“[Message Time: …]”——只加在用户消息上：模型会模仿自己过去的回复，助手消息上的时间戳会混进它的回答里。`,
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
        tokens: (tokens) => `${n(tokens)} 个 token`,
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
        more: (more) => `… 另有 ${n(more)} 段`,
        run: (from, to, fate) => `消息 ${from}–${to}：${fate}`,
        andMore: (more) => `；另有 ${n(more)} 段`,
        label: (runs) => `每条消息的去向：${runs}`,
      },
      copy: {
        copy: '复制历史为 JSON',
        download: '下载 JSON',
        copied: (messages, chars) => `已将 ${n(messages)} 条消息复制为 JSON（${n(chars)} 个字符）。`,
        noClipboard: '这里无法使用剪贴板：请选中下面的文本手动复制。',
        fallback: 'JSON 格式的历史',
      },
    };
    return t;
  })(),
  // ── context ──
  context: (() => {
    const n = (x: number) => String(x).replace(/\B(?=(\d{3})+$)/g, ',');
    const t: PageText['context'] = {
      heading: '上下文随时间的变化',
      caveat: (loop) =>
        `在上面的参数下（${loop ? '即 agent 循环的参数' : '不是 agent 循环的参数'}），nanobot 在每一轮用户消息时会发送的内容：会话截至那条消息的回放。文件只保存今天的 `,
      caveatEnd: (lastConsolidated) => `（${lastConsolidated}），不保存它在每一轮时的值，所以每一轮都使用今天的值（最多为那一轮的长度）。`,
      settings: '参数：',
      counting: '正在为每一轮计算 token…',
      failed: '无法加载 token 计数器，因此无法绘制图表。',
      noTurns: '这个会话中没有用户消息。',
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
        lastTurn: (turns) => `第 ${n(turns)} 轮`,
        hint: '指向图表查看某一轮；点击打开截至那一轮的回放。',
        pointRaises: (turn, message) => `第 ${turn} 轮（消息 #${message}）：nanobot 在此抛出异常`,
        point: (turn, message, tokens, messages, windowCut, budgetCut) => {
          const cuts = [windowCut && '窗口截断', budgetCut && '预算截断'].filter(Boolean).join('、');
          return `第 ${turn} 轮（消息 #${message}）：${n(messages)} 条消息共 ${n(tokens)} 个 token${cuts ? `（${cuts}）` : ''}`;
        },
        sent: '发送的 token',
        budget: (budget) => `预算（${n(budget)}）`,
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
  // ── edit ──
  edit: (() => {
    const n = (x: number) => String(x).replace(/\B(?=(\d{3})+$)/g, ',');
    const t: PageText['edit'] = {
      heading: '编辑',
      private: '这些文件保存在本浏览器自己的存储中：没有任何 nanobot 读写它们，可以随意编辑（开始页上的“重置演示”会把它们恢复原样）。',
      stopFirst: '请先停止 nanobot。',
      stopWhy: '正在运行的 nanobot 网关会把这个会话保存在内存中，并在每一轮之后和关闭时（flush_all）再次保存，这会覆盖在这里做的编辑。',
      ownerOnly: '在这里保存会使文件只对你可见',
      ownerOnlyWhy:
        '（权限 0600：浏览器的保存会替换文件，而 Chromium 给新文件只有所有者可访问的权限）。如果 nanobot 以另一个用户身份运行，之后它就无法再读取这个会话；可以用',
      ownerOnlyEnd: ' 重新授予它访问权限。',
      atomic:
        '保存方式与 nanobot 相同：新的字节先写入一个 .tmp 文件，再一步替换会话文件（os.replace：读取者看到的要么是旧文件，要么是新文件，绝不会是各一半）；如果文件在读取之后被改动过，保存会被拒绝；你没有编辑的行保持原有字节不变。',
      fsync: 'fsync（分叉会使用）是另一项保证：在崩溃或断电之前，字节已经写到磁盘上。',
      noFsync: '网页没有 fsync（nanobot 的分叉会使用它）：系统会在它自己的时机把字节写到磁盘。',
      readOnly: '这个会话以只读方式打开：每项编辑都以下载编辑后文件的形式提供；磁盘上的内容不会改变。',
      reloaded: '已从磁盘重新加载。',
      fileCap: (messages, label, cap, everySave, kept, archived) =>
        `这个会话有 ${n(messages)} 条消息，超过了 ${label} 的上限 ${n(cap)} 条：${everySave ? '它下一次保存这个会话时（一轮对话之后、关闭时或分叉时）' : '它的下一轮 agent 对话'}会只保留最后 ${n(kept)} 条，并把 ${n(archived)} 条从未归档的消息交给它的记忆归档。`,
      wouldRaise: (exception) => `nanobot 会抛出 ${exception}`,
      card: {
        preview: '预览',
        previewLead: '预览：',
        confirm: (action) => `确定，${action}`,
        backup: '先备份文件，就像修复时那样（放在它旁边，文件名为 …jsonl.<时间>.bak：nanobot 从不列出它）',
        working: '处理中…',
        conflict: '未保存：文件在读取之后在磁盘上被改动过。',
        notSaved: (message) => `未保存：${message}`,
        conflictNote: '没有覆盖任何内容。正在运行的 nanobot 网关会重新保存它缓存的会话（关闭时也会），这是发生这种情况的一种原因。',
        reload: '从磁盘重新加载',
      },
      diff: {
        none: '没有行发生变化。',
        totals: (removed, added, rewritten) =>
          `${[removed && `删除 ${n(removed)} 行`, added && `新增 ${n(added)} 行`, rewritten && `改写 ${n(rewritten)} 行`].filter(Boolean).join('，')}；其余每一行都保持原有字节。`,
        label: '受影响的行',
        removed: '删除',
        added: '新增',
        rewritten: '改写',
        line: (line) => ` 第 ${line} 行`,
        newLine: (line) => ` 新的第 ${line} 行`,
        becomes: (line) => `（变为第 ${line} 行）`,
        more: (more) => `… 另有 ${n(more)} 处`,
      },
      saved: (file, bytes, backup) => `已保存 ${file}（${n(bytes)} 字节）。${backup ? `之前的文件已备份到 ${backup}。` : ''}`,
      downloaded: (file) => `已下载编辑后的 ${file}。磁盘上的文件没有改变：请在 nanobot 停止时自行替换它。`,
      title: {
        title: '标题',
        label: '标题',
        save: '保存标题',
        download: '下载带此标题的文件',
        summary: (title) => `标题改为“${title}”（标记为由你编辑，所以 nanobot 会保留它）。`,
      },
      append: {
        title: '添加一条消息',
        role: '角色',
        content: '内容',
        save: '添加消息',
        download: '下载带此消息的文件',
        summary: (role) => `在末尾添加一条 ${role} 消息。`,
      },
      consolidated: {
        label: (total) => `last_consolidated（0 到 ${total}）`,
        hint: (current, total) => `当前为 ${current}：前 ${current} 条消息已归档到记忆。nanobot 会把 0–${total} 之外的任何值重置为 0，所以这个边界永远不会隐藏全部历史。`,
        note: (archived, replayable) =>
          `${n(archived)} 条已归档（不回放）· ${n(replayable)} 条可回放。在这里归档不会向 nanobot 的记忆写入任何内容：你标记为已归档的消息会离开回放，且没有摘要。`,
        save: '保存 last_consolidated',
        download: '下载带此边界的文件',
        summary: (archived, total) =>
          `${archived === 0 ? '没有消息' : archived === 1 ? '消息 1 ' : `消息 1–${archived} `}算作已归档到记忆；回放从它们之后开始（剩余 ${n(total - archived)} 条可回放）。`,
        error: (total) => `last_consolidated 必须是 0 到 ${total} 之间的整数；nanobot 会把其他任何值重置为 0。`,
      },
      trim: {
        title: '裁剪为合法后缀',
        label: '保留的消息数（max）',
        placeholder: (total) => `1 到 ${total}`,
        hint: '不是简单切片：nanobot 保留最近的、可以合法回放的部分。0 会清空会话。',
        extendHint: '向前延伸到一条用户消息，而不是在一轮对话中间截断',
        notWhole: '请输入要保留的消息数（整数）。',
        goes: (first, last, all) =>
          `将被删除的消息：#${n(first)}${last > first ? `–${n(last)}` : ''}${all !== last - first + 1 ? `（共 ${n(all)} 条）` : ''}。保留的部分从一条用户消息开始，开头绝不是孤立的工具结果。`,
        unarchived: (count) =>
          `${n(count)} 条消息从未归档到记忆。nanobot 裁剪时（enforce_file_cap）会把这样的消息交给它的记忆归档；Session Lens 不会，所以它们会直接消失——如果你可能还需要它们，请先下载一份副本。`,
        confirm: (dropped, unarchived) => `这会从文件中删除 ${n(dropped)} 条消息${unarchived ? `，其中 ${n(unarchived)} 条从未归档` : ''}。`,
        save: '裁剪',
        download: '下载裁剪后的文件',
        summary: (dropped, total, archived, unarchived, kept) =>
          `删除 ${n(total)} 条消息中的 ${n(dropped)} 条（${n(archived)} 条已归档，${n(unarchived)} 条从未归档），保留 ${n(kept)} 条。`,
      },
      fork: {
        title: '在某轮用户消息之前分叉',
        noTurn: '这个会话没有可以在其之前分叉的用户消息。',
        preview: '预览分叉',
        turn: (max) => `在第几轮用户消息之前分叉（1 到 ${max}）`,
        turnIs: (turn, message) => `第 ${turn} 轮是消息 #${n(message)}：`,
        noText: '（无文本）',
        afterLast: '在最后一轮之后：复制全部消息',
        key: '新会话的键',
        file: '文件：',
        needKey: '请为新会话输入一个键。',
        ownKey: '分叉需要一个自己的键。',
        keyCannot: (reason) => `这个键无法用作文件名：${reason}`,
        badName: (name, reason) => `这个键得到的文件名“${name}”不可用：${reason}。`,
        pickTurn: (max) => `请选择 1 到 ${max} 之间的一轮用户消息。`,
        noSuchTurn: '没有这一轮用户消息。',
        summary: (name, messages, turn, lastConsolidated) =>
          `写入 ${name}，包含第 ${turn} 轮用户消息之前的 ${n(messages)} 条消息（last_consolidated ${lastConsolidated}）。源文件不会改变。`,
        notCarried: '未带过去（它们属于源会话的对话线索）：',
        save: '写入分叉',
        download: '下载分叉',
        downloaded: (name) => `已下载 ${name}。把它放进 sessions 文件夹即可使用。`,
        wrote: (path, fsync) => `已写入 ${path}${fsync ? '（已用 fsync 保存，与 nanobot 的分叉相同）' : '（网页无法 fsync：系统会在它自己的时机写到磁盘，与浏览器的任何保存一样）'}。`,
      },
      removeLine: {
        title: '删除损坏行或空行',
        label: '行',
        option: (line) => `第 ${line} 行：`,
        blank: '（空行）',
        confirm: (line) => `第 ${line} 行将从文件中消失。`,
        save: '删除此行',
        download: '下载删除此行后的文件',
        summary: (line) => `删除第 ${line} 行。`,
      },
      repair: {
        title: '修复',
        backupNote: '会先在当前文件旁边写一份备份，文件名以 .bak 结尾（nanobot 从不列出它）。',
        downloadNote: '下载修复后的文件；原文件保持不变。',
        confirm: (removed) => `文件将被重写${removed ? `，去掉 ${n(removed)} 行损坏行或空行` : ''}。`,
        save: '修复（先备份）',
        download: '下载修复后的文件',
        nothing: '无需修复：文件已经是 nanobot 写出的格式。',
        explain: '按 nanobot 的写法重写文件：一条元数据记录，然后每条可读的消息一行；无法读取的行会被去掉（并保留在备份中）。',
        preview: '预览修复',
        summary: (messages, mergedMetadata, removed) =>
          `在一条元数据记录下写入 ${n(messages)} 条消息${mergedMetadata > 0 ? `（合并了 ${n(mergedMetadata)} 条多余的元数据记录）` : ''}，去掉 ${n(removed)} 行损坏行或空行（保留在备份中）。`,
      },
      clear: {
        title: '清空所有消息',
        confirm: (messages) => `将从文件中删除全部 ${n(messages)} 条消息。`,
        save: '清空',
        download: '下载清空后的文件',
        explain: 'nanobot 的 clear()：删除每一条消息，last_consolidated 变为 0，忘掉记忆摘要（_last_summary）；损坏的行保留。',
        preview: '预览清空',
        summary: (messages) => `${messages === 1 ? '删除唯一的一条消息' : `删除全部 ${n(messages)} 条消息`}；元数据记录保留。`,
      },
      remove: {
        title: '删除会话文件',
        alsoRemoves: (label) => `${label} 自己的 delete_session 还会删除 `,
        alsoRemovesEnd: '（如果存在）；Session Lens 只删除这个文件。',
        summary: (path) => `删除 ${path}。之后 nanobot 下次使用这个会话时会从空会话开始。`,
        confirm: (file, messages) => `${file} 及其 ${n(messages)} 条消息将被删除。没有备份就无法撤销。`,
        save: '删除文件',
        deleted: (path, backup) => `已删除 ${path}。${backup ? `它的最后一个版本已备份到 ${backup}。` : ''}`,
        needsWrite: '删除需要对文件夹有写权限（这个会话是以只读方式打开的）。',
      },
    };
    return t;
  })(),

  // ── large (files opened through the compact index) ──
  large: {},
};

export default pages;

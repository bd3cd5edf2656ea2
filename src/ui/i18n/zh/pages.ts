/** 简体中文，第二部分：首次使用时加载的页面（会话页及其标签页、指南、健康、遗留文件、升级）的文字。键与 en/pages.ts 完全相同。 */
import type { PageText } from '../en/pages';
import { groupDigits } from '../numbers';

const pages: PageText = {
  // ── guide ──
  guide: {
    title: 'nanobot 如何保存会话',
    lead: '一个会话就是一段对话，对应一个键，例如 `telegram:12345` 或 `cli:direct`。nanobot 把每个会话保存在一个 JSON Lines 文件中，即 `<workspace>/sessions/<safe_key>.jsonl`：每行一个 JSON 对象。',
    sections: [
      {
        id: 'g-meta',
        h: '第 1 行：元数据记录',
        p: '第一行是 `{"_type": "metadata", "key", "created_at", "updated_at", "metadata", "last_consolidated"}`；之后的每一行都是一条消息（`role`、`content`、`timestamp`、工具调用…）。把会话级状态单独放在第一行，nanobot 列出会话时只需读取每个文件的开头（键、标题和时间）以及一小段预览，而不必解析成千上万条消息。这也是文件名不能决定归属的原因：`safe_key` 会丢失信息（`a:b_c` 和 `a_b:c` 共用一个文件），所以存储的键才是真正的键。**会话**列表的构建方式与 nanobot 完全相同；第一行不是元数据记录的文件不会出现在 nanobot 的列表中（徽章“不在 nanobot 的列表中”），而存储的键本应属于另一个文件时，会显示“键 ≠ 文件名”。',
      },
      {
        id: 'g-replay',
        h: '回放不是 `messages[-120:]`',
        p: 'nanobot 发回给模型的是 `get_history()` 的结果：它从已归档的前缀（`last_consolidated`）之后开始，取最近消息的一个窗口，把窗口裁剪到以用户轮次开头（保留紧挨在它之前的一条主动推送），跳过调用不在窗口内的工具结果（提供商会拒绝孤立的工具结果），丢弃命令行和空的助手轮次，从助手文本中去掉泄漏的时间戳和图片行，为用户轮次加上媒体和附件的提示，最后适配 token 预算，并再次裁剪到用户轮次。简单的切片可能以工具结果开头，或者从一个轮次的中间开始。会话的**回放**标签页会显示每条消息的去向及原因。',
      },
      {
        id: 'g-time',
        h: '只有用户轮次带时间戳',
        p: '开启 `include_timestamps` 时，nanobot 会在用户消息前加上 `[Message Time: …]`，但从不给助手消息加。模型会模仿自己以往回复的格式：如果它早先的轮次带有时间戳，它就会开始在新回复中写时间戳，把内部元数据泄露给用户。用户轮次上的一个时间戳，已足以为紧随其后的回复提供上下文；而且清理程序会去掉确实泄漏到助手文本中的时间戳（见演示中的 WebUI 会话）。',
      },
      {
        id: 'g-save',
        h: '保存：os.replace 与 fsync',
        p: 'nanobot 先把整个会话写入 `<name>.jsonl.tmp`，再用 `os.replace()` 把它替换到原文件上。重命名是原子的，所以读取者（或一次崩溃）看到的要么是旧文件，要么是新文件，绝不会是写了一半的文件；写入失败时会删除 tmp 文件并保留旧文件。`fsync` 解决的是另一个问题：持久性。没有它，断电时数据可能还停留在操作系统的缓存中；有了它（在关闭时以及分叉时），文件及其所在文件夹都会被刷写到磁盘。文件夹中残留的 `.jsonl.tmp` 是一次未完成的保存留下的痕迹：**遗留文件**页会列出它们，以及它们本来要替换的文件。',
      },
      {
        id: 'g-lc',
        h: 'last_consolidated 必须做范围检查',
        p: '`last_consolidated` 表示已经被总结进记忆的消息数；回放从这些消息之后开始。错误的值会隐藏历史（超出末尾的数字会隐藏所有消息），或者回放无意义的内容，所以 nanobot 只接受 0 到消息总数之间的整数，否则就把它重置为 0，从而再次回放已归档的消息。会话视图会标出归档前缀结束的位置；健康视图会标出超出范围的值。',
      },
      {
        id: 'g-broken',
        h: '损坏的文件',
        p: '当某一行无法解析时，nanobot 的修复流程会跳过它并保留其余内容；第 1 行的字节顺序标记（BOM）会导致元数据记录丢失。更糟的是，一行合法的 JSON 但不是对象（`[1]`、`null`），或者任何无效的 UTF-8，都会让 nanobot *什么也加载不到*：它会开始一个空会话，而下一次保存会替换整个文件。徽章“已损坏”和“nanobot 加载不到任何内容”来自对每个完整文件运行 nanobot 自己的加载规则；**健康**页会列出每个问题，并链接到对应的行。恢复并非没有风险：请保留原始文件（Session Lens 在修复前会写一份备份），并在编辑前停止 nanobot——运行中的 gateway 会在退出时重新保存它缓存的会话。',
      },
    ],
  },
  // ── health ──
  health: {
    title: '健康',
    summary: '概要',
    empty: ' 个文件 nanobot 会加载为空（并在下次保存时销毁）',
    damaged: ' 个文件已损坏（nanobot 加载时会修复，但会丢失行）',
    unlisted: ' 个文件不在 nanobot 的会话列表中',
    leftovers: '个中断保存的遗留文件',
    sortError: (error) => `nanobot 的会话列表在这个文件夹上整体出错：${error}。`,
    checking: (done, total) => `正在检查完整文件：已完成 ${groupDigits(done)} / ${groupDigits(total)}。`,
    tally: (bad, ok) => `${groupDigits(bad)} 个文件有问题，${groupDigits(ok)} 个文件正常。`,
    notes: '包括提示（空行、换行符——对 nanobot 无害）',
    noneYet: '到目前为止没有发现问题。',
    none: '没有问题：nanobot 能按原样读取每个文件。',
    fine: (n) => `${groupDigits(n)} 个没有问题的文件`,
    colon: '：',
    leftover: '遗留文件：',
    leftoverIs: ' 是此文件一次中断的保存留下的（见“遗留文件”）。',
    problemsIn: (file) => `${file} 中的问题`,
    wholeFile: '整个文件',
    line: (n, column) => `第 ${groupDigits(n)} 行${column ? `:${column}` : ''}`,
    sev: { error: '错误', warning: '警告', info: '提示' },
    message: (d) => {
      const m = typeof d?.message === 'string' ? d.message : '';
      const fixed: Record<string, string> = {
        'blank-line': '空行：nanobot 会跳过它（但它自己从不写空行）。',
        bom: '以字节顺序标记（U+FEFF）开头：nanobot 无法解析这一行，会丢失它。',
        'padded-line': '两端有 JSON 不允许的空白；nanobot 加载时会去掉它们。',
        'no-final-newline': '最后一行没有换行符：它可能在写入时被截断了。',
        'missing-metadata': '没有元数据记录：nanobot 从文件名取得键；它的会话列表不包含此文件，除非读取第 1 行失败（那里是无效的 JSON，或者前 8 KiB 中有非 UTF-8 字节：这时它会列出修复流程恢复的内容）。',
        'duplicate-metadata': '有不止一条元数据记录：nanobot 加载时使用最后一条，但它的列表显示第一条。',
        'missing-role': '消息缺少 "role"：nanobot 的回放处理到它时会抛出 KeyError。',
      };
      const kind = d?.kind ?? '';
      if (fixed[kind]) return fixed[kind]!;
      const at = (re: RegExp) => re.exec(m);
      let x: RegExpExecArray | null;
      switch (kind) {
        case 'invalid-utf8':
          if ((x = at(/^Not valid UTF-8 \(([\s\S]*)\): nanobot cannot read/))) return `不是有效的 UTF-8（${x[1]}）：nanobot 完全无法读取此文件，会开始一个空会话，并在下次保存时替换整个文件。`;
          break;
        case 'bad-json':
          if ((x = at(/^Not valid JSON: ([\s\S]*)$/))) return `不是有效的 JSON：${x[1]}`;
          break;
        case 'too-deep':
          if ((x = at(/^Nested too deeply for Python: ([\s\S]*)$/))) return `嵌套太深，Python 无法处理：${x[1]}`;
          break;
        case 'not-object':
          if ((x = at(/^A JSON (\w+), not an object/))) {
            const type: Record<string, string> = { array: '数组', number: '数字', string: '字符串', boolean: '布尔值', bigint: '数字' };
            return `JSON ${type[x[1]!] ?? x[1]}，不是对象：nanobot 会在它上面抛出 AttributeError，从此文件中什么也加载不到。`;
          }
          break;
        case 'line-ending':
          if ((x = at(/^Line endings ([\s\S]*): nanobot reads them all/))) return `换行符 ${x[1]!.split(' and ').join(' 和 ')}：nanobot 都能读取，保存时写入 "\n"。`;
          break;
        case 'metadata-not-first':
          return m.includes('first line is blank')
            ? '元数据记录不在第 1 行：nanobot 不会列出第一行为空的文件。'
            : '元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行，因此不包含此文件，除非读取第 1 行失败（那里是无效的 JSON，或者前 8 KiB 中有非 UTF-8 字节：这时它会列出修复流程恢复的内容）。';
        case 'bad-time':
          if ((x = at(/^(\S+) is not an ISO date nanobot can read \(([\s\S]*)\): its strict load fails/))) return `${x[1]} 不是 nanobot 能读取的 ISO 日期（${x[2]}）：它的严格加载会失败，修复流程会用当前时间替换它。`;
          break;
        case 'bad-last-consolidated':
          if ((x = at(/^last_consolidated ([\s\S]*) is not a whole number between 0 and (\d+):/))) return `last_consolidated ${x[1]} 不是 0 到 ${x[2]} 之间的整数：nanobot 会把它重置为 0，并再次回放已归档的消息。`;
          break;
        case 'key-mismatch':
          if ((x = at(/^The stored key "([\s\S]*)" belongs in ([\s\S]+?), not ([\s\S]+?): nanobot loads this file under a different key, or never\.$/)))
            return `存储的键“${x[1]}”应当在 ${x[2]} 中，而不是 ${x[3]}：nanobot 会以另一个键加载此文件，或者根本不加载。`;
          break;
      }
      return m;
    },
    more: (n) => `…还有 ${groupDigits(n)} 个问题（打开文件视图查看全部）。`,
    compare: '在文件视图中对比两种视角',
    repair: '修复或编辑…',
    label: { listing: '列表', loading: '加载', notChecked: '未检查', pending: '等待中' },
    notInList: (reason) => `不在 nanobot 的会话列表中：${reason}。`,
    listRepaired: 'nanobot 的会话列表通过修复流程读取此文件（它开头的几行无法按原样读取），所以显示的是后备的时间和键。',
    tooBig: (mb) => `大于 ${mb} MB：在你打开它时再检查`,
    skipped: (why) => `${why}。`,
    pendingText: '正在检查整个文件…',
    loadsNothing: (error) => `nanobot 从此文件中加载不到任何内容（${error ?? '没有消息，也没有元数据'}）。它会开始一个空会话，而下一次保存会销毁整个文件。`,
    repairs: (error, messages, skipped) =>
      `nanobot 的严格加载失败（${error}）；它的修复流程恢复了 ${groupDigits(messages)} 条消息${skipped ? `，跳过了 ${groupDigits(skipped)} 行无法解析的内容` : ''}。它下一次保存只会写入恢复出来的内容。`,
    loads: (messages, archived) => `nanobot 加载 ${groupDigits(messages)} 条消息${archived ? `，其中 ${groupDigits(archived)} 条已归档（last_consolidated ${archived}）` : ''}。`,
  },
  // ── leftovers ──
  leftovers: {
    title: '中断保存的遗留文件',
    intro: 'nanobot 保存会话时，先写入 `<name>.jsonl.tmp`，再把它重命名覆盖原文件（`os.replace`），所以读取者永远不会看到写了一半的会话。如果程序在这两步之间停止，tmp 文件就会留下来；nanobot 不会列出它，下一次保存时会覆盖它。Chromium 也会以同样的方式留下 `.crswap` 文件。',
    readOnly: '这个工作区在这里是只读的：遗留文件可以查看，但不能删除。',
    none: '这个文件夹中没有遗留文件。',
    swap: '浏览器交换文件',
    tmp: '临时文件',
    stat: (size, when) => `${size}，修改于 ${when}。`,
    unknownTarget: '不知道它本来要替换哪个文件。',
    newSession: (target) => `它本来要成为 ${target}，但该文件不存在：一个新会话的保存被中断了。`,
    sameTime: '，而且写入时间与那个文件的最后一次修改相同（就磁盘时钟所能判断的而言）',
    afterOrBefore: (after) => `，而且写入时间${after ? '晚于' : '早于'}那个文件的最后一次修改`,
    damagedTarget: (target) => `这次保存没有动过 ${target}（原子保存只在新副本完整后才替换它），但 ${target} 本身已损坏：见“健康”。`,
    untouched: (target) => `这次保存没有动过 ${target}：原子保存只在新副本完整后才替换它。`,
    replaces: (target, size, when, state) => `它本来要替换 ${target}（${size}）${when}。${state}`,
    contents: (lines, messages) => `${groupDigits(lines)} 行，${groupDigits(messages)} 条消息`,
    current: (n) => `（当前文件有 ${groupDigits(n)} 条消息）`,
    complete: '它以完整的一行结尾。',
    cut: '它被截断了：最后一行不完整，所以这次保存从未完成。',
    problems: (n) => `发现 ${groupDigits(n)} 个问题。`,
    firstLines: (name) => `${name} 的前几行`,
    inspect: '查看',
    remove: '删除…',
    ask: (name) => `从文件夹中删除 ${name}？此操作无法撤销。`,
    del: (name) => `删除 ${name}`,
    removed: (name) => `已删除 ${name}。`,
  },
  // ── upgrade ──
  upgrade: {
    title: '升级会带来什么变化',
    from: '从 ',
    inForce: '（当前生效）升级到 ',
    what: '：它的 agent 循环会为每个会话回放什么，以及哪些会话它将不再看到。不会写入任何内容。',
    target: '目标 nanobot 版本',
    reading: (n, total) => `正在读取 ${n} / ${total}… `,
    kind: { vanishes: '不再可见', appears: '新近可见', changes: '回放有变化', same: '回放相同' },
    tally: (n, kind) => `${n} 个${kind}`,
    note: (note) => {
      if (typeof note !== 'string') return '';
      const fixed: Record<string, string> = {
        'its name is not the base64url of a key: main never loads or lists it': '它的文件名不是某个键的 base64url：main 从不加载或列出它',
        'main moves it into its namespace, but its v0.2 name is not base64url: main never loads or lists it': 'main 会把它移进自己的命名空间，但它的 v0.2 文件名不是 base64url：main 从不加载或列出它',
        'moved into main’s namespace at start-up': '在启动时被移进 main 的命名空间',
        'nanobot loads nothing from it (its next save empties the file)': 'nanobot 从中加载不到任何内容（下一次保存会清空该文件）',
        'the file holds no record': '文件中没有任何记录',
      };
      if (fixed[note]) return fixed[note];
      const rules: [RegExp, (m: RegExpExecArray) => string][] = [
        [/^(.+) never looks in main's session namespace$/, (m) => `${m[1]} 从不查看 main 的会话命名空间`],
        [/^main's start-up raises (.+) on this file$/, (m) => `main 启动时在此文件上抛出 ${m[1]}`],
        [/^loading raises (.+)$/, (m) => `加载时抛出 ${m[1]}`],
        [/^main's start-up migration leaves it in the workspace \(([\s\S]+)\), where main never looks$/, (m) => `main 启动时的迁移把它留在工作区中（${pages.upgrade.note(m[1]!)}），而 main 从不查看那里`],
        [/^line (\d+) is not valid UTF-8$/, (m) => `第 ${m[1]} 行不是有效的 UTF-8`],
        [/^line (\d+) is not JSON \(([\s\S]+)\)$/, (m) => `第 ${m[1]} 行不是 JSON（${m[2]}）`],
        [/^line (\d+) is not a JSON object$/, (m) => `第 ${m[1]} 行不是 JSON 对象`],
        [/^line (\d+): updated_at is not an ISO time$/, (m) => `第 ${m[1]} 行：updated_at 不是 ISO 时间`],
      ];
      for (const [re, say] of rules) {
        const m = re.exec(note);
        if (m) return say(m);
      }
      return note;
    },
    vanishes: (to, note, from, n) => `${to} 将看不到它：${note}。${from} 目前会回放其中 ${groupDigits(n)} 条消息。`,
    appears: (to, from, note) => `${to} 能看到它（${from} 看不到：${note}）。`,
    tokens: (a, b) => `，${groupDigits(a)} → ${groupDigits(b)} 个 token`,
    raisesTo: (to, error) => `${to} 会抛出 ${error}。`,
    raisesFrom: (from, error) => `（${from} 会抛出 ${error}。）`,
    stop: '。',
    moves: (note) => `${note}。`,
    same: (n, rest) => `回放同样的 ${groupDigits(n)} 条消息${rest}`,
    changes: (a, b, added, lost, rest) => `回放的消息从 ${a} 条变为 ${groupDigits(b)} 条（+${added} / −${lost}）${rest}`,
  },

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

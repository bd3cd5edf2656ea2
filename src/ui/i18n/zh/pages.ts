/** 简体中文，第二部分：首次使用时加载的页面（会话页及其标签页、指南、健康、遗留文件、升级）的文字。键与 en/pages.ts 完全相同。 */
import type { PageText } from '../en/pages';
import type { Diagnostic } from '../../../core/lens/document';
import type { ContractProblem } from '../../../core/nanobot/metadata-contracts';
import type { MigrationStay } from '../../../core/nanobot/migration';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { groupDigits } from '../numbers';

const LISTED_ONLY_IF = '除非读取第 1 行失败（那里是无效的 JSON，或前 8 KiB 中有不是 UTF-8 的字节：此时它会列出修复流程恢复的内容）';
const JSON_TYPES = { array: '数组', null: 'null', number: '数字', string: '字符串', boolean: '布尔值' } as const;

/** 诊断的文字：由类型和值组成；句中引用的 Python 异常文本、值和文件名原样保留。 */
function diagnostic(d: Diagnostic): string {
  switch (d.kind) {
    case 'invalid-utf8':
      return `不是合法的 UTF-8（${d.values.error}；该行第 ${groupDigits(d.values.byte)} 个字节）：nanobot 完全无法读取这个文件，会新建一个空会话，并在下次保存时替换整个文件。`;
    case 'bom':
      return '以字节顺序标记（U+FEFF）开头：nanobot 无法解析这一行，这一行会丢失。';
    case 'bad-json':
      return `不是合法的 JSON：${d.values.error}`;
    case 'too-deep':
      return `嵌套过深，Python 无法解析：${d.values.error}`;
    case 'not-object':
      return `是 JSON ${JSON_TYPES[d.values.type]}，不是对象：nanobot 遇到它会抛出 AttributeError，这个文件一条也加载不了。`;
    case 'blank-line':
      return '空行：nanobot 会跳过它（但自己从不写空行）。';
    case 'padded-line':
      return '前后有 JSON 不允许的空白；nanobot 加载时会去掉。';
    case 'line-ending':
      return `换行符为 ${d.values.endings.join('、')}：nanobot 都能读取，保存时一律写成 "\\n"。`;
    case 'no-final-newline':
      return '最后一行没有换行符：它可能在写入时被截断了。';
    case 'missing-metadata':
      return `没有元数据记录：nanobot 从文件名得出键；它的会话列表不会列出这个文件，${LISTED_ONLY_IF}。`;
    case 'metadata-not-first':
      return d.values.blankFirst
        ? '元数据记录不在第 1 行：nanobot 不会列出第一行为空行的文件。'
        : `元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行，因此不会列出这个文件，${LISTED_ONLY_IF}。`;
    case 'duplicate-metadata':
      return '有多条元数据记录：nanobot 加载时使用最后一条，但它的列表显示第一条。';
    case 'bad-time':
      return `${d.values.field} 不是 nanobot 能读取的 ISO 日期（${d.values.error}）：严格加载会失败，修复流程会把它替换为当前时间。`;
    case 'bad-last-consolidated':
      return `last_consolidated ${d.values.value} 不是 0 到 ${groupDigits(d.values.max)} 之间的整数：nanobot 会把它重置为 0，并再次回放已归档的消息。`;
    case 'key-mismatch':
      return `存储的键 "${d.values.key}" 应当在 ${d.values.expected} 中，而不是 ${d.values.fileName}：nanobot 会以另一个键加载这个文件，或者根本不加载。`;
    case 'key-not-text':
      return `存储的键是 ${d.values.key}，不是文本：nanobot 的列表会显示它，但 nanobot 按文本键查找会话，所以没有任何途径能按这个键打开它。`;
    case 'missing-role':
      return '消息没有 "role"：nanobot 的回放遇到它时会抛出 KeyError。';
  }
}

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
    message: diagnostic,
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
    empty: '它是空的：这次保存在写入任何内容之前就中断了。',
    cut: '它被截断了：最后一行不完整，所以这次保存从未完成。',
    ownTmp: 'Session Lens 的保存，已中断',
    own: (started) => `Session Lens 于 ${started} 开始这次保存，页面在保存完成前被关闭或重新加载。`,
    ownEmpty: '它是空的：Session Lens 在保存完成之前把字节保存在浏览器的交换文件中，所以没有内容写入这个文件。其中没有需要的内容：可以删除。',
    ownCut: '它只包含保存被中断之前写入的那部分新文件：其中没有需要的内容，可以删除。',
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
    to: ' 升级到 ',
    inForceMark: ' · 当前生效',
    what: '：它的 agent 循环会为每个会话回放什么，以及哪些会话它将不再看到。不会写入任何内容。',
    source: '现在的 nanobot 版本',
    target: '目标 nanobot 版本',
    rulesChanged: (n) => `版本表中有 ${groupDigits(n)} 条规则不同`,
    noRulesChanged: '版本表中没有任何规则不同：两者的回答相同。',
    rule: (c) => {
      switch (c.row) {
        case 'atomicSave': return c.to ? '保存经由临时文件再重命名：中途停下的保存不会损坏文件。' : '保存直接改写文件：中途停下的保存会截断文件。';
        case 'loadFailure': return c.to === 'repair' ? '有坏行的文件在加载时被修复（跳过坏行），而不是被清空。' : '有坏行的文件加载为空会话，下次保存时会用它覆盖文件。';
        case 'metadataKey': return c.to ? '元数据行带有会话的键。' : '元数据行不带键。';
        case 'asciiEscapes': return c.to ? '非 ASCII 文字保存为 \\u 转义。' : '非 ASCII 文字按原样保存。';
        case 'sessionsHome': return c.to === 'namespace' ? '会话移入配置文件夹的命名空间（<config>/sessions/<id>/）。' : '会话保存在工作区的 sessions 文件夹中。';
        case 'fileStem': return c.to === 'base64url' ? '会话文件以键的 base64url 命名。' : '会话文件以键的 safe_key 命名。';
        case 'historyLog': return c.to === 'history.jsonl' ? '记忆的历史从 HISTORY.md 移到 history.jsonl（HISTORY.md 变为 HISTORY.md.bak）。' : '记忆的历史是 HISTORY.md。';
        case 'defaultContextWindow': return `默认上下文窗口为 ${groupDigits(c.to as number)} 个 token（原为 ${groupDigits(c.from as number)}）：回放的预算随之改变。`;
        default: return null;
      }
    },
    value: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
    reading: (n, total) => `正在读取 ${n} / ${total}… `,
    kind: { vanishes: '不再可见', appears: '新近可见', changes: '回放有变化', same: '回放相同' },
    tally: (n, kind) => `${n} 个${kind}`,
    note: (n) => {
      const stay = (x: MigrationStay) => {
        switch (x.code) {
          case 'not-utf8': return `第 ${x.line} 行不是有效的 UTF-8`;
          case 'not-json': return `第 ${x.line} 行不是 JSON（${x.error}）`;
          case 'not-object': return `第 ${x.line} 行不是 JSON 对象`;
          case 'bad-updated-at': return `第 ${x.line} 行：updated_at 不是 ISO 时间`;
          case 'no-timestamp': return `第 ${x.line} 行：updated_at 无法换算成时间戳（${x.error}）`;
          case 'no-record': return '文件中没有任何记录';
          case 'tmp-name-too-long': return `无法为它的副本创建临时文件（${x.error}）`;
        }
      };
      switch (n.code) {
        case 'not-in-namespace': return `${rulesOf(n.version).label} 从不查看 main 的会话命名空间`;
        case 'name-not-base64url': return '它的文件名不是某个键的 base64url：main 从不加载或列出它';
        case 'startup-raises': return `main 启动时在此文件上抛出 ${n.error}`;
        case 'left-in-workspace': return `main 启动时的迁移把它留在工作区中（${stay(n.stay)}），而 main 从不查看那里`;
        case 'moved-name-not-base64url': return 'main 会把它移进自己的命名空间，但它的 v0.2 文件名不是 base64url：main 从不加载或列出它';
        case 'moved-at-startup': return '在启动时被移进 main 的命名空间';
        case 'load-raises': return `加载时抛出 ${n.error}`;
        case 'loads-nothing': return 'nanobot 从中加载不到任何内容（下一次保存会清空该文件）';
      }
    },
    vanishes: (to, note, from, n) => `${to} 将看不到它：${note}。${from} 目前会回放其中 ${groupDigits(n)} 条消息。`,
    appears: (to, from, note) => `${to} 能看到它（${from} 看不到：${note}）。`,
    tokens: (a, b) => `，${groupDigits(a)} → ${groupDigits(b)} 个 token`,
    raisesTo: (to, error) => `${to} 会抛出 ${error}。`,
    raisesFrom: (from, error) => `（${from} 会抛出 ${error}。）`,
    listingRaises: (to, error) => `${to} 列出会话时在此文件上抛出 ${error}，侧栏因此不列出该文件夹的任何会话。`,
    stop: '。',
    moves: (note) => `${note}。`,
    same: (n, rest) => `回放同样的 ${groupDigits(n)} 条消息${rest}`,
    changes: (a, b, added, lost, rest) => `回放的消息从 ${a} 条变为 ${groupDigits(b)} 条（+${added} / −${lost}）${rest}`,
  },

  // ── session (page, header, tabs) ──
  session: (() => {
    const g = groupDigits;
    return {
      viewsFailed: (e: string) => `无法加载会话视图：${e}`,
      unreadable: (path: string, e: string) => `${path} 已无法读取：${e}`,
      readingWorkspace: '正在读取工作区…',
      missingTitle: '没有这个会话',
      missing: '{where}中没有键为 {key}{file} 的会话。它可能已被删除或重命名。',
      missingFile: '、文件名为 {name}',
      thisWorkspace: '此工作区',
      back: '返回会话列表',
      forkWritten: (path: string) => `分叉已写入 ${path}。`,
      openFork: '打开分叉',
      breadcrumb: '面包屑导航',
      opening: '正在打开 {name}…',
      noTitle: '（无标题）',
      exportOpen: '导出 / 分享…',
      facts: { key: '键', file: '文件', size: '大小', messages: '消息', rules: '规则版本', showing: '当前视角' },
      bytes: (n: number) => (n < 1024 ? `${n} 字节` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`),
      nanobotLoads: (n: number) => `（nanobot 加载 ${g(n)} 条）`,
      dismiss: '关闭',
      nothingStrong: 'nanobot 从这个文件中什么也加载不到',
      nothingSummary: '{strong}；它下次保存时会替换这个文件。',
      nothingBody: '{strong}（{error}）。它会为 {key} 新建一个空会话，而下次保存该会话时{lost}请修复它（“编辑”标签页），或者不要再让 nanobot 读写它。',
      nothingLost: (n: number) => `会替换整个文件——全部 ${g(n)} 条消息都会丢失。`,
      repairStrong: '修复流程',
      repairSummary: 'nanobot 对这个文件走的是{strong}。',
      repairLead: 'nanobot 的严格加载失败（{error}），因此它走{strong}',
      repairSkips: (n: number) => `，并跳过 ${g(n)} 行`,
      repairSkipsEnd: '。它下次保存时写出的文件将不含这些行。',
      repairNoSkip: '；它能读到每条消息，但会把无法读取的日期替换为当前时间。',
      listColon: '：',
      listSep: '、',
      line: (n: number) => `第 ${n} 行`,
      problems: (n: number, errors: number) => `发现 ${g(n)} 个问题${errors ? `（${g(errors)} 个错误）` : ''}——见“文件”标签页`,
      lens: {
        conversation: '恢复视角（文件的每一行）',
        replay: 'nanobot 视角（get_history 发送的内容）',
        file: '两种视角和原始行',
        edit: '恢复视角（编辑时未改动的行逐字节保留）',
        export: '存储的会话或 nanobot 的回放，离开本页前先脱敏',
        context: 'nanobot 视角：完整的下一次请求（系统提示词、回放、消息）',
      },
      updated: (size: number, time: string) => `已从磁盘更新：文件有变化（现为 ${g(size)} 字节，修改于 ${time}）；各视图显示的是新版本。`,
      tabs: { conversation: '对话', replay: '回放', context: '上下文', file: '文件', edit: '编辑', editDownload: '编辑（下载）', export: '导出' },
      tabsLabel: '会话视图',
      firstMessages: '开头的几条消息（其余部分仍在读取）',
      received: (done: number, total: number) => `解析器已送来 ${g(done)} / ${g(total)} 行…`,
      parsing: '正在解析整个文件…',
      fullViews: '完成后即可打开完整视图（回放、文件、编辑）。',
      firstMessage: (role: string) => `开头的消息：${role}`,
      noRole: '无 role',
      rawJson: '原始 JSON',
      hideRaw: (line: number) => `隐藏原始 JSON（第 ${line} 行）`,
      revealing: (shown: number, total: number) => `正在显示 ${g(shown)} / ${g(total)} 个字符…`,
      stop: '停止',
      showAll: (left: number) => `全部显示（还有 ${g(left)} 个字符）`,
      showMore: (n: number) => `再显示 ${g(n)} 个字符`,
      showLess: '收起',
    };
  })(),
  // ── conversation ──
  conversation: (() => {
    const g = groupDigits;
    return {
      heading: '对话',
      summary: (n: number) => `按存储共 ${g(n)} 条消息（恢复视角：保留每一行）`,
      corrupt: (n: number) => `${g(n)} 行已损坏`,
      orphans: (n: number) => `${g(n)} 个孤立的工具结果`,
      unanswered: (n: number) => `${g(n)} 个未得到回应的工具调用`,
      findTitle: '在此会话中查找（Ctrl+F / ⌘F）',
      find: '查找…',
      rawAll: '所有消息都显示原始文本（不做 Markdown 排版）',
      rawAllShort: '原始文本',
      noMessages: '这个文件中没有消息。',
      listLabel: '消息',
      messageLabel: (n: number, role: string) => `消息 ${n}，${role}`,
      position: (n: number, line: number) => `#${n} · 第 ${line} 行`,
      copyLinkTitle: '复制打开这条消息的链接',
      copyLink: '复制链接',
      linkCopied: (n: number) => `已复制消息 #${n} 的链接。`,
      linkIs: (n: number, url: string) => `消息 #${n} 的链接：${url}`,
      noContent: '（没有 content 键）',
      contentNull: '（content：null）',
      empty: '（空）',
      block: '块',
      typedBlock: (type: string) => `${type} 块`,
      reasoning: '推理过程',
      reasoningChars: (n: number) => `（${n} 个字符）`,
      thinkingBlocks: (n: number) => ` · ${n} 个思考块`,
      attachments: '附件（回放时以面包屑形式附加到文本后）',
      image: '图片：',
      cliApp: 'CLI 应用 @',
      mcpPreset: 'MCP 预设 @',
      unnamed: '（未命名）',
      notCall: '（不是工具调用对象）',
      internalKeys: '内部键',
      unknownKey: 'nanobot 未定义的键',
      flags: {
        _command: '斜杠命令行：在聊天中显示，从不回放给模型',
        _channel_delivery: '由 nanobot 自己投递到频道；若位于第一个用户轮次之前，回放会保留它',
        injected_event: '由 nanobot 注入（例如子代理的结果），不是人输入的',
        subagent_task_id: '属于某个子代理任务',
        sender_id: '在频道上发送它的人',
        _cron_turn: '由定时任务（cron）运行写入',
        cron_job_id: '运行的 cron 任务',
        cron_job_name: 'cron 任务的名称',
        cron_run_id: '这次 cron 运行',
        cron_prompt_ref: '它所来自的 cron 提示词',
        latency_ms: '模型回答所用的时间',
        source: '消息的来源',
        _runtime_context: '较新的 nanobot：说明 content 末尾存有运行时上下文后缀',
      },
      corruptLabel: (line: number) => `第 ${line} 行已损坏`,
      corruptTag: '损坏的行',
      line: (n: number) => `第 ${n} 行`,
      openInFile: '在“文件”标签页中打开',
      column: (n: number) => `（第 ${n} 列）`,
      provider: (line: number) => ` 第 ${line} 行：provider state 记录——不是消息，从不出现在预览或回放中；逐字节保留。`,
      marker: (archived: number, remain: number) => ` —— 上方 ${archived} 条消息已归档到记忆中，不再回放；回放从下方开始（剩余 ${remain} 条）。`,
      markerUnchecked: (raw: string, label: string, raises: boolean) =>
        ` 文件中的 last_consolidated 为 ${raw}：${label} 不检查它，直接用原值切片消息，` + (raises ? '因此每次回放都会抛出 TypeError。' : '回放从 Python 切片的起点开始。'),
      markerReset: (raw: string) => ` 文件中的 last_consolidated 为 ${raw}：nanobot 会检查其范围并重置为 0，因此损坏的偏移量绝不会藏起整个历史。`,
      markerRecovered: '（恢复视角：nanobot 从这个文件中什么也加载不到）',
      toolCalls: '工具调用',
      resultIn: (n: number) => `结果：消息 #${n}`,
      unansweredCall: '未得到回应的调用',
      noCallId: '没有 tool_call_id',
      orphanTitle: '回放会截掉孤立工具结果及其之前的全部内容',
      orphan: '孤立结果：之前没有这个 id 的调用',
      resultOf: '{name} 的结果 {call}',
      callIn: (n: number) => `调用位于消息 #${n}`,
    };
  })(),
  // ── find ──
  find: (() => {
    const g = groupDigits;
    return {
      label: '在此会话中查找',
      inputLabel: '在消息、工具调用和工具结果中查找',
      placeholder: '在此会话中查找',
      noMatches: '没有匹配项',
      searching: '查找中…',
      position: (at: number, total: number, more: boolean) => `第 ${g(at)} 个，共 ${g(total)}${more ? '+' : ''} 个`,
      previous: '上一个匹配',
      previousTitle: '上一个匹配（Shift+Enter）',
      next: '下一个匹配',
      nextTitle: '下一个匹配（Enter）',
      close: '关闭查找',
      closeTitle: '关闭（Escape）',
      jumpTo: '跳转到',
      messageNumber: '消息编号',
      line: '行',
      fileLine: '文件行号',
      go: '跳转',
      firstReplayed: '第一条回放的消息',
      latest: '最新',
      noMessage: (typed: string, total: number) => `没有消息 #${typed}：消息编号为 #1–${total}。`,
      noLine: (typed: string) => `第 ${typed} 行没有对应的消息或对话行。`,
      replaying: '正在按 agent loop 的设置回放…',
      noneSent: 'nanobot 的回放不会发送这个会话的任何消息。',
      replayFailed: (e: string) => `无法计算回放：${e}`,
    };
  })(),
  // ── markdown ──
  markdown: (() => {
    const g = groupDigits;
    return {
      copied: '已复制',
      copyRefused: '复制被拒绝：请选中代码后自行复制',
      code: '代码',
      copyLanguage: (lang: string) => `复制 ${lang} 代码`,
      copyCode: '复制代码',
      copy: '复制',
      tooLong: (n: number, limit: number) => `未按 Markdown 排版：${g(n)} 个字符超过了 ${g(limit)} 的上限，以纯文本显示。`,
      rawTitle: '按存储原样显示这段文本，或以 Markdown 排版显示',
      rawText: '原始文本',
      image: '图片：',
    };
  })(),
  // ── file ──
  file: (() => {
    const g = groupDigits;
    const listedOnlyIf = '除非读取第 1 行失败（那里是无效的 JSON，或前 8 KiB 中有不是 UTF-8 的字节：此时它会列出修复流程恢复的内容）';
    const found = (p: ContractProblem) =>
      p.found === 'boolean' ? `是布尔值（${p.bool}）` : { missing: '缺失', null: '是 null', string: '是字符串', number: '是数字', list: '是列表', object: '是对象' }[p.found];
    return {
      heading: '文件',
      problems: (n: number) => `发现 ${g(n)} 个问题`,
      noProblems: '没有发现问题',
      lineAt: (line: number, column: number) => `第 ${line} 行${column ? `，第 ${column} 列` : ''}`,
      more: (n: number) => `… 还有 ${g(n)} 个（见下方各行）`,
      lines: (n: number) => `各行（${g(n)}）`,
      severity: { error: '错误', warning: '警告', info: '提示' },
      diagnostic,
      column: (n: number) => `（第 ${n} 列）`,
      lensesHeading: '这个文件的两种视角',
      differ: '两种视角不一致：nanobot 看不到这个文件中的全部内容。',
      agree: (n: number) => `两种视角一致：${g(n)} 条消息。`,
      asNanobot: 'nanobot 看到的',
      loadsNothing: (error: string) => `什么也加载不到（${error}）。nanobot 会新建一个空会话，并在下次保存时替换整个文件。`,
      loadPath: '加载方式',
      normalPath: '正常（严格加载成功）',
      repairPath: (error: string) => `修复（严格加载抛出 ${error}）`,
      linesSkipped: '跳过的行',
      skippedAt: (lines: string) => `：第 ${lines} 行`,
      none: '无',
      messages: '消息',
      metadata: '元数据',
      times: '时间',
      and: ' 和 ',
      defaulted: (fields: string) => `（${fields} 已默认为加载时的时间）`,
      notADict: (value: string) => `不是 dict（${value}）`,
      empty: '（空）',
      recovered: '恢复的（Session Lens）',
      corruptLines: '损坏的行',
      keptInPlace: '（原位保留，绝不悄悄丢弃）',
      blankLines: '空行',
      metadataRecords: '元数据记录',
      problemsFound: '发现的问题',
      linesLabel: '文件的各行',
      lineLabel: (n: number) => `第 ${n} 行`,
      columnTitle: (n: number) => `第 ${n} 列`,
      kinds: { metadata: '元数据', message: '消息', provider_state: 'provider state 记录', blank: '空行', corrupt: '已损坏' },
      noFinalNewline: '末尾没有换行符',
      showAll: (size: string) => `显示全部 ${size}`,
      noMetadata: `这个文件没有元数据记录：nanobot 从文件名得出键；它的会话列表不会列出这个文件，${listedOnlyIf}。`,
      metadataHeading: '元数据记录',
      metadataIntro: '第 1 行存放会话自身的信息（与消息分开），这样列出会话时每个文件只需读一行短文本，而不必读完整个对话。',
      notAField: '不是 nanobot 写入的字段',
      nanobotsOwn: 'nanobot 自有',
      notNanobots: '不是 nanobot 的键',
      usesLastConsolidated: (n: number) => `nanobot 使用 ${n}：只要不是 0 到消息数之间的整数，都会被重置为 0。`,
      contract: (p: ContractProblem) =>
        p.path === null ? `${p.key} 不是 nanobot 写入的格式。` : `${p.key} 不是 nanobot 写入的格式：${p.path.length ? `${p.path.join('.')} ` : '值'}${found(p)}。`,
      recordFields: {
        _type: '标明这一行是元数据记录，而不是消息',
        key: '真正的会话键（文件名只是它的有损副本）',
        created_at: '会话的创建时间（不带时区的本地 ISO 时间）',
        updated_at: '由 add_message 设置；保存不会改变它；会话列表按它排序',
        metadata: '会话级状态：标题、目标、检查点、界面状态',
        last_consolidated: '开头有多少条消息已归档到记忆中、不再回放',
      },
      internal: {
        title: '侧边栏标题，由 nanobot 生成（≤ 60 个字符），除非你改过它',
        title_user_edited: '有人设置过标题时为 true：此后 nanobot 不再重新生成',
        webui: 'Web 界面的显示状态',
        workspace_scope: '会话所属的工作区',
        goal_state: '持续目标：状态、目标内容、摘要、开始/结束时间',
        thread_goal: '旧版的目标记录',
        runtime_checkpoint: '中途被打断的一轮：阶段、待处理的工具调用、部分结果',
        pending_user_turn: '等待处理的用户轮次',
        _last_summary: '最近一次记忆摘要（{text, last_active}）；clear() 会删除它',
        _sustained_goal_continuation_rounds: '目标已自行延续了多少轮',
      },
    };
  })(),
  // ── export ──
  export: (() => {
    const g = groupDigits;
    const secrets: Record<import('../../../core/export/redact').SecretKind, string> = {
      'private-key': '私钥块',
      'url-password': 'URL 中的密码',
      'anthropic-key': 'Anthropic API 密钥',
      'openai-key': 'OpenAI 风格的 API 密钥（sk-…）',
      'google-key': 'Google API 密钥',
      'github-token': 'GitHub 令牌',
      'gitlab-token': 'GitLab 令牌',
      'aws-key': 'AWS 访问密钥 ID',
      'aws-secret': 'AWS 秘密访问密钥',
      'slack-token': 'Slack 令牌',
      'slack-webhook': 'Slack webhook 地址',
      'stripe-key': 'Stripe 密钥',
      'huggingface-token': 'Hugging Face 令牌',
      'groq-key': 'Groq API 密钥',
      'xai-key': 'xAI API 密钥',
      'telegram-token': 'Telegram 机器人令牌',
      jwt: 'JSON Web Token（JWT）',
      bearer: 'Bearer 或 Basic 凭据',
      email: '电子邮件地址',
      'home-path': '主目录路径中的用户名',
      'session-key': '会话键',
    };
    return {
      heading: '导出与分享',
      local: '一切都在本页中完成：文件在这里生成，由浏览器下载保存。不会上传任何内容。',
      what: '内容',
      sourceSession: (n: number) => `存储的会话（${g(n)} 条消息）`,
      sourceReplay: '回放：nanobot 发送给模型的内容（按“回放”标签页的设置）',
      sourceReplayUpto: (user: number, upto: number, total: number) => `回放：nanobot 发送给模型的内容（按“回放”标签页的设置），截至用户消息 #${user}：${g(total)} 条消息中的前 ${g(upto)} 条`,
      format: '格式',
      formatHtml: 'HTML 页面（离线、无脚本）',
      formatJson: 'JSON（消息原样）',
      whatSession: '存储的会话',
      whatReplay: '回放：nanobot 发送给模型的内容',
      scanning: (done: number, total: number) => `正在查找密钥和个人信息… 已检查 ${g(done)} / ${g(total)} 条消息`,
      redaction: '1. 脱敏',
      preview: '2. 预览（已脱敏，与将要保存的内容完全一致）',
      previewLabel: '导出预览',
      save: '3. 保存',
      download: (name: string) => `下载 ${name}`,
      failed: '无法加载导出工具。请重新加载页面后再试。',
      loading: '正在加载导出工具…',
      counting: (pct: number) => `正在为 token 预算计数… ${pct}%`,
      tokenizerFailed: '无法加载分词器，因此无法计算带预算的回放。请改为导出会话，或重新加载后再试。',
      raises: (error: string, message: number) => `nanobot 的 get_history 抛出 ${error}（消息 ${message}），因此没有可导出的内容。`,
      recoveredNote: ' —— nanobot 从这个文件中什么也加载不到；这里回放的是恢复出的消息',
      uptoNote: (user: number, upto: number, total: number, lastConsolidated: number) => ` —— 截至用户消息 #${user}：${total} 条消息中的前 ${upto} 条，使用当前的 last_consolidated（${lastConsolidated}）`,
      nothingFound: '没有发现需要脱敏的内容（API 密钥、令牌、私钥、URL 密码、电子邮件地址、主目录、会话键）。',
      findings: (n: number) => `${g(n)} 处发现`,
      maskedUnmasked: (masked: number, unmasked: number) => `${g(masked)} 处已遮蔽，${g(unmasked)} 处由你取消遮蔽`,
      allMasked: '全部已遮蔽',
      comma: '，',
      end: '。',
      findingsLabel: '发现的内容',
      listedFirst: (shown: number, total: number) => `此处列出 ${g(total)} 项中的前 ${g(shown)} 项；其余各项均已遮盖。`,
      inWhere: '位于 {where}{key}：',
      inKey: '（键名中）',
      whereTitle: '标题',
      whereKey: '键',
      whereMessage: (n: number) => `消息 ${n}`,
      maskAgain: '重新遮蔽',
      unmask: '取消遮蔽',
      mask: (label: string, n: number) => `[已遮蔽：${label} #${n}]`,
      secret: (kind) => secrets[kind],
      doc: () => ({
        lang: 'zh-CN',
        untitled: '会话',
        sessionKey: '会话键',
        colon: '：',
        messages: (n: number) => `${n} 条消息`,
        notADict: '（不是 dict）',
        value: '值',
        noRole: '（无 role）',
        name: '名称 ',
        answers: '回应 ',
        reasoning: '推理过程',
        thinkingBlocks: '思考块',
        block: '块',
        typedBlock: (type: string) => `${type} 块`,
        content: 'content',
        toolCall: '工具调用',
      }),
    };
  })(),

  // ── replay ──
  replay: (() => {
    const n = groupDigits;
    const drop: Record<import('../../../core/replay/replay').DropReason, string> = {
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
    const changes: Record<import('../../../core/replay/replay').Change, string> = {
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
  // ── edit ──
  edit: (() => {
    const n = groupDigits;
    const t: PageText['edit'] = {
      heading: '编辑',
      private: '这些文件保存在本浏览器自己的存储中：没有任何 nanobot 读写它们，可以随意编辑（开始页上的“重置演示”会把它们恢复原样）。',
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
      refusal: (r) => {
        switch (r.code) {
          case 'raises': return `nanobot 会抛出 ${r.error.type}: ${r.error.message}`;
          case 'bad-last-consolidated': return `last_consolidated 必须是 0 到 ${groupDigits(r.max)} 之间的整数；nanobot 会把其他任何值重置为 0。`;
          case 'not-a-message': return `第 ${groupDigits(r.line)} 行不是一条消息。`;
          case 'no-line': return `没有第 ${groupDigits(r.line)} 行。`;
          case 'line-cannot-save': return `第 ${groupDigits(r.line)} 行无法保存：nanobot 会抛出 ${r.error.type}: ${r.error.message}。没有写入任何内容。`;
        }
      },
      change: (c) => {
        switch (c.code) {
          case 'title': return `标题改为“${c.title}”（标记为由你编辑，所以 nanobot 会保留它）。`;
          case 'archive':
            return `${c.upTo === 0 ? '没有消息' : c.upTo === 1 ? '消息 1 ' : `消息 1–${n(c.upTo)} `}算作已归档到记忆；回放从它们之后开始（剩余 ${n(c.total - c.upTo)} 条可回放）。`;
          case 'append': return `在末尾添加一条 ${c.role} 消息。`;
          case 'rewrite-line': return `改写第 ${c.line} 行。`;
          case 'remove-line': return `删除第 ${c.line} 行。`;
          case 'trim-nothing': return `无需删除：全部 ${n(c.total)} 条消息都在 ${n(c.max)} 条之内；文件保持不变。`;
          case 'trim': return `删除 ${n(c.total)} 条消息中的 ${n(c.dropped)} 条（${n(c.archived)} 条已归档，${n(c.dropped - c.archived)} 条从未归档），保留 ${n(c.kept)} 条。`;
          case 'clear': return `${c.messages === 1 ? '删除唯一的一条消息' : `删除全部 ${n(c.messages)} 条消息`}；元数据记录保留。`;
          case 'repair':
            return `在一条元数据记录下写入 ${n(c.messages)} 条消息${c.merged > 0 ? `（合并了 ${n(c.merged)} 条多余的元数据记录）` : ''}，去掉 ${n(c.removed)} 行损坏行或空行（保留在备份中）。`;
        }
      },
      card: {
        preview: '预览',
        previewLead: '预览：',
        confirm: (action) => `确定，${action}`,
        backup: '先备份文件，就像修复时那样（放在它旁边，文件名为 …jsonl.<时间>.bak：nanobot 从不列出它）',
        working: '处理中…',
        conflict: '未保存：文件在读取之后在磁盘上被改动过。',
        notSaved: (message) => `未保存：${message}`,
        conflictNote: '没有覆盖任何内容。正在运行的 nanobot gateway会重新保存它缓存的会话（关闭时也会），这是发生这种情况的一种原因。',
        reload: '从磁盘重新加载',
        progressLabel: '保存进度',
        starting: '正在开始保存…',
        progress: (phase, done, total) => (phase === 'backup' ? `正在备份：${done} / ${total}` : `正在写入新文件：${done} / 约 ${total}`),
        cancel: '取消保存',
        stopping: '正在取消…',
        cancelled: '已取消保存：文件没有改动，临时文件已删除。',
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
        label: '新标题',
        save: '保存标题',
        download: '下载带此标题的文件',
      },
      append: {
        title: '添加一条消息',
        role: '角色',
        content: '内容',
        save: '添加消息',
        download: '下载带此消息的文件',
      },
      consolidated: {
        label: (total) => `last_consolidated（0 到 ${n(total)}）`,
        hint: (current, total) => `当前为 ${current}：前 ${current} 条消息已归档到记忆。nanobot 会把 0–${total} 之外的任何值重置为 0，所以这个边界永远不会隐藏全部历史。`,
        note: (archived, replayable) =>
          `${n(archived)} 条已归档（不回放）· ${n(replayable)} 条可回放。在这里归档不会向 nanobot 的记忆写入任何内容：你标记为已归档的消息会离开回放，且没有摘要。`,
        save: '保存 last_consolidated',
        download: '下载带此边界的文件',
      },
      trim: {
        title: '裁剪为合法后缀',
        label: '保留的消息数（max）',
        placeholder: (total) => `1 到 ${n(total)}`,
        hint: '不是简单切片：nanobot 保留最近的、可以合法回放的部分。0 会清空会话。',
        extendHint: '向前延伸到一条用户消息，而不是在一轮对话中间截断',
        notWhole: '请输入要保留的消息数（整数）。',
        goes: (first, last, all) =>
          `将被删除的消息：#${n(first)}${last > first ? `–${n(last)}` : ''}${all !== last - first + 1 ? `（共 ${n(all)} 条）` : ''}。`,
        keptStart: (message, role) =>
          role === 'user' ? `保留的部分从用户消息 #${n(message)} 开始。` : `保留的部分从 #${n(message)} 开始，它${role === null ? '没有角色' : `的角色是“${role}”`}，不是用户消息。`,
        unarchived: (count) =>
          `${n(count)} 条消息从未归档到记忆。nanobot 裁剪时（enforce_file_cap）会把这样的消息交给它的记忆归档；Session Lens 不会，所以它们会直接消失——如果你可能还需要它们，请先下载一份副本。`,
        confirm: (dropped, unarchived) => `这会从文件中删除 ${n(dropped)} 条消息${unarchived ? `，其中 ${n(unarchived)} 条从未归档` : ''}。`,
        save: '裁剪',
        download: '下载裁剪后的文件',
      },
      fork: {
        title: '在某轮用户消息之前分叉',
        noTurn: '这个会话没有可以在其之前分叉的用户消息。',
        noFork: (label: string) => `${label} 没有分叉功能：它的会话不能在某条用户消息之前分叉（这是之后的版本才有的），所以在这里写出的分叉是你的 nanobot 自己从不会生成的。`,
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
      },
      clear: {
        title: '清空所有消息',
        confirm: (messages) => `将从文件中删除全部 ${n(messages)} 条消息。`,
        save: '清空',
        download: '下载清空后的文件',
        explain: 'nanobot 的 clear()：删除每一条消息，last_consolidated 变为 0，忘掉记忆摘要（_last_summary）；损坏的行保留。',
        preview: '预览清空',
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
  large: {
    more: '详情：各角色的消息数，这个视图如何读取文件',
    lens: '大文件模式：文件留在磁盘上，按索引读取',
    opening: (name: string) => `正在以大文件模式打开 ${name}…`,
    firstMessages: '开头的几条消息（整个文件仍在建立索引）',
    progress: (read: string, total: string, lines: string) => `已索引 ${read} / ${total}（${lines} 行）…`,
    noFile: '此存储无法按片段提供文件，因此不能以大文件模式打开。',
    failed: (why: string) => `无法为文件建立索引：${why}`,
    summary: (size: string, lines: string, messages: string) => `${size} · ${lines} 行 · ${messages} 条消息`,
    roles: (user: string, assistant: string, tool: string, other: string) => `用户 ${user} · 助手 ${assistant} · 工具 ${tool} · 其他 ${other}`,
    corrupt: (n: string) => `${n} 行不是记录（空行、非 JSON、非对象或非 UTF-8）`,
    nanobotNormal: (n: string) => `nanobot 加载 ${n} 条消息。`,
    nanobotRepair: (n: string, skipped: string, why: string) => `nanobot 的严格加载失败${why && `（${why}）`}；修复流程保留 ${n} 条消息，跳过 ${skipped} 行。`,
    nanobotNothing: (why: string) => `nanobot 无法从此文件加载任何内容${why && `（${why}）`}：它会新建一个空会话，下次保存时将覆盖整个文件。`,
    nanobotRaises: (why: string) => `nanobot 加载此文件时会抛出异常${why && `（${why}）`}，无法打开该会话。`,
    why: '此文件较大，Session Lens 将其留在磁盘上，只读取屏幕上显示的部分。“对话”“回放”“文件”“编辑”和“导出”视图基于索引工作。',
    tabs: '会话视图',
    conversation: '对话',
    replay: '回放',
    edit: '编辑',
    list: '消息',
    line: (n: string) => `第 ${n} 行`,
    loadingRow: '读取中…',
    notObject: '（不是 nanobot 能读取的记录）',
    noRole: '无角色',
    replayHead: (sent: string, total: string, version: string) => `nanobot ${version} 发送 ${total} 条消息中的 ${sent} 条`,
    replayFrom: (from: string, decoded: string) => `回放不会用到第 ${from} 条之前的消息：计算时只读取了最后 ${decoded} 条消息。`,
    replayTokens: (sum: string) => `（按 nanobot 的估算共 ${sum} 个 token）`,
    replayTooFar: (reach: string, max: string) => `按此版本的规则，回放会用到 ${reach} 条消息，超过大文件模式一次读取的上限（${max}），因此这里不计算。请用命令行（npx session-lens replay）计算。`,
    replayNothing: 'nanobot 没有从此文件加载任何消息，因此不回放任何内容。',
    replayError: (type: string, message: string, at: string | null) => `nanobot 的回放会抛出 ${type}：${message}${at === null ? '' : `（第 ${at} 条消息）`}。`,
    replayComputing: '正在读取回放可能用到的消息…',
    pages: '消息分页',
    previousPage: '← 上一页',
    nextPage: '下一页 →',
    lastPage: '最后一页',
    pageOf: (from: string, to: string, total: string) => `第 ${from}–${to} 条消息，共 ${total} 条`,
    dropped: (reason: string, n: string) => `${n} 条未发送：${reason}`,
    findFailed: (why: string) => `查找时无法读取文件：${why}`,
  },

  viewSwitch: {
    openFull: (memory: string) => `打开完整视图（读取整个文件：约占 ${memory} 内存）`,
    fullAdds: '完整视图另有回放导出，以及工具结果与其调用的配对；它会先把每条消息解析进页面。',
    tooBig: (line: string) => `文件达到 ${line} 时不提供完整视图：整个文件放不进页面。`,
    shownFull: (memory: string, line: string) => `以完整视图显示，每条消息都已读入页面（约占 ${memory} 内存）。${line} 及以上的文件默认以大文件模式打开：它立即显示，并把文件留在磁盘上。`,
    backToLarge: '以大文件模式打开',
  },

  // ── 大文件模式的“导出”视图（分片读取文件，导出内容由多个部分组成一个 Blob）──
  largeExport: (() => {
    const g = groupDigits;
    return {
      tab: '导出',
      reading: '正在读取会话的标题和键…',
      cancel: '取消',
      cancelled: '已停止：没有生成文件。',
      again: '重新开始',
      failed: (why: string) => `导出时无法读取文件：${why}`,
      previewFirst: (n: number, total: number) => `2. 预览 ${g(total)} 条消息中的前 ${g(n)} 条（已遮盖，与保存的内容完全一致）`,
      make: '生成文件',
      making: (done: number, total: number) => `正在写入文件… 已完成 ${g(done)} / ${g(total)} 条消息`,
      made: '文件在本页中生成；下载即可保存。',
      replayNot: '大文件模式不导出回放：其 token 预算需要统计每一条候选消息。可在此导出存储的会话；“回放”标签页显示 nanobot 发送的内容。',
    };
  })(),

  // ── 大文件模式的“文件”视图（健康状况来自索引，原始行按需读取）──
  largeFile: {
    tab: '文件',
    heading: '文件健康状况（来自索引）',
    intro: '根据打开文件时建立的索引统计，不再读取文件的任何字节。每一项都可跳到下方原始行列表中的对应行。',
    counting: (done: string, total: string) => `正在统计… ${done} / ${total} 行`,
    noProblems: '索引未在任何一行发现问题。',
    problems: '问题',
    first: '第一处',
    next: '下一处',
    none: '（没有可显示的行）',
    /** 有问题的行数（或处数），然后是问题本身。 */
    problem: {
      invalidUtf8: (n: number) => `${groupDigits(n)} 行不是有效的 UTF-8：nanobot 无法读取此文件的任何内容，下次保存时会覆盖它`,
      notRecord: (n: number) => `${groupDigits(n)} 行不是记录（原样保留，绝不悄悄丢弃）`,
      badJson: (n: number) => `${groupDigits(n)} 行不是有效的 JSON`,
      notObject: (n: number) => `${groupDigits(n)} 行是 JSON 但不是对象：nanobot 读到时会抛出 AttributeError`,
      tooDeep: (n: number) => `${groupDigits(n)} 行嵌套过深，超出 Python 的限制（RecursionError）`,
      longNumber: (n: number) => `${groupDigits(n)} 行含有超过 Python 4,300 位上限的整数（ValueError）`,
      bom: (n: number) => `${groupDigits(n)} 行以字节顺序标记（U+FEFF）开头：nanobot 无法解析`,
      rejected: (n: number) => `${groupDigits(n)} 行被 nanobot 的 json.loads 拒绝`,
      missingRole: (n: number) => `${groupDigits(n)} 条消息没有 "role"：nanobot 回放到这里会抛出 KeyError`,
      invalidState: (n: number) => `${groupDigits(n)} 条 provider_state 记录不符合 nanobot main 的要求：其修复流程会跳过它们`,
      blank: (n: number) => `${groupDigits(n)} 行是空行：nanobot 会跳过（但它自己从不写空行）`,
      crlf: (n: number) => `${groupDigits(n)} 行以 CRLF 结尾：nanobot 能读取，保存时写成 "\\n"`,
      cr: (n: number) => `${groupDigits(n)} 行以单独的 CR 结尾：nanobot 能读取，保存时写成 "\\n"`,
      noFinalNewline: (_n: number) => '最后一行没有换行符：可能是写入时被截断',
      missingMetadata: (_n: number) => '没有元数据记录：nanobot 用文件名推出会话键；其会话列表不会列出此文件',
      metadataNotFirst: (_n: number) => '元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行',
      duplicateMetadata: (n: number) => `多出 ${groupDigits(n)} 条元数据记录：nanobot 加载最后一条，其列表显示第一条`,
    },
    /** 行上的问题简称，作为该行的标签。 */
    tag: {
      invalidUtf8: '非 UTF-8',
      notRecord: '不是记录',
      badJson: '非 JSON',
      notObject: '不是对象',
      tooDeep: '嵌套过深',
      longNumber: '整数过长',
      bom: '字节顺序标记 (BOM)',
      rejected: 'json.loads 失败',
      missingRole: '缺少 role',
      invalidState: '无效的 provider_state',
      blank: '空行',
    },
    nanobot: 'nanobot 的加载结果：',
    lines: (n: string) => `各行（${n}）`,
    linesLabel: '文件的各行',
    pageOf: (from: string, to: string, total: string) => `第 ${from}–${to} 行，共 ${total} 行`,
    offset: (at: string) => `字节 ${at}`,
    reading: '正在读取…',
    badBytes: '不是 UTF-8 的字节，以 \\xNN 显示',
    more: (step: string, shown: string, total: string) => `再显示 ${step}（已显示 ${shown} / ${total}）`,
    goTo: '跳到行',
    go: '跳转',
  },

  // ── 大文件的编辑（按索引规划，以流的方式保存）──
  largeEdit: {
    intro: '这么大的文件，编辑按其索引规划，并以流的方式保存：新文件由修改后的元数据行加上文件自身原样复制的字节组成，未改动的行保持原有字节，页面也从不整体读入文件。若文件在建立索引之后被改动，保存会被拒绝。添加消息、last_consolidated、清空、删除单行和分叉也同样按索引规划。',
    reading: '正在读取元数据记录…',
    trimReading: '正在读取裁剪可能用到的消息…',
    bytes: (copied: string, left: string, size: string) => `原样复制文件中的 ${copied}，去掉 ${left}：新文件为 ${size}。`,
    repairBytes: (messages: string, copied: string, left: string) => `按 nanobot 的写法重新写出 ${messages} 行消息（每次读取并重写一个片段），原样复制 ${copied}，去掉 ${left}。`,
    repairReadOnly: '修复会重写每一行消息，因此需要对文件夹的写入权限；此会话以只读方式打开。',
    reindexing: '已保存；正在为新文件建立索引…',
    planning: '正在按索引规划这次编辑…',
    needsWrite: '这项编辑按索引保存，因此需要对文件夹的写入权限；此会话以只读方式打开。',
  },
  // ── 说明所作的判断：每个版本意味着什么，列表失败时（issue 42）──
  decide: {
    naming: {
      safeKeyLong: '文件名是 safe_key(key)：telegram:12345 → telegram_12345.jsonl。这种映射会丢失信息（a:b_c 和 a_b:c 共用一个文件），所以元数据记录中存储的键才是真正的键。',
      b64Long: '文件名是不带填充的 base64url(key)：telegram:12345 → dGVsZWdyYW06MTIzNDU.jsonl。其他名字的文件会被 nanobot 忽略。',
      unknown: '命名方式未知的文件名',
      unknownLong: '这些文件不在 nanobot 使用的文件夹中；键取自它们的元数据记录，或取自文件名。',
      safeKey: (label) => `${label} 文件名（safe_key）`,
      b64: (label) => `${label} 文件名（base64url）`,
      b64Either: (label) => `${label} 文件名（base64url；仍会读取 safe_key 文件名）`,
      b64EitherLong: '新文件名是 base64url(key)：telegram:12345 → dGVsZWdyYW06MTIzNDU.jsonl。无法解码的文件名按旧方式当作 safe_key(key) 读取，所以两种形式的文件都会被列出。',
    },
    compareTitle: '每个版本在这里意味着什么',
    choice: (why, fits, clues, listed, files) =>
      why === 'fits-most'
        ? `它吻合 ${groupDigits(clues)} 条线索中的 ${groupDigits(fits)} 条，比其他任何版本都多，并列出 ${groupDigits(files)} 个会话文件中的 ${groupDigits(listed)} 个`
        : why === 'lists-most'
          ? `它与另一个版本吻合的线索一样多（${groupDigits(clues)} 条中的 ${groupDigits(fits)} 条），但列出的会话更多（${groupDigits(files)} 个中的 ${groupDigits(listed)} 个）`
          : why === 'decisive'
            ? `它与另一个版本在线索（${groupDigits(clues)} 条中的 ${groupDigits(fits)} 条）和列出的会话（${groupDigits(files)} 个中的 ${groupDigits(listed)} 个）上持平，但吻合更多只有一个 nanobot 版本才会写入的内容`
            : `它与一个较旧的版本在各项上都持平（${groupDigits(clues)} 条线索中吻合 ${groupDigits(fits)} 条，${groupDigits(files)} 个会话中列出 ${groupDigits(listed)} 个）；较新的版本能读取的更多`,
    decided: (label, why, by, against) => `采用 ${label} 的规则：${why}。吻合它的线索：${by}。与它不符的：${against}`,
    conflictNote: (label, why) => `这些文件对 nanobot 版本的说法不一致：采用 ${label}，因为${why}。`,
    compareLead: '在采用某个版本之前：每个版本吻合磁盘上的哪些线索，它的列表会显示或遗漏哪些会话。',
    cols: { version: '版本', clues: '吻合的线索', listed: '列出的会话', hidden: '未列出' },
    of: (n, total) => `${groupDigits(n)}／${groupDigits(total)}`,
    inUse: '正在使用',
    use: '采用',
    useLabel: (label) => `采用 ${label}`,
    breaksTitle: (n) => `nanobot 自己的会话列表在这个文件夹上失败：${n === 1 ? '有一个文件导致' : `有 ${groupDigits(n)} 个文件导致`}`,
    whatAndFix: '：它们的值、所在行和修复方法',
    nameSep: '、',
    andMore: (n) => ` 等另外 ${groupDigits(n)} 个`,
    breaksLead: (error) => `nanobot 抛出 ${error}，一个会话也不列出。下面的顺序只是尽力而为。`,
    breakUpdatedAt: (value) => `updated_at 是 ${value}，不是文本：nanobot 的排序无法把它和其他值比较。`,
    breakRaises: (error) => `读取它的开头会使 nanobot 的列表抛出 ${error}。`,
    openLine: '第 1 行',
    openFile: '打开它',
    fixFrom: { 'epoch-seconds': '同一时间，按自 1970 年起的秒数读取', 'epoch-ms': '同一时间，按自 1970 年起的毫秒数读取', 'created-at': '它的 created_at', mtime: '文件的修改时间，即时间缺失时 nanobot 使用的值' },
    fix: (n) => (n === 1 ? '把 updated_at 写成文本' : `在 ${groupDigits(n)} 个文件中把 updated_at 写成文本`),
    fixWhat: (value, from) => `把 updated_at 设为“${value}”（${from}）；文件中的其他内容不变。`,
    fixConfirm: (n) => `改写 ${groupDigits(n)} 个文件的第 1 行？列出之后被改动过的文件不会被改写。`,
    fixing: '正在保存…',
    fixed: (n) => `已保存 ${groupDigits(n)} 个文件。正在重新列出文件夹…`,
    fixStale: (file) => `${file} 在列出之后被改动过，未作改写。请重新加载后再试。`,
    fixReadOnly: '此文件夹以只读方式打开：请先允许编辑，再写入修复。',
  },
  saveNote: {
    notAtomic: (label: string) => `${label} 直接改写会话文件，而不是经由临时文件：如果它在保存途中停下，或遇到无法写出的消息，文件就会在那里被截断。在这里保存之前请先停止 nanobot。`,
    emptySession: (label: string) => `${label} 没有修复流程：只要有一行、一个字节、一个 BOM 或 created_at 有问题，它就什么也不加载，改为新建一个空会话，并在下次保存时用它覆盖该文件。在 nanobot 打开你改过的文件之前，请先查看“文件”标签页。`,
    emptiesThis: (label: string) => `${label} 无法按原样加载这个文件：它会改为新建一个空会话，并在下次保存时用它覆盖该文件，这里的所有消息都会丢失。请在 nanobot 再次使用这个会话之前修复该文件（“编辑”标签页）。`,
  },
};

export default pages;

/** Chinese: the workspace's pages (guide, health, leftovers, upgrade, the version decision). Part of the pages' catalog (pages.ts). */
import type { MigrationStay } from '../../../core/nanobot/migration';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { groupDigits } from '../numbers';
import { diagnostic } from './page-words';
import type { PageText } from '../en/pages';

const words: Pick<PageText, 'guide' | 'health' | 'leftovers' | 'upgrade' | 'decide'> = {
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
};

export default words;

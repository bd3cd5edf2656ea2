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
  replay: {},
  // ── context ──
  context: {},
  // ── edit ──
  edit: {},

  // ── large (files opened through the compact index) ──
  large: {},
};

export default pages;

/** 简体中文，第一部分：开始页、工作区和页眉的文字（首次渲染前加载）。键与 en/shell.ts 完全相同。 */
import type { ShellText } from '../en/shell';
import { groupDigits } from '../numbers';
import type { Evidence } from '../../../core/nanobot/version-evidence';

/** One piece of version evidence in words. */
function zhEvidence(e: Evidence): string {
  const n = groupDigits(e.count ?? 0);
  switch (e.kind) {
    case 'namespace': return e.workspacePath ? `${e.workspacePath} 的会话命名空间` : '会话命名空间（32 位十六进制文件夹）';
    case 'config': {
      const paths = (e.paths ?? []).map((p) => p ?? '未命名的工作区').join(', ');
      return `有 ${n} 个命名空间的会话根目录${paths ? `（${paths}）` : ''}`;
    }
    case 'flat-files': return `根目录中有 ${n} 个平铺文件：这是 v0.2 和 v0.3.0 会读取并迁走的旧版全局文件夹；main 忽略它们`;
    case 'workspace-sessions': return '工作区的 sessions 文件夹，v0.2 和 v0.3.0 在这里保存会话';
    case 'legacy-folder': return '旧版全局 sessions 文件夹，v0.2 和 v0.3.0 会读取它并把会话迁入工作区';
    case 'workspace-id': return '.nanobot/workspace-id：main 打开过这个工作区；它的会话位于 <配置文件夹>/sessions/<id>/';
    case 'provider-state': return `${n} 个文件含有 provider_state`;
    case 'session-handle': return `${n} 个文件的元数据含有 session_handle`;
    case 'runtime-context': return `${n} 个文件含有运行时上下文标记（_runtime_context）`;
    case 'model-preset': return `${n} 个文件的元数据含有 _nanobot_model_preset`;
    case 'base64url-names': return `${n} 个 base64url 文件名${e.beside ? `，旁边还有 ${groupDigits(e.beside)} 个 safe_key 文件名：v0.3.0 正在迁移中` : ''}`;
    case 'safe-key-names': return e.inMain ? `${n} 个 main 从不加载也不列出的 safe_key 文件名（由它的迁移复制进来）` : `${n} 个 safe_key 文件名`;
    case 'both-names': return `${n} 个文件名既是所存键的 safe_key 形式，也是其 base64url 形式`;
    case 'other-names': return `${n} 个文件名与所存键的两种命名都不符`;
    case 'no-key': return `${n} 个文件没有存储的键`;
    case 'new-tmp': return `${n} 个名为 .<name>.<16 位十六进制>.tmp 的临时文件（main）`;
    case 'old-tmp': {
      const why = { 'not-main': 'main 从不使用的临时文件名', 'v0.2': 'v0.2 一次中断的保存', 'v0.3.0': 'v0.3.0 一次中断的保存', 'v0.2-or-v0.3.0': 'v0.2 或 v0.3.0 一次中断的保存' };
      return `${e.name}：${why[e.writer ?? 'v0.2-or-v0.3.0']}`;
    }
    case 'session-files-lock': return '.session-files.lock（main 对每次存储操作加锁）';
    case 'workspace-migration-lock': return '.workspace-migration.lock（main 的会话根目录）';
    case 'migration-conflicts': return '.migration-conflicts/：main 启动时的迁移遇到了同一个文件的两个版本';
    case 'keyless-metadata': return `${n} 个文件的元数据行没有 key`;
    case 'ascii-escapes': return `${n} 个文件把非 ASCII 文字写成 \\u 转义（json.dumps 的 ensure_ascii）`;
    case 'raw-non-ascii': return `${n} 个文件按原样写入非 ASCII 文字`;
    case 'tools-used': return `${n} 个文件的回复带有 tools_used（一轮只保存用户文字和回复）`;
    case 'tool-result-cut': return `${n} 个文件的工具结果在 ${groupDigits(e.chars ?? 0)} 个字符处截断`;
    case 'runtime-context-text': return `${n} 个文件在用户文字中保存了 [Runtime Context] 块`;
    case 'latency': return `${n} 个文件的回复带有 latency_ms`;
    case 'attachments': return `${n} 个文件的用户消息带有 cli_apps 或 mcp_presets`;
    case 'history-md': return 'memory/HISTORY.md 而没有 history.jsonl：使用 history.jsonl 的 nanobot 从未在这里启动过';
    case 'history-md-bak': return 'memory/HISTORY.md.bak：使用 history.jsonl 的 nanobot 已把旧的历史移入 history.jsonl';
    case 'history-session-key': return 'history.jsonl 的条目标明了所属会话（session_key）';
    case 'history-without-session-key': return 'history.jsonl 的条目没有 session_key';
  }
}

const shell: ShellText = {
  // ── common ──
  common: {
    locale: 'zh-CN',
    count: groupDigits,
    naiveTime: (y, mo, d, h, mi) => `${y}年${mo}月${d}日 ${h}:${mi}`,
    loading: '加载中…',
    language: '语言',
  },
  // ── header ──
  header: {
    nav: '主导航',
    workspace: '工作区',
    open: '打开',
    guide: '指南',
    modeDemo: '演示',
    modeEditable: '可编辑',
    modeReadOnly: '只读',
    theme: { system: '跟随系统', light: '浅色', dark: '深色' },
    themeLabel: (name) => `主题：${name}（点击切换）`,
  },
  // ── footer ──
  footer: {
    version: (v) => `Session Lens 版本 ${v}`,
    local: '完全在本浏览器中运行：你打开的任何内容都不会离开它。',
  },
  // ── focus and announcements (the shell's live region) ──
  focus: {
    arrived: (place) => `当前显示：${place}`,
  },
  // ── start ──
  start: {
    isOpen: ' 已打开。',
    back: '返回它的会话列表',
    orElse: '，或在下方打开其他内容。',
    again: '重新打开',
    title: '打开 nanobot 工作区',
    lead: '阅读、理解、修复并安全地编辑 nanobot 的会话文件（`sessions/*.jsonl`）。一切都在本页面中完成：不上传任何内容，应用也不发出任何网络请求。',
    openFolder: '打开文件夹…',
    chooseFolder: '选择文件夹（只读）…',
    openFile: '打开 .jsonl 文件…',
    demo: '试用演示',
    mainDemo: '试用 nanobot main 演示',
    mainDemoTip: '按 nanobot main 布局的配置文件夹',
    reset: '重置演示',
    resetAsk: '恢复演示的原始文件？在演示中做的所有修改都会丢失。',
    resetDo: '重置演示',
    hint: '…或者把工作区文件夹、sessions 文件夹或单个 `.jsonl` 文件拖放到本页面的任意位置。',
    noFsa: '此浏览器不支持 File System Access API（Firefox 和 Safari 都不支持），因此文件夹以**只读**方式打开：Session Lens 把文件复制到页面中，编辑结果以下载的形式提供。要直接编辑文件，请使用 Chrome 或 Edge。',
    where: 'nanobot 的会话在哪里？',
    whereItems: [
      'nanobot v0.2：`<workspace>/sessions/*.jsonl` —— 打开工作区文件夹（通常是 `~/.nanobot/workspace`）或其中的 `sessions` 文件夹。',
      '较新的 nanobot：`~/.nanobot/sessions/<workspace id>/` —— 打开 `~/.nanobot`，再选择工作区。',
      '较早的安装还可能在 `~/.nanobot/sessions/*.jsonl` 中有全局的“旧版”会话。',
    ],
    features: '你将看到',
    featureItems: [
      '**nanobot 看到的列表。** 按 nanobot 自己的顺序列出会话，带有它的标题和预览；对于 nanobot 会跳过、修复，或当作空会话加载后再覆盖的文件，还会标出徽章。',
      '**发送给模型的内容。** 回放运行 nanobot 的 `get_history()`，并说明每条消息为何被保留、修改或省略。',
      '**每个问题都对应到行。** 健康视图用 nanobot 的加载规则检查每个文件，并把每个问题链接到引起它的那一行。',
      '**不丢任何内容的编辑。** 未改动的行逐字节写回；如果文件在磁盘上已被改动，保存会被拒绝；修复之前会先保留备份。',
    ],
    recent: '最近的文件夹',
    state: { granted: '就绪', prompt: '需要再次授权', denied: '访问被拒绝' },
    lastOpened: (when) => ` · 上次打开于 ${when}`,
    refused: (picker) => `浏览器拒绝访问此文件夹。${picker ? '请用“打开文件夹…”重新打开，或把它拖放到页面上；' : ''}也可以在网站设置中允许访问（地址栏左侧的图标）。`,
    open: '打开',
    reconnect: '重新连接',
    openNamed: (name) => `打开 ${name}`,
    reconnectNamed: (name) => `重新连接 ${name}`,
    readOnly: '只读',
    readOnlyNamed: (name) => `以只读方式打开 ${name}`,
    forget: '移除',
    forgetNamed: (name) => `移除 ${name}`,
    reopening: '正在重新打开上次的工作区…',
    reconnectTitle: '重新连接以继续',
    linkWhenOpen: '文件夹重新打开后，你的链接就会立即打开。',
    linkWhenGranted: '浏览器只在点击之后才会询问；一旦授权，你的链接就会立即打开。',
    openToFollow: '请先打开一个工作区，才能跟随此链接。',
    notRemembered: '此链接来源的文件夹已不在记录中：请重新打开它。',
    needsPermission: (name) => `Session Lens 需要你再次授权才能打开 ${name}。`,
    accessRefused: (name) => `对 ${name} 的访问被拒绝。请用“打开文件夹”重新打开，或把它拖放到页面上。`,
    opened: (name, readOnly) => `已打开 ${name}${readOnly ? '（只读）' : ''}。`,
    noPicker: '此浏览器没有文件夹选择器：请改用“选择文件夹（只读）”。',
    emptyDrop: '拖放的内容中没有可打开的东西：请拖放文件夹或 .jsonl 文件。',
    demoReset: '演示已恢复为原始文件。',
    needsClick: '浏览器需要一次点击才能请求访问权限：请再点一次“重新连接”。',
    notGranted: (name) => `未获得对 ${name} 的访问权限。`,
    stillReadOnly: (why) => `${why}你仍然可以以只读方式打开它。`,
    readDenied: (name) => `读取 ${name} 同样未被允许。`,
    forgot: (name) => `已移除 ${name}。文件夹本身没有被改动。`,
    editClick: '浏览器需要一次点击才能请求权限：请再点一次“允许编辑”。',
    editRefused: '未获得写入权限；文件夹保持只读。',
    editAllowed: '已允许编辑：保存现在会写入文件夹。',
    skip: '跳到主要内容',
    dismiss: '关闭消息',
    update: 'Session Lens 的新版本已就绪。',
    reload: '重新加载以更新',
    dropHere: '拖放文件夹或 .jsonl 文件即可打开',
    openingSession: '正在打开会话…',
    cancel: '取消',
    gotIt: '知道了',
    details: '详情',
  },
  // ── workspace ──
  workspace: {
    tabs: { sessions: '会话', health: '健康', leftovers: '遗留文件', memory: '记忆', upgrade: '升级' },
    nav: '工作区',
    readOnly: '只读。',
    allowEditing: '允许编辑',
    reading: '读取中…',
    reload: '重新加载',
    close: '关闭',
    folder: '会话文件夹',
    gateway: (name) => `编辑会直接保存到文件夹 ${name} 中。运行中的 nanobot gateway 把会话保存在内存里，并在退出时重新保存，这可能覆盖在这里做的编辑：请先停止它。`,
    none: {
      title: (name) => `“${name}”中没有 nanobot 会话`,
      lead: '这个文件夹不是 nanobot 工作区、sessions 文件夹或配置文件夹，其中也没有看起来像会话的文件。nanobot 把会话保存在：',
      where: [
        'nanobot v0.2 和 v0.3.0：<工作区>/sessions/（工作区默认是 ~/.nanobot/workspace）。',
        'nanobot main：~/.nanobot/sessions/<32 位十六进制>/，每个工作区一个文件夹（打开 ~/.nanobot 或其中的 sessions/ 文件夹）。',
      ],
      notKept: '这个文件夹不会保留在“最近的文件夹”中。',
      another: '打开另一个文件夹',
    },
    gatewayShort: (name) => `请先停止 nanobot gateway：编辑会直接保存到 ${name}。`,
    dismissNote: '不再显示此提示',
    about: '关于此文件夹',
    notesN: (n) => ` · ${groupDigits(n)} 条说明`,
    fromCache: (when) => `显示的是你上次访问时的状态（${when}）；正在重新读取文件夹以检查变化…`,
    noFolder: '这里没有会话文件夹。',
    openConfig: '打开 nanobot 的配置文件夹（通常是 ~/.nanobot）即可看到这个工作区的会话。',
    readingFiles: (n) => `正在读取 ${groupDigits(n)} 个会话文件…`,
    demoName: '演示工作区',
    mainDemoName: '演示：nanobot main',
    demoLabel: '演示工作区（保存在此浏览器中）',
    folderLabel: (name) => `文件夹 ${name}`,
    copyOf: (name) => `${name} 的副本（只读）`,
    chosenFiles: '所选文件',
    theChosenFiles: '所选文件',
    roAsk: '此页面可以读取该文件夹，但暂时不能写入：在你允许编辑之前，编辑结果以下载的形式提供。',
    roFiles: '此浏览器无法写入本地文件夹（不支持 File System Access API）：文件已以只读方式复制到此页面中。编辑结果以下载的形式提供。',
    roFile: '打开的是单个文件，因此无法原地保存：编辑结果以下载的形式提供。要编辑它，请打开它所在的文件夹。',
    roGranted: '未获得写入权限，因此此文件夹以只读方式打开：编辑结果以下载的形式提供。',
    noOpfs: '此浏览器没有源私有文件系统（OPFS），因此无法保存演示。',
    noDemo: (id) => `没有名为 ${id} 的演示。`,
    demoHttp: (status) => `无法加载演示文件（HTTP ${status}）。`,
    demoFileHttp: (path, status) => `无法加载演示文件 ${path}（HTTP ${status}）。`,
    layout: {
      newerWs: (name) => `“${name}”是较新的 nanobot 工作区：它的会话保存在 nanobot 的配置文件夹中，不在这里。`,
      ws: (name, n, path) => `“${name}”是 nanobot 工作区：${path}/ 中有 ${groupDigits(n)} 个会话文件。`,
      config: (name, ns, legacy, n) => `“${name}”是 nanobot 的配置文件夹：${groupDigits(ns)} 个有会话的工作区${legacy ? '，另有旧版全局会话' : ''}（共 ${groupDigits(n)} 个文件）。`,
      roots: (name, n) => `“${name}”包含 ${groupDigits(n)} 个工作区的 nanobot 会话文件夹。`,
      sessions: (name, n) => `“${name}”是 nanobot 的 sessions 文件夹，有 ${groupDigits(n)} 个会话文件。`,
      loose: (name, n) => `“${name}”不是 nanobot 工作区，但这里有 ${groupDigits(n)} 个看起来像会话的 .jsonl 文件。`,
      nothing: (name) => `“${name}”不是 nanobot 工作区、sessions 文件夹或配置文件夹，其中也没有看起来像会话的文件。`,
      role: { namespace: '工作区', legacy: '旧版', loose: '文件', workspace: '会话' },
      picker: (label, role, n) => `${label}（${role}，${groupDigits(n)} 个文件）`,
      label: (l) => {
        switch (l.code) {
          case 'default-workspace': return '默认工作区（workspace/sessions）';
          case 'workspace-sessions': return '工作区会话';
          case 'sessions-folder': return 'sessions 文件夹';
          case 'loose': return '此文件夹中像会话的文件';
          case 'legacy': return '旧版全局会话';
          case 'single-file': return '单个文件';
          case 'namespace': return l.workspacePath ?? (l.id ? `工作区 ${l.id}` : '会话命名空间');
        }
      },
      note: (n) =>
        n.code === 'not-nanobot-folder'
          ? '此文件夹不是 nanobot 工作区、sessions 文件夹或配置文件夹。'
          : `此工作区的 id 是 ${n.id}：较新的 nanobot 把它的会话保存在 <配置文件夹>/sessions/${n.id}/ 中（通常是 ~/.nanobot/sessions/…）。打开那个文件夹即可看到它们。`,
    },
    chosen: '（手动选择）',
    recognised: '（已识别）',
    ambiguous: '（无法确定：显示其中一个候选版本，可在下方选择）',
    ambiguousShort: '（无法确定）',
    conflictUndecided: (reasons) => `没有决定性的证据，显示最早的候选版本：${reasons}`,
    listSep: '；',
    evidenceN: (n) => `证据（${n}）`,
    or: ' 或 ',
    colon: '：',
    version: 'nanobot 版本',
    auto: (label) => `自动：${label}`,
    reasons: (v) => {
      switch (v.why.code) {
        case 'evidence': return v.why.evidence.map((i) => shell.workspace.evidence(v.evidence[i]!)).join('；');
        case 'only-safe-key-names': return '只有 safe_key 文件名，没有较新的记录';
        case 'left-beside-main': return '工作区 sessions 文件夹旁有 .nanobot/workspace-id：这些文件要么是 main 无法解析而留下的，要么是 main 运行之后由较旧的 nanobot 写入的';
        case 'nothing-tells': return '这里没有能区分版本的证据';
        case 'no-evidence': return '没有任何版本的证据';
      }
    },
    evidence: (e) => (e.outvoted ? `${zhEvidence(e)}（被否决：与之矛盾的线索所在的文件更多）` : zhEvidence(e)),
    sessions: '会话',
    search: '搜索会话',
    placeholder: '搜索标题、键和消息   ( / )',
    channel: '渠道',
    allChannels: (n) => `全部渠道（${groupDigits(n)}）`,
    onlyProblems: (n) => `只看有问题的${n ? `（${groupDigits(n)}）` : ''}`,
    matchQ: (n) => `${groupDigits(n)} 个会话匹配“`,
    matchEnd: '”。',
    sort: '排序',
    sorts: { nanobot: 'nanobot 的顺序', title: '标题 A–Z', size: '最大的在前', messages: '消息最多的在前', problems: '有问题的在前' },
    sortedBy: (n, order) => `${groupDigits(n)} 个会话，${order}。`,
    inOrderPart: (n, listed, label) =>
      listed === 0 ? `${groupDigits(n)} 个文件：${label} 一个也不列出（见每行的标记）。` : `${groupDigits(n)} 个文件：${label} 列出其中 ${groupDigits(listed)} 个，按它的顺序排列（updated_at 最新的在前）；其余的排在后面。`,
    inOrder: (n) => `${groupDigits(n)} 个会话，按 nanobot 的顺序排列（updated_at 最新的在前）。`,
    checking: (done, total) => `正在检查完整文件：已完成 ${groupDigits(done)} / ${groupDigits(total)}（读完的文件可搜索消息文本）。`,
    searching: (files, partial) => `搜索范围：${groupDigits(files)} 个文件的标题、键、预览和消息文本${partial ? `（其中 ${groupDigits(partial)} 个文件只搜索了一部分：文本太多，无法全部保留在内存中）` : ''}。`,
    sortErrorShort: 'nanobot 自己的会话列表在这个文件夹上出错：下面的顺序已尽量接近。',
    noFiles: '这个文件夹中没有会话文件。',
    noMatch: '没有匹配的会话。',
    stillReading: '仍有文件在读取中，可能还会出现更多结果。',
    problems: '问题',
    noPreview: '没有预览文本',
    foundIn: '在消息中找到：',
    channelTip: '渠道（键中第一个“:”之前的部分）',
    damagedTime: 'nanobot 无法读取此文件的开头，所以它的列表显示的是修复后的时间（元数据丢失时为当前时间）。',
    notListed: '未列出',
    msgs: (n) => (n === null ? '… 条消息' : `${groupDigits(n)} 条消息`),
    showMore: (n, left) => `再显示 ${groupDigits(n)} 个（还有 ${groupDigits(left)} 个未显示）`,
    skip: (r) => {
      switch (r.code) {
        case 'not-base64url': return '不是规范的 base64url 文件名：nanobot main 从不列出它';
        case 'empty': return '空文件';
        case 'blank-first': return '第一行是空行';
        case 'not-metadata-first': return '第一行不是元数据记录';
        case 'repair-reads-missing': return `nanobot 的修复流程会去读 ${r.file}，但它不存在`;
        case 'unreadable': return `nanobot 无法读取它（${r.error}）`;
        case 'listing-raises': return `nanobot 的列表在这里抛出 ${r.error}：它一个会话也列不出来`;
        case 'lens-cannot-read': return `Session Lens 无法读取它：${r.error}`;
      }
    },
    noMetadata: '它的第一行不是元数据记录',
    badge: {
      empty: 'nanobot 加载不到任何内容',
      emptyWhy: (type) => `nanobot 无法加载此文件（${type}）：它会开始一个空会话，而下一次保存会替换整个文件。`,
      damaged: '已损坏',
      damagedWhy: (errors, skipped) => `有些行无法按 nanobot 写入的格式读取（${errors ? `${groupDigits(errors)} 个问题` : '见健康页'}）。${skipped ? `nanobot 的修复流程会跳过 ${groupDigits(skipped)} 行。` : ''}`,
      mismatch: '键 ≠ 文件名',
      mismatchWhy: (key) => `存储的键“${key}”应当对应另一个文件名：nanobot 会以另一个键加载此文件，或者根本不加载。`,
      notText: '键不是文本',
      notTextWhy: (shown, key) => `存储的键是 ${shown}，不是文本：nanobot 的列表会这样显示它，但 nanobot 按文本键查找会话，所以没有任何途径能用它打开这个会话。Session Lens 用文件名给出的键“${key}”打开此文件。`,
      unreadable: '无法读取',
      unreadableWhy: (error) => `Session Lens 无法读取此文件：${error}`,
      unlisted: '不在 nanobot 的列表中',
      unlistedWhy: (reason) => `nanobot 的会话列表不包含此文件：${reason}。`,
      leftover: '保存被中断',
      leftoverWhy: (names) => `${names} 是此文件一次未完成的保存留下的。`,
      warnings: (n) => `${groupDigits(n)} 个警告`,
      warningsWhy: 'nanobot 能读取它，但有些地方看起来不对：请查看健康视图。',
    },
  },

  // ── 说明所作的判断、理由及其后果（issue 42）──
  decide: {
    conflictShort: '（证据相互矛盾：最吻合的版本）',
  },
  // ── listing cache (rows shown from the last visit) ──
  cache: {
    noAccess: (when) => `显示的是你上次访问时的样子（${when}）；尚未核对：授予访问权限后才能再次读取该文件夹。`,
    rereading: (n) => `已与文件夹核对：正在读取自你上次访问以来有变化或新增的 ${groupDigits(n)} 个文件；顺序可能还会变化…`,
    rows: { unchecked: '尚未核对', changed: '自你上次访问以来已更改——正在重新读取', noaccess: '未核对：无权访问该文件夹', rereading: '正在重新读取' },
  },
  // ── storage errors, in a word each, until their full words have loaded (i18n/zh/errors.ts) ──
  storeErrorShort: {
    'not-found': '找不到文件或文件夹。',
    permission: '访问被拒绝或权限已被撤销。',
    quota: '存储空间已满。',
    conflict: '文件在读取之后已被改动。',
    busy: '另一个写入者正在使用该文件。',
    'bad-name': '这个名称在磁盘上不可用。',
    'nanobot-raises': 'nanobot 的保存会在这里抛出异常；没有写入任何内容。',
    cancelled: '保存已取消；文件未改动。',
    io: '无法访问该文件。',
  },
};

export default shell;

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
  session: (() => {
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
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
      stopTitle: '编辑前请先停止 nanobot。',
      stopBody: '正在运行的 nanobot gateway 会把这个会话保存在内存中，并在退出时重新保存，覆盖在这里做的修改。若文件在读取之后被改动过，Session Lens 会拒绝覆盖保存。',
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
      },
      updated: (size: number, time: string) => `已从磁盘更新：文件有变化（现为 ${g(size)} 字节，修改于 ${time}）；各视图显示的是新版本。`,
      tabs: { conversation: '对话', replay: '回放', file: '文件', edit: '编辑', editDownload: '编辑（下载）', export: '导出' },
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    return {
      heading: '对话',
      summary: (n: number) => `按存储共 ${g(n)} 条消息（恢复视角：保留每一行）`,
      corrupt: (n: number) => `${g(n)} 行已损坏`,
      orphans: (n: number) => `${g(n)} 个孤立的工具结果`,
      unanswered: (n: number) => `${g(n)} 个未得到回应的工具调用`,
      findTitle: '在此会话中查找（Ctrl+F / ⌘F）',
      find: '查找…',
      rawAll: '所有消息都显示原始文本（不做 Markdown 排版）',
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    return {
      label: '在此会话中查找',
      inputLabel: '在消息、工具调用和工具结果中查找',
      placeholder: '在此会话中查找',
      noMatches: '没有匹配项',
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const listedOnlyIf = '除非读取第 1 行失败（那里是无效的 JSON，或前 8 KiB 中有不是 UTF-8 的字节：此时它会列出修复流程恢复的内容）';
    const types: Record<string, string> = { array: '数组', null: 'null', number: '数字', string: '字符串', boolean: '布尔值' };
    const found = (what: string) => {
      if (what === 'missing') return '缺失';
      const b = /^a boolean \((.*)\)$/.exec(what);
      if (b) return `是布尔值（${b[1]}）`;
      const w: Record<string, string> = { null: '是 null', 'a string': '是字符串', 'a number': '是数字', 'a list': '是列表', 'an object': '是对象' };
      return w[what] ?? `是 ${what}`;
    };
    return {
      heading: '文件',
      problems: (n: number) => `发现 ${g(n)} 个问题`,
      noProblems: '没有发现问题',
      lineAt: (line: number, column: number) => `第 ${line} 行${column ? `，第 ${column} 列` : ''}`,
      more: (n: number) => `… 还有 ${g(n)} 个（见下方各行）`,
      lines: (n: number) => `各行（${g(n)}）`,
      severity: { error: '错误', warning: '警告', info: '提示' },
      /** 按诊断类型翻译；句中引用的 Python 异常文本、值和文件名原样保留。 */
      diagnostic: (kind: string, message: string) => {
        const m = (re: RegExp) => re.exec(String(message));
        let x: RegExpExecArray | null;
        switch (kind) {
          case 'invalid-utf8':
            return (x = m(/^Not valid UTF-8 \((.*)\): nanobot cannot/s)) ? `不是合法的 UTF-8（${x[1]}）：nanobot 完全无法读取这个文件，会新建一个空会话，并在下次保存时替换整个文件。` : message;
          case 'bom':
            return '以字节顺序标记（U+FEFF）开头：nanobot 无法解析这一行，这一行会丢失。';
          case 'bad-json':
            return (x = m(/^Not valid JSON: (.*)$/s)) ? `不是合法的 JSON：${x[1]}` : message;
          case 'too-deep':
            return (x = m(/^Nested too deeply for Python: (.*)$/s)) ? `嵌套过深，Python 无法解析：${x[1]}` : message;
          case 'not-object':
            return (x = m(/^A JSON (\w+), not an object/)) ? `是 JSON ${types[x[1]!] ?? x[1]}，不是对象：nanobot 遇到它会抛出 AttributeError，这个文件一条也加载不了。` : message;
          case 'blank-line':
            return '空行：nanobot 会跳过它（但自己从不写空行）。';
          case 'padded-line':
            return '前后有 JSON 不允许的空白；nanobot 加载时会去掉。';
          case 'line-ending':
            return (x = m(/^Line endings (.*): nanobot reads them all/s)) ? `换行符为 ${x[1]!.split(' and ').join('、')}：nanobot 都能读取，保存时一律写成 "\\n"。` : message;
          case 'no-final-newline':
            return '最后一行没有换行符：它可能在写入时被截断了。';
          case 'missing-metadata':
            return `没有元数据记录：nanobot 从文件名得出键；它的会话列表不会列出这个文件，${listedOnlyIf}。`;
          case 'metadata-not-first':
            return String(message).includes('first line is blank')
              ? '元数据记录不在第 1 行：nanobot 不会列出第一行为空行的文件。'
              : `元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行，因此不会列出这个文件，${listedOnlyIf}。`;
          case 'duplicate-metadata':
            return '有多条元数据记录：nanobot 加载时使用最后一条，但它的列表显示第一条。';
          case 'bad-time':
            return (x = m(/^(\S+) is not an ISO date nanobot can read \((.*)\): its strict load fails/s)) ? `${x[1]} 不是 nanobot 能读取的 ISO 日期（${x[2]}）：严格加载会失败，修复流程会把它替换为当前时间。` : message;
          case 'bad-last-consolidated':
            return (x = m(/^last_consolidated (.*) is not a whole number between 0 and (\d+): /s)) ? `last_consolidated ${x[1]} 不是 0 到 ${x[2]} 之间的整数：nanobot 会把它重置为 0，并再次回放已归档的消息。` : message;
          case 'key-mismatch':
            return (x = m(/^The stored key "(.*)" belongs in (.*), not (.*): nanobot loads this file under a different key, or never\.$/s)) ? `存储的键 "${x[1]}" 应当在 ${x[2]} 中，而不是 ${x[3]}：nanobot 会以另一个键加载这个文件，或者根本不加载。` : message;
          case 'missing-role':
            return '消息没有 "role"：nanobot 的回放遇到它时会抛出 KeyError。';
          default:
            return message;
        }
      },
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
      showAllChars: (n: number) => `显示全部 ${g(n)} 个字符`,
      noMetadata: `这个文件没有元数据记录：nanobot 从文件名得出键；它的会话列表不会列出这个文件，${listedOnlyIf}。`,
      metadataHeading: '元数据记录',
      metadataIntro: '第 1 行存放会话自身的信息（与消息分开），这样列出会话时每个文件只需读一行短文本，而不必读完整个对话。',
      notAField: '不是 nanobot 写入的字段',
      nanobotsOwn: 'nanobot 自有',
      notNanobots: '不是 nanobot 的键',
      usesLastConsolidated: (n: number) => `nanobot 使用 ${n}：只要不是 0 到消息数之间的整数，都会被重置为 0。`,
      contract: (problem: string) => {
        const x = /^(.*?) is not what nanobot writes(?:: (.*) is (.*))?$/s.exec(String(problem));
        if (!x) return `${problem}。`;
        const where = x[2] === undefined ? '' : x[2] === 'the value' ? '：值' : `：${x[2]} `;
        return `${x[1]} 不是 nanobot 写入的格式${where}${x[3] === undefined ? '' : found(x[3])}。`;
      },
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
    const g = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));
    const secrets: Record<string, string> = {
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
      'slack-webhook': 'Slack webhook URL',
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
      inWhere: '位于 {where}{key}：',
      inKey: '（键名中）',
      whereTitle: '标题',
      whereKey: '键',
      whereMessage: (n: number) => `消息 ${n}`,
      maskAgain: '重新遮蔽',
      unmask: '取消遮蔽',
      mask: (label: string, n: number) => `[已遮蔽：${label} #${n}]`,
      secret: (kind: string, english: string) => secrets[kind] ?? english,
      doc: (_english: import('../../../core/export-parts').ExportWords) => ({
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
  replay: {},
  // ── context ──
  context: {},
  // ── edit ──
  edit: {},

  // ── large (files opened through the compact index) ──
  large: {},
};

export default pages;

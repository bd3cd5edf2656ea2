/** Chinese: the session page's File tab. Part of the pages' catalog (../pages.ts). */
import type { ContractProblem } from '../../../../core/nanobot/metadata-contracts';
import { groupDigits } from '../../numbers';
import { diagnostic } from '../page-words';
import type { PageText } from '../../en/pages';

const words: Pick<PageText, 'file' | 'largeFile'> = {
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
  // ── 大文件模式的“文件”视图（健康状况来自索引，原始行按需读取）──
  largeFile: {
    heading: '文件健康状况（来自索引）',
    intro: '根据打开文件时建立的索引统计，不再读取文件的任何字节。每一项都可跳到下方原始行列表中的对应行。',
    counting: (done: string, total: string) => `正在统计… ${done} / ${total} 行`,
    noProblems: '索引未在任何一行发现问题。',
    problems: '问题',
    first: '第一处',
    next: '下一处',
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
};

export default words;

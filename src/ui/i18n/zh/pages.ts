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
  replay: {},
  // ── context ──
  context: {},
  // ── edit ──
  edit: {},

  // ── large (files opened through the compact index) ──
  large: {
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
    nanobotRepair: (n: string, skipped: string) => `nanobot 的严格加载失败；修复流程保留 ${n} 条消息，跳过 ${skipped} 行。`,
    nanobotNothing: 'nanobot 无法从此文件加载任何内容：它会新建一个空会话，下次保存时将覆盖整个文件。',
    nanobotRaises: 'nanobot 加载此文件时会抛出异常（某行嵌套过深），无法打开该会话。',
    why: '此文件较大，Session Lens 将其留在磁盘上，只读取屏幕上显示的部分。“对话”和“回放”视图基于索引工作；此模式下没有“文件”“编辑”“导出”视图，也无法保存。',
    tabs: '会话视图',
    conversation: '对话',
    replay: '回放',
    edit: '编辑',
    editOff: '大文件模式下不能编辑：保存需要在页面之外用文件自身的字节重写文件，此模式暂不支持。请使用命令行（npx session-lens）来裁剪、分叉或修复这么大的文件。',
    list: '消息',
    line: (n: string) => `第 ${n} 行`,
    loadingRow: '读取中…',
    notObject: '（不是 nanobot 能读取的记录）',
    noRole: '无角色',
    replayHead: (sent: string, total: string, version: string) => `nanobot ${version} 发送 ${total} 条消息中的 ${sent} 条`,
    replayFrom: (from: string, decoded: string) => `回放不会用到第 ${from} 条之前的消息：计算时只读取了最后 ${decoded} 条消息。`,
    replayDefaults: '使用此版本的默认设置（无 token 预算）；完整视图的“回放”标签页提供其他设置。',
    replayTooFar: (reach: string, max: string) => `按此版本的规则，回放会用到 ${reach} 条消息，超过大文件模式一次读取的上限（${max}），因此这里不计算。请用命令行（npx session-lens replay）计算。`,
    replayNothing: 'nanobot 没有从此文件加载任何消息，因此不回放任何内容。',
    replayError: (type: string, message: string, at: string) => `nanobot 的回放会抛出 ${type}：${message}（第 ${at} 条消息）。`,
    replayComputing: '正在读取回放可能用到的消息…',
    pages: '消息分页',
    previousPage: '← 上一页',
    nextPage: '下一页 →',
    lastPage: '最后一页',
    pageOf: (from: string, to: string, total: string) => `第 ${from}–${to} 条消息，共 ${total} 条`,
    dropped: (reason: string, n: string) => `${n} 条未发送：${reason}`,
  },
};

export default pages;

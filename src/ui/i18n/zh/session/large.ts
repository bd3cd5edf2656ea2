/** Chinese: large-file mode's own words. Part of the pages' catalog (../pages.ts). */
import type { PageText } from '../../en/pages';

const words: Pick<PageText, 'large' | 'viewSwitch'> = {
  large: {
    more: '详情：各角色的消息数，这个视图如何读取文件',
    lens: '大文件模式：文件留在磁盘上，按索引读取',
    opening: (name: string) => `正在以大文件模式打开 ${name}…`,
    firstMessages: '开头的几条消息（整个文件仍在建立索引）',
    progress: (read: string, total: string, lines: string) => `已索引 ${read} / ${total}（${lines} 行）…`,
    failed: (why: string) => `无法为文件建立索引：${why}`,
    summary: (size: string, lines: string, messages: string) => `${size} · ${lines} 行 · ${messages} 条消息`,
    roles: (user: string, assistant: string, tool: string, other: string) => `用户 ${user} · 助手 ${assistant} · 工具 ${tool} · 其他 ${other}`,
    corrupt: (n: string) => `${n} 行不是记录（空行、非 JSON、非对象或非 UTF-8）`,
    nanobotNormal: (n: string) => `nanobot 加载 ${n} 条消息。`,
    nanobotRepair: (n: string, skipped: string, why: string) => `nanobot 的严格加载失败${why && `（${why}）`}；修复流程保留 ${n} 条消息，跳过 ${skipped} 行。`,
    nanobotNothing: (why: string) => `nanobot 无法从此文件加载任何内容${why && `（${why}）`}：它会新建一个空会话，下次保存时将覆盖整个文件。`,
    nanobotRaises: (why: string) => `nanobot 加载此文件时会抛出异常${why && `（${why}）`}，无法打开该会话。`,
    why: '此文件较大，Session Lens 将其留在磁盘上，只读取屏幕上显示的部分。每个视图都基于索引工作。',
    pages: '消息分页',
    previousPage: '← 上一页',
    nextPage: '下一页 →',
    lastPage: '最后一页',
    findFailed: (why: string) => `查找时无法读取文件：${why}`,
  },

  viewSwitch: {
    openFull: (memory: string) => `打开完整视图（约占 ${memory} 内存）`,
    openFullShort: (memory: string) => `完整视图（${memory}）`,
    fullAdds: '标签页和结果相同；完整视图会先把每条消息解析进页面。',
    tooBig: (line: string) => `文件达到 ${line} 时不提供完整视图：整个文件放不进页面。`,
    shownFull: (memory: string, line: string) => `以完整视图显示，每条消息都已读入页面（约占 ${memory} 内存）。${line} 及以上的文件默认以大文件模式打开：它立即显示，并把文件留在磁盘上。`,
    backToLarge: '以大文件模式打开',
  },
};

export default words;

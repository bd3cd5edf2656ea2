/** 简体中文，第一部分：开始页、工作区和页眉的文字（首次渲染前加载）。键与 en/shell.ts 完全相同。 */
import type { ShellText } from '../en/shell';
import { groupDigits } from '../numbers';

const shell: ShellText = {
  // ── common ──
  common: {
    locale: 'zh-CN',
    count: groupDigits,
    messages: (n) => `${groupDigits(n)} 条消息`,
    lines: (n) => `${groupDigits(n)} 行`,
    sessions: (n) => `${groupDigits(n)} 个会话`,
    tokens: (n) => `${groupDigits(n)} 个 token`,
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
  // ── start ──
  start: {},
  // ── workspace ──
  workspace: {},

  // ── listing cache (rows shown from the last visit) ──
  cache: {},
};

export default shell;

/** 简体中文，第二部分：首次使用时加载的页面（会话页及其标签页、指南、健康、遗留文件、升级）的文字。键与 en/pages.ts 完全相同。 */
import workspaceWords from './workspace';
import conversationWords from './session/conversation';
import fileWords from './session/file';
import exportWords from './session/export';
import replayWords from './session/replay';
import contextWords from './session/context';
import editWords from './session/edit';
import largeSessionWords from './session/large';
import type { PageText } from '../en/pages';

const pages: PageText = { ...workspaceWords, ...conversationWords, ...fileWords, ...exportWords, ...replayWords, ...contextWords, ...editWords, ...largeSessionWords };

export default pages;

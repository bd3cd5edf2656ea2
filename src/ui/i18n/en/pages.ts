/**
 * English, part two: the words of the pages that load on first use (session page and its tabs,
 * guide, health, leftovers, upgrade). Every other language's `pages.ts` has exactly these keys.
 * Words nanobot or Python wrote (exception texts, file content, key names) are never here.
 */
import workspaceWords from './workspace';
import conversationWords from './session/conversation';
import fileWords from './session/file';
import exportWords from './session/export';
import replayWords from './session/replay';
import contextWords from './session/context';
import editWords from './session/edit';
import largeSessionWords from './session/large';
const pages = { ...workspaceWords, ...conversationWords, ...fileWords, ...exportWords, ...replayWords, ...contextWords, ...editWords, ...largeSessionWords };

export type PageText = typeof pages;
export default pages;

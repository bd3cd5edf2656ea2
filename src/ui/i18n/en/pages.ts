/**
 * English, part two: the words of the pages that load on first use (session page and its tabs,
 * guide, health, leftovers, upgrade). Every other language's `pages.ts` has exactly these keys.
 * Words nanobot or Python wrote (exception texts, file content, key names) are never here.
 */

const pages = {
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
  large: {},
};

export type PageText = typeof pages;
export default pages;

/** Words for the CLI's output: counts that agree with their nouns. */

/** `1 line`, `3 lines`, `0 sessions`: every count the CLI prints goes through here. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON text with each lone surrogate written as its escape (`\ud800`), as `json.dumps` writes it:
 * UTF-8 has no form for one, so stdout would print U+FFFD and lose it. In a JSON document a lone
 * surrogate can only stand inside a string, where the escape means the same.
 */
export function escapeLoneSurrogates(s: string): string {
  return s.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Words for the CLI's output: counts that agree with their nouns. */

/** `1 line`, `3 lines`, `0 sessions`: every count the CLI prints goes through here. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

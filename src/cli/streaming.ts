/**
 * When the CLI streams a file instead of reading it whole: files of at least `from` bytes (smaller
 * ones read faster whole). Tests lower it.
 */
export const STREAMING = { from: 1024 * 1024 };

/**
 * When the CLI streams a file instead of reading it whole: files of at least `from` bytes (smaller
 * ones read faster whole). `slack` is how many messages a streamed replay holds beyond its window,
 * for the walks back to a user turn. Tests lower both.
 */
export const STREAMING = { from: 1024 * 1024, slack: 256 };

/**
 * Worker that only reads: it feeds a file's slices to the worker that indexes them (slice-feed.ts),
 * so the file keeps being read while that worker is busy.
 */
import { feedSlices, type FeedRequest } from './slice-feed';

self.onmessage = (e: MessageEvent<FeedRequest>) => void feedSlices(e.data);

/** Waiting for the browser to show what was rendered, so work that can wait does not delay it. */

/** How long to wait for a frame at most: a hidden page draws none, and the work must still happen. */
const NO_FRAME_MS = 100;

/**
 * Resolves in a task after the next frame (rAF, then a message), i.e. once what was rendered is on
 * screen; used to start work the first paint does not need (the rest of a list, reconciling, the
 * service worker) only after it. Where no frame comes (a hidden page, no rAF), after NO_FRAME_MS.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, NO_FRAME_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        done();
      };
      ch.port2.postMessage(0);
    });
  });
}

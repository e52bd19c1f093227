/**
 * Calls `cb` once the browser has painted the next frame (a task queued from a frame callback runs
 * after that frame is on screen). Returns a cancel function.
 */
export function afterNextPaint(cb: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(cb, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

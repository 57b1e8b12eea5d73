import { startTransition, useEffect, useState } from 'react';

/** Calls `then` in a task after the browser's next frame (style, layout and paint done); returns the cancel. */
function afterNextFrame(then: () => void): () => void {
  let timer = 0;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(then);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the browser has drawn the frame after it. A component that measures the page
 * when it mounts (Mantine's SegmentedControl places its indicator with getBoundingClientRect) mounts then: measuring
 * in the same task as a new page forces the browser to lay out the whole page inside script (D77). The change is a
 * transition, drawn in slices.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextFrame(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * True while `active`, and still true until the browser has drawn one frame after it became false. Content that is
 * hidden (display: none) rather than removed when `active` ends loses its boxes in that frame, outside script, and
 * leaves the document after it, which then costs nothing to lay out (D77).
 */
export function useLingering(active: boolean): boolean {
  const [lingering, setLingering] = useState(active);
  if (active && !lingering) setLingering(true);
  useEffect(() => {
    if (active || !lingering) return;
    return afterNextFrame(() => startTransition(() => setLingering(false)));
  }, [active, lingering]);
  return active || lingering;
}

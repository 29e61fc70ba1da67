import { useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a finger rests on a row before it counts as a long press (Android's own 500 ms). */
export const LONG_PRESS_MS = 500;
/** How far the finger may move meanwhile: further, and it is a scroll. */
const MOVE_TOLERANCE_PX = 10;

/**
 * A finger's long press on a row calls `onLongPress` (a mouse or a pen has Shift and a check box
 * to aim at). The click its release may bring is then the press's, not an open:
 * `endsLongPress()` says so once.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const pressed = useRef(false);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      pressed.current = false;
      // A press on the check box is the check box's.
      if (event.pointerType !== 'touch' || (event.target as Element).closest('label')) return;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        pressed.current = true;
        navigator.vibrate?.(10);
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (!from) return;
      const moved = Math.hypot(event.clientX - from.x, event.clientY - from.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    /** The phone's own long-press menu would cover the row the press has just selected. */
    onContextMenu(event: MouseEvent<HTMLElement>) {
      if (pressed.current || timer.current !== null) event.preventDefault();
    },
    endsLongPress(): boolean {
      const was = pressed.current;
      pressed.current = false;
      return was;
    },
  };
}

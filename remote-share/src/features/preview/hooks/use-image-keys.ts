import { useEffect, type RefObject } from 'react';
import {
  KEY_ZOOM_STEP,
  PAN_KEYS,
  pansAlong,
  type PanSide,
  type Size,
  type ZoomView,
} from '../state/image-zoom';
import { isKeyForPreview } from '../components/preview-keys';

/** What the keys do to the image (the gestures' own actions, so keys and buttons agree). */
export interface ImageKeyActions {
  zoomBy(factor: number): void;
  pan(side: PanSide): void;
  reset(): void;
}

/**
 * The image viewer's keys: + and - zoom (about the focus point) and 0 goes back to 1x; while the
 * zoomed image is larger than the screen along an arrow's axis, that arrow pans it, taken before
 * the preview's own arrows, which step through the images. Wherever the focus is in the preview
 * (not in a sheet opened over it); ctrl/cmd with them is the browser's own zoom.
 */
export function useImageKeys(
  stageRef: RefObject<HTMLDivElement | null>,
  geometry: { readonly current: { view: ZoomView; base: Size | null; stage: Size | null } },
  actions: { readonly current: ImageKeyActions },
): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isKeyForPreview(event, stageRef.current)) return;
      const side = PAN_KEYS[event.key];
      const { view, base, stage } = geometry.current;
      if (side && !event.shiftKey && base && stage && pansAlong(view, side, base, stage)) {
        event.preventDefault();
        actions.current.pan(side);
        return;
      }
      let step: number | null = null;
      if (event.key === '+' || event.key === '=') step = KEY_ZOOM_STEP;
      else if (event.key === '-') step = 1 / KEY_ZOOM_STEP;
      else if (event.key === '0') step = 0;
      if (step === null) return;
      event.preventDefault();
      if (step === 0) actions.current.reset();
      else actions.current.zoomBy(step);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [actions, geometry, stageRef]);
}

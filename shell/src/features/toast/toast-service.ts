import { proxy } from 'valtio';
import { TOAST_DEFAULT_MS, type ToastService } from 'shared-contracts';

export interface ToastMessage {
  /** Grows with each toast, so the view can restart its entrance animation. */
  id: number;
  text: string;
  loading: boolean;
}

export interface ToastState {
  current: ToastMessage | null;
}

/** One toast at a time: a new one replaces the visible one and its timer. */
export function createToastService(): { service: ToastService; state: ToastState } {
  const state = proxy<ToastState>({ current: null });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const present = (text: string, loading: boolean) => {
    clearTimer();
    state.current = { id: nextId++, text, loading };
  };

  const service: ToastService = {
    show(text, delayMs = TOAST_DEFAULT_MS) {
      present(text, false);
      if (delayMs > 0) {
        timer = setTimeout(() => {
          timer = undefined;
          state.current = null;
        }, delayMs);
      }
    },
    loading(text) {
      present(text, true);
    },
    hide() {
      clearTimer();
      state.current = null;
    },
  };
  return { service, state };
}

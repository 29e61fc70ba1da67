import { useSnapshot } from 'valtio';
import type { ToastState } from './toast-service';
import './toast.css';

/** The live region is always in the page, so screen readers announce each new toast. */
export function ToastView({ state }: { state: ToastState }) {
  const { current } = useSnapshot(state);
  return (
    <div className="nb-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current && (
        <div key={current.id} className="nb-toast" aria-busy={current.loading || undefined}>
          {current.loading && <span className="nb-toast__spinner" aria-hidden="true" />}
          <span className="nb-toast__text">{current.text}</span>
        </div>
      )}
    </div>
  );
}

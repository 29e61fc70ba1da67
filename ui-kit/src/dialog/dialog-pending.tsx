import { Spinner } from '../spinner/spinner';
import './dialog.css';

/**
 * What a dialog whose code loads on first use shows meanwhile: the dialog's dimmed backdrop and
 * a spinner, at once. The tap then paints in the next frame (Interaction to Next Paint) instead
 * of after the download, and the visitor sees it was taken.
 */
export function DialogPending({ label }: { label: string }) {
  return (
    <div className="uk-dialog uk-dialog--pending">
      <div className="uk-dialog__backdrop" />
      <Spinner label={label} className="uk-dialog__pending-spinner" />
    </div>
  );
}

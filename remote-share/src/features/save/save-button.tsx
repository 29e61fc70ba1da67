import { CloudIcon } from '../../components/ui/icons';
import { useTexts } from '../../lib/host-context';

export type SaveButtonVariant = 'anonymous' | 'sharer' | 'user';

/** The three save button variants (docs/product.md, "Saving"). */
export function SaveButton({
  variant,
  hasSelection,
  saving,
  listArriving = false,
  onSave,
  className = '',
}: {
  variant: SaveButtonVariant;
  hasSelection: boolean;
  saving: boolean;
  /** A large folder's later pages are still loading: the selection is not complete yet. */
  listArriving?: boolean;
  onSave(): void;
  className?: string;
}) {
  const t = useTexts();
  const label =
    variant === 'anonymous'
      ? t('loginAndSave')
      : variant === 'sharer'
        ? t('cannotSaveOwn')
        : t('saveToCloud');
  const disabled = variant === 'sharer' || !hasSelection || listArriving;
  // A save under way only looks disabled: a disabled button would drop the focus (it is where
  // the login sheet and the save dialogs return it).
  const busySaving = !disabled && variant === 'user' && saving;
  return (
    <button
      type="button"
      className={`ns-button ns-button--primary ${className}`}
      disabled={disabled}
      aria-disabled={busySaving || undefined}
      aria-busy={saving || listArriving || undefined}
      onClick={busySaving ? undefined : onSave}
    >
      {variant !== 'sharer' ? <CloudIcon /> : null}
      {label}
    </button>
  );
}

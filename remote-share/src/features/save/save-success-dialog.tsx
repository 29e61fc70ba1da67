import type { SaveFileResult } from 'shared-contracts';
import { Modal } from '../../components/ui/modal';
import { NAME_SLOT, NameInText } from '../../components/ui/name-in-text';
import { useHost, useIsPc, useTexts } from '../../lib/host-context';
import './save-success-dialog.css';

/**
 * 'Share successful' / 'Saved to [folder]' with the button into the app (docs/product.md,
 * "Saving").
 */
export function SaveSuccessDialog({
  open,
  result,
  onClose,
}: {
  open: boolean;
  result: SaveFileResult | null;
  onClose(): void;
}) {
  const host = useHost();
  const t = useTexts();
  const isPc = useIsPc();
  const goToApp = () => {
    if (!result) return;
    if (isPc) host.downloadDialog.open();
    else
      host.deepLink.open({
        path: 'fromShare',
        folderId: result.folder_id,
        folderName: result.folder_name,
      });
    onClose();
  };
  return (
    <Modal
      open={open && result !== null}
      onClose={onClose}
      title={t('saveSuccessTitle')}
      closeLabel={t('close')}
      footer={
        <button
          type="button"
          className="ns-button ns-button--primary ns-save-success__go"
          onClick={goToApp}
        >
          {t('goToApp')}
        </button>
      }
    >
      <p className="ns-save-success__text">
        <NameInText message={t('savedTo', { name: NAME_SLOT })} name={result?.folder_name ?? ''} />
      </p>
    </Modal>
  );
}
